import { keepLast } from '../../base/http/keep-last.ts'
import { toErrorResponse } from '../../base/http/to-error-response.ts'
import type { Middleware, MockResponse } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { RATE_LIMIT_HEADERS, RETRY_AFTER } from '../../spec/headers.ts'
import { PLANS } from '../../spec/plans.ts'
import {
  ADDRESS_CLIENT_PREFIX,
  KEY_CLIENT_PREFIX,
  type RateLimitDecision,
  type RateLimiter,
} from '../plans/create-rate-limiter.ts'

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
  // The client named last, kept: a client sends request after request.
  const addressClient = keepLast((address: string) => `${ADDRESS_CLIENT_PREFIX}${address}`)
  const keyClient = keepLast((key: string) => `${KEY_CLIENT_PREFIX}${key}`)
  // The last refusal made, with what its body and headers say.
  let refusal: Refusal | undefined
  return function rateLimit(ctx, next) {
    const { apiKey } = ctx
    const decision =
      apiKey === undefined
        ? limiter.hit(addressClient(ctx.request.clientAddress), PLANS.free)
        : limiter.hit(keyClient(apiKey.key), apiKey)
    ctx.headers[RATE_LIMIT_HEADERS.limit] = String(decision.limit)
    ctx.headers[RATE_LIMIT_HEADERS.remaining] = String(decision.remaining)
    ctx.headers[RATE_LIMIT_HEADERS.reset] = String(decision.reset)
    ctx.retryAfter = decision.retryAfter
    if (decision.outcome === 'allowed') return next(ctx)
    // Answered, not thrown: a client hammering a limited key is exactly when
    // the mock must stay cheap, and a throw costs a rejected promise. The
    // answer is the same until what it says changes (the wait, once a
    // second): it is made once, and each request gets its own copy.
    const withKey = apiKey !== undefined
    if (refusal === undefined || !saysTheSame(refusal, decision, withKey)) {
      refusal = { decision, withKey, response: refuse(decision, withKey) }
    }
    const { response } = refusal
    return { ...response, headers: { ...response.headers } }
  }
}

interface Refusal {
  decision: RateLimitDecision
  withKey: boolean
  response: MockResponse
}

/**
 * Whether a refusal made before says what `refuse` would say of this one: it
 * compares everything `refuse` reads. (A field read there is compared here.)
 */
function saysTheSame(made: Refusal, decision: RateLimitDecision, withKey: boolean): boolean {
  const shown = made.decision
  return (
    made.withKey === withKey &&
    shown.outcome === decision.outcome &&
    shown.limit === decision.limit &&
    shown.window === decision.window &&
    shown.retryAfter === decision.retryAfter
  )
}

/** The 429 of a refused request (`rate_limited`, or `key_banned` once banned), with `Retry-After`. */
function refuse(decision: RateLimitDecision, withKey: boolean): MockResponse {
  const { retryAfter } = decision
  const headers = { [RETRY_AFTER]: String(retryAfter) }
  if (decision.outcome === 'banned') {
    return toErrorResponse(
      new ApiError(
        'key_banned',
        `${withKey ? 'This API key' : 'This client'} kept sending while rate limited and is banned; retry after ${retryAfter} s.`,
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
