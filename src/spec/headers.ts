/**
 * The rate-limit headers every API response carries (spec §8), lower-case.
 *
 * @example
 * response.headers.get(RATE_LIMIT_HEADERS.remaining)
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
} as const

/**
 * The header of a 429 that says when to retry (spec §7, §8; RFC 9110).
 *
 * @example
 * response.headers.get(RETRY_AFTER)
 */
export const RETRY_AFTER = 'retry-after'
