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
export const RATE_LIMIT_HEADERS = lowerAll(RATE_LIMIT_HEADER_NAMES)

function lower<T extends string>(name: T): Lowercase<T> {
  return name.toLowerCase() as Lowercase<T>
}

function lowerAll<T extends Record<string, string>>(names: T): { [K in keyof T]: Lowercase<T[K]> } {
  return Object.fromEntries(Object.entries(names).map(([key, name]) => [key, lower(name)])) as {
    [K in keyof T]: Lowercase<T[K]>
  }
}

/**
 * The header of a 429 (and a 503) that says when to retry (spec §7, §8; RFC
 * 9110), as the spec spells it.
 *
 * @example
 * RETRY_AFTER_NAME // 'Retry-After'
 */
export const RETRY_AFTER_NAME = 'Retry-After'

/**
 * The same header in lower case, as the mock writes and reads it.
 *
 * @example
 * response.headers.get(RETRY_AFTER)
 */
export const RETRY_AFTER = lower(RETRY_AFTER_NAME)

/**
 * The headers of every response of a deprecated operation (spec §4.3):
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and `Link` to the successor.
 *
 * @example
 * DEPRECATION_HEADER_NAMES.sunset // 'Sunset'
 */
export const DEPRECATION_HEADER_NAMES = {
  deprecation: 'Deprecation',
  sunset: 'Sunset',
  link: 'Link',
} as const

/**
 * The same deprecation headers in lower case, as the mock writes them.
 *
 * @example
 * response.headers.get(DEPRECATION_HEADERS.sunset)
 */
export const DEPRECATION_HEADERS = lowerAll(DEPRECATION_HEADER_NAMES)

/**
 * The header of a 401 that carries the challenge (RFC 6750), and that of a
 * 201 that points at what was created, as the OpenAPI document names them.
 *
 * @example
 * HEADER_NAMES.location // 'Location'
 */
export const HEADER_NAMES = {
  wwwAuthenticate: 'WWW-Authenticate',
  location: 'Location',
} as const

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
  RETRY_AFTER_NAME,
  ...Object.values(DEPRECATION_HEADER_NAMES),
  HEADER_NAMES.location,
  HEADER_NAMES.wwwAuthenticate,
].join(', ')
