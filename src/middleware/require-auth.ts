import type { Middleware } from '../app/types.ts'
import { ApiError } from '../errors/api-error.ts'

/** The challenge of every 401 (RFC 6750). */
export const WWW_AUTHENTICATE = 'Bearer realm="petstore"'

/**
 * Rejects a request without a valid key with 401, an Error body and
 * `WWW-Authenticate` (spec §5, §7). Runs after `authenticate`.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter, clock), requireAuth()]
 */
export function requireAuth(): Middleware {
  return async function requireAuth(ctx, next) {
    if (ctx.apiKey === undefined) {
      throw new ApiError(
        401,
        'unauthorized',
        ctx.authProblem ?? 'The API key is missing or invalid.',
        {
          'www-authenticate': WWW_AUTHENTICATE,
        },
      )
    }
    return next()
  }
}
