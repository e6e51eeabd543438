import type { Middleware } from '../../base/http/types.ts'

/**
 * Answers for a body the transport could not read: 413 when it was too large,
 * 408 when it stalled (`readBody` says which). Runs after rate limiting on
 * API routes, so the answer carries the rate-limit headers; the control API
 * runs it too.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), bodyLimits()]
 */
export function bodyLimits(): Middleware {
  return function bodyLimits(ctx, next) {
    if (ctx.request.bodyError) throw ctx.request.bodyError
    return next(ctx)
  }
}
