import type { Middleware } from '../app/types.ts'
import { ApiError } from '../errors/api-error.ts'

/** The largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * The 413 for a body that the transport refused to read in full.
 *
 * @example
 * if (request.bodyTooLarge) throw payloadTooLarge()
 */
export function payloadTooLarge(): ApiError {
  return new ApiError(
    413,
    'payload_too_large',
    `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  )
}

/**
 * Answers 413 for a body that the transport refused to read in full.
 * Runs after rate limiting, so the 413 carries the rate-limit headers.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), payloadLimit()]
 */
export function payloadLimit(): Middleware {
  return async function payloadLimit(ctx, next) {
    if (ctx.request.bodyTooLarge) throw payloadTooLarge()
    return next()
  }
}
