import type { Middleware } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { printable } from '../../utils/clip.ts'

/** Methods that change the mock's state. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Refuses a state-changing request (`POST`, `PUT`, `PATCH`, `DELETE`) whose
 * `Content-Type` is not `application/json` with 415 `unsupported_media_type`,
 * body or no body. A web page cannot send that type to another origin without
 * a preflight, and the control API answers no preflight: so a page can never
 * reset the mock or queue failures with a plain `fetch` or a form.
 *
 * @example
 * const run = compose([requireJsonContent(), bodyLimits()], adminRoute.run)
 */
export function requireJsonContent(): Middleware {
  return function requireJsonContent(ctx, next) {
    const { request } = ctx
    if (!STATE_CHANGING.has(request.method)) return next(ctx)
    const type = request.headers.get('content-type')
    const essence = type?.split(';')[0]?.trim().toLowerCase()
    if (essence === 'application/json') return next(ctx)
    throw new ApiError(
      'unsupported_media_type',
      `${request.method} ${request.path} changes the mock's state and needs "Content-Type: application/json"${type === null ? '' : `, got "${printable(type.slice(0, 60))}"`}.`,
    )
  }
}
