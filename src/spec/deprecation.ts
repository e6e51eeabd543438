import { DEPRECATION_HEADERS } from './headers.ts'

/**
 * The deprecation of an operation (spec §4.3): when it was deprecated, when
 * it goes away, and the path (under the base URL) of what replaces it.
 *
 * @example
 * const deprecation: Deprecation = GET_PET_DEPRECATION // deprecation.successor === '/v1/pets'
 */
export interface Deprecation {
  /** When the operation was deprecated. */
  deprecatedAt: Date
  /** When it will be removed. */
  sunset: Date
  /** Path of the successor under the base URL, e.g. `/v1/pets`. */
  successor: string
}

/**
 * The `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and `Link` headers of a
 * deprecated operation. `basePath` is the path the API is served under (`/api`
 * for `https://example.com/api`), so that the `Link` points where the
 * successor really is.
 *
 * @example
 * deprecationHeaders(GET_PET_DEPRECATION, '/api').link
 * // '</api/v1/pets>; rel="successor-version"'
 */
export function deprecationHeaders(
  deprecation: Deprecation,
  basePath = '',
): Record<(typeof DEPRECATION_HEADERS)[keyof typeof DEPRECATION_HEADERS], string> {
  const { deprecatedAt, sunset, successor } = deprecation
  return {
    [DEPRECATION_HEADERS.deprecation]: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
    [DEPRECATION_HEADERS.sunset]: sunset.toUTCString(),
    [DEPRECATION_HEADERS.link]: `<${basePath}${successor}>; rel="successor-version"`,
  }
}
