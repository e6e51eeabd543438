/**
 * The rate-limit headers every API response carries (spec §8), as the spec
 * spells them (the OpenAPI document and CORS name them so).
 *
 * @example
 * RATE_LIMIT_HEADER_NAMES.reset // 'X-RateLimit-Reset'
 */
export const RATE_LIMIT_HEADER_NAMES = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const

/**
 * The same rate-limit headers in lower case, as the mock writes and reads them.
 *
 * @example
 * response.headers.get(RATE_LIMIT_HEADERS.remaining)
 */
export const RATE_LIMIT_HEADERS = {
  limit: lower(RATE_LIMIT_HEADER_NAMES.limit),
  remaining: lower(RATE_LIMIT_HEADER_NAMES.remaining),
  reset: lower(RATE_LIMIT_HEADER_NAMES.reset),
} as const

function lower<T extends string>(name: T): Lowercase<T> {
  return name.toLowerCase() as Lowercase<T>
}

/**
 * The header of a 429 that says when to retry (spec §7, §8; RFC 9110).
 *
 * @example
 * response.headers.get(RETRY_AFTER)
 */
export const RETRY_AFTER = 'retry-after'

/**
 * The challenge of every 401 (spec §5, §7; RFC 6750).
 *
 * @example
 * headers['www-authenticate'] = WWW_AUTHENTICATE
 */
export const WWW_AUTHENTICATE = 'Bearer realm="petstore"'

/**
 * Response headers a browser script may read under CORS: named, since `*` is
 * ignored with credentials.
 *
 * @example
 * headers['access-control-expose-headers'] = EXPOSED_HEADERS
 */
export const EXPOSED_HEADERS = [
  ...Object.values(RATE_LIMIT_HEADER_NAMES),
  'Retry-After',
  'Deprecation',
  'Sunset',
  'Link',
  'Location',
  'WWW-Authenticate',
].join(', ')
