import type { Middleware } from '../app/types.ts'

export interface DeprecationOptions {
  /** When the operation was deprecated. */
  deprecatedAt: Date
  /** When it will be removed. */
  sunset: Date
  /** The operation that replaces it. */
  successor: string
}

/**
 * Marks every response of a deprecated operation with `Deprecation`
 * (RFC 9745), `Sunset` (RFC 8594) and a `Link` to its successor.
 *
 * @example
 * deprecation({
 *   deprecatedAt: new Date('2026-01-01T00:00:00Z'),
 *   sunset: new Date('2030-12-05T00:00:00Z'),
 *   successor: '/v1/pets',
 * })
 */
export function deprecation(options: DeprecationOptions): Middleware {
  const headers = deprecationHeaders(options)
  return async function deprecation(ctx, next) {
    Object.assign(ctx.headers, headers)
    return next()
  }
}

/**
 * The `Deprecation`, `Sunset` and `Link` headers of a deprecated operation
 * (the OpenAPI document shows them as examples).
 *
 * @example
 * deprecationHeaders(options).sunset // 'Thu, 05 Dec 2030 00:00:00 GMT'
 */
export function deprecationHeaders(options: DeprecationOptions): {
  deprecation: string
  sunset: string
  link: string
} {
  const { deprecatedAt, sunset, successor } = options
  if (Number.isNaN(deprecatedAt.getTime()) || Number.isNaN(sunset.getTime())) {
    throw new TypeError(
      '[petstore-mock] Failed to create the deprecation middleware: invalid date.',
    )
  }
  return {
    deprecation: `@${Math.floor(deprecatedAt.getTime() / 1000)}`,
    sunset: sunset.toUTCString(),
    link: `<${successor}>; rel="successor-version"`,
  }
}
