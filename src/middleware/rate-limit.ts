import { ApiError } from '../errors/api-error.ts'
import { ConfigError } from '../errors/config-error.ts'
import { toErrorResponse } from '../http/to-error-response.ts'
import type { Middleware } from '../http/types.ts'
import { KEY_CLIENT_PREFIX, type RateLimiter } from '../rate-limit/create-rate-limiter.ts'
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from '../spec/headers.ts'
import { PLANS } from '../spec/plans.ts'

/**
 * Counts the request against its key's plan, or against the client address at
 * the Free plan when it has no valid key (spec §8), and puts the
 * `X-RateLimit-*` headers on the response, whatever it turns out to be. Over
 * the limit: 429 `rate_limited` with `Retry-After`; a client that keeps
 * sending is banned: 429 `key_banned`.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(createRateLimiter(systemClock))]
 */
export function rateLimit(limiter: RateLimiter): Middleware {
  if (typeof limiter?.hit !== 'function') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the rate-limit middleware',
      'a rate limiter is required',
    )
  }
  return function rateLimit(ctx, next) {
    const { apiKey } = ctx
    const decision =
      apiKey === undefined
        ? limiter.hit(`address:${ctx.request.clientAddress}`, PLANS.free)
        : limiter.hit(`${KEY_CLIENT_PREFIX}${apiKey.key}`, apiKey)
    ctx.headers[RATE_LIMIT_HEADERS.limit] = String(decision.limit)
    ctx.headers[RATE_LIMIT_HEADERS.remaining] = String(decision.remaining)
    ctx.headers[RATE_LIMIT_HEADERS.reset] = String(decision.reset)
    if (decision.outcome === 'allowed') return next()
    const retryAfter = decision.retryAfter ?? 1
    const headers = { [RETRY_AFTER]: String(retryAfter) }
    // Answered, not thrown: a client hammering a limited key is exactly when
    // the mock must stay cheap, and a throw costs a rejected promise.
    if (decision.outcome === 'banned') {
      return toErrorResponse(
        new ApiError(
          'key_banned',
          `${apiKey ? 'This API key' : 'This client'} kept sending while rate limited and is banned; retry after ${retryAfter} s.`,
          headers,
        ),
      )
    }
    return toErrorResponse(
      new ApiError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per ${decision.window} exceeded; retry after ${retryAfter} s.`,
        headers,
      ),
    )
  }
}
