/**
 * The rate-limit headers every API response carries (spec §8), spelt as the
 * spec writes them (for documents and CORS lists).
 *
 * @example
 * RATE_LIMIT_HEADER_NAMES.reset // 'X-RateLimit-Reset'
 */
export const RATE_LIMIT_HEADER_NAMES = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const

type Names = typeof RATE_LIMIT_HEADER_NAMES

/**
 * The rate-limit headers every API response carries (spec §8), lower-case.
 *
 * @example
 * response.headers.get(RATE_LIMIT_HEADERS.remaining)
 */
export const RATE_LIMIT_HEADERS = Object.fromEntries(
  Object.entries(RATE_LIMIT_HEADER_NAMES).map(([key, name]) => [key, name.toLowerCase()]),
) as { readonly [K in keyof Names]: Lowercase<Names[K]> }

/**
 * The header of a 429 that says when to retry (spec §7, §8; RFC 9110).
 *
 * @example
 * response.headers.get(RETRY_AFTER)
 */
export const RETRY_AFTER = 'retry-after'
