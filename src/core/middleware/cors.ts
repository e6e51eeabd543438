import { HTTP_METHOD } from '../../base/http/router.ts'
import type { Middleware } from '../../base/http/types.ts'
import { EXPOSED_HEADERS } from '../../spec/headers.ts'

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Prefer']
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS']

/**
 * CORS for browsers (design: reflected origin, credentials, named exposed
 * headers). Answers preflights with 204 before anything else runs, so they
 * neither need a key nor count against a limit.
 *
 * @example
 * const chain = [cors()]
 */
export function cors(): Middleware {
  return function cors(ctx, next) {
    const { request } = ctx
    const origin = request.headers.get('origin')
    if (origin === null) return next(ctx)
    ctx.headers['access-control-allow-origin'] = origin
    ctx.headers['access-control-allow-credentials'] = 'true'
    ctx.headers.vary = 'Origin'
    const requestedMethod = request.headers.get('access-control-request-method')
    if (request.method === 'OPTIONS' && requestedMethod !== null) {
      const requested = request.headers.get('access-control-request-headers')
      // Keyed by lower case: header names are case-insensitive.
      const allowed = new Map(ALLOWED_HEADERS.map((name) => [name.toLowerCase(), name]))
      for (const part of requested?.split(',').slice(0, 64) ?? []) {
        const name = part.trim()
        if (/^[A-Za-z0-9-]{1,64}$/.test(name) && !allowed.has(name.toLowerCase())) {
          allowed.set(name.toLowerCase(), name)
        }
      }
      // Any other method asked for is allowed too, as it was written (browsers
      // compare methods other than the standard six case-sensitively), so that
      // the browser sends it and the page reads the 405 Error body and its
      // Allow header, instead of a CORS failure that tells it nothing.
      const methods = HTTP_METHOD.test(requestedMethod)
        ? [...new Set([...ALLOWED_METHODS, requestedMethod])]
        : ALLOWED_METHODS
      return {
        status: 204,
        headers: {
          'access-control-allow-methods': methods.join(', '),
          'access-control-allow-headers': [...allowed.values()].slice(0, 32).join(', '),
          'access-control-max-age': '600',
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      }
    }
    ctx.headers['access-control-expose-headers'] = EXPOSED_HEADERS
    return next(ctx)
  }
}
