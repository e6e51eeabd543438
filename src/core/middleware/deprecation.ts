import type { Middleware } from '../../base/http/types.ts'
import { type Deprecation, deprecationHeaders } from '../../spec/deprecation.ts'

/**
 * Marks every response of a deprecated operation with `Deprecation`
 * (RFC 9745), `Sunset` (RFC 8594) and a `Link` to its successor under
 * `basePath`.
 *
 * @example
 * deprecation(GET_PET_DEPRECATION, '/api')
 */
export function deprecation(options: Deprecation, basePath = ''): Middleware {
  const headers = deprecationHeaders(options, basePath)
  return function deprecation(ctx, next) {
    Object.assign(ctx.headers, headers)
    return next(ctx)
  }
}
