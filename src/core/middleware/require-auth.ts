import type { Middleware } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { WWW_AUTHENTICATE } from '../../spec/headers.ts'

/**
 * Rejects a request without a valid key with 401, an Error body and
 * `WWW-Authenticate` (spec §5, §7). Runs after `authenticate`.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), requireAuth()]
 */
export function requireAuth(): Middleware {
  return function requireAuth(ctx, next) {
    if (ctx.apiKey === undefined) {
      throw new ApiError('unauthorized', ctx.authProblem ?? 'The API key is missing or invalid.', {
        'www-authenticate': WWW_AUTHENTICATE,
      })
    }
    return next(ctx)
  }
}
