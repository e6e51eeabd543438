import type { Middleware } from '../app/types.ts'
import { ApiError } from '../errors/api-error.ts'
import { PLANS } from '../keys/plans.ts'
import type { RateLimiter } from '../rate-limit/create-rate-limiter.ts'

/**
 * Counts the request against its key's plan, or against the client address at
 * the Free plan when it has no valid key (spec §8), and puts the
 * `X-RateLimit-*` headers on the response, whatever it turns out to be. Over
 * the limit: 429 with `Retry-After`; a client that keeps sending is banned.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter)]
 */
export function rateLimit(limiter: RateLimiter): Middleware {
  return async function rateLimit(ctx, next) {
    const { apiKey } = ctx
    const decision =
      apiKey === undefined
        ? limiter.hit(`address:${ctx.request.clientAddress}`, PLANS.free)
        : limiter.hit(`key:${apiKey.key}`, apiKey)
    ctx.headers['x-ratelimit-limit'] = String(decision.limit)
    ctx.headers['x-ratelimit-remaining'] = String(decision.remaining)
    ctx.headers['x-ratelimit-reset'] = String(decision.reset)
    if (decision.outcome === 'allowed') return next()
    const retryAfter = { 'retry-after': String(decision.retryAfter ?? 1) }
    if (decision.outcome === 'banned') {
      throw new ApiError(
        429,
        'key_banned',
        `Too many requests after being rate limited: ${apiKey ? 'this API key' : 'this client'} is banned for ${decision.retryAfter} s.`,
        retryAfter,
      )
    }
    throw new ApiError(
      429,
      'rate_limited',
      `Rate limit of ${decision.limit} requests exceeded; retry after ${decision.retryAfter} s.`,
      retryAfter,
    )
  }
}
