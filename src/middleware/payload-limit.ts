import { ApiError } from '../errors/api-error.ts'
import type { Middleware } from '../http/types.ts'
import { MAX_BODY_BYTES } from '../spec/limits.ts'

/**
 * Answers 413 for a body that the transport refused to read in full.
 * Runs after rate limiting on API routes, so the 413 carries the rate-limit
 * headers; the control API runs it too.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), payloadLimit()]
 */
export function payloadLimit(): Middleware {
  return async function payloadLimit(ctx, next) {
    if (ctx.request.bodyTooLarge) {
      throw new ApiError(
        'payload_too_large',
        `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
      )
    }
    return next()
  }
}
