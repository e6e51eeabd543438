import type { Clock } from '../../base/clock/clock.ts'
import { DEFAULTS } from '../../base/options/defaults.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { describeRule, followsRule, type NumberRule } from '../../utils/number-rule.ts'
import { type ClientState, type Limits, RateLimitClients } from './rate-limit-clients.ts'

/**
 * How the rate limiter counts and bans (`rateLimit` of `createPetstore`);
 * the defaults are `DEFAULTS.rateLimit`.
 *
 * @example
 * const rateLimit: RateLimitOptions = { scale: 10, banAfter: 3 }
 */
export interface RateLimitOptions {
  /** `false` counts and sends headers but never answers 429. Default `true`. */
  enabled?: boolean
  /**
   * Time compression: windows and bans last `scale` times shorter (a minute
   * lasts 6 s at 10). From 0.001 to 10,000. Default 1.
   */
  scale?: number
  /**
   * The how-manieth request after its first 429 gets a client banned: with 10,
   * the 1st over-limit request is answered `rate_limited`, the 10th one after
   * it `key_banned`. Default 10.
   */
  banAfter?: number
  /** How long a ban lasts, in ms (before scaling); 0 turns bans off. Default 5 minutes. */
  banDurationMs?: number
  /** At most this many clients are tracked; the least recently seen are dropped first. Default 10,000. */
  maxClients?: number
}

/**
 * One of the two windows a client is counted in.
 *
 * @example
 * const window: RateLimitWindow = limiter.hit('key:sk_test_free', PLANS.free).window // 'minute'
 */
export type RateLimitWindow = 'minute' | 'day'

/**
 * What the limiter decided for one request.
 *
 * @example
 * const decision: RateLimitDecision = limiter.hit('key:sk_test_free', PLANS.free)
 * decision.outcome // 'allowed'
 */
export interface RateLimitDecision {
  outcome: 'allowed' | 'limited' | 'banned'
  /** The window that the headers describe. */
  window: RateLimitWindow
  /** The limit, remaining count and reset (unix seconds) of that window. */
  limit: number
  remaining: number
  reset: number
  /**
   * Whole seconds to wait (never 0): when limited or banned, until a request
   * can succeed again; when allowed, until that window resets (what a forced
   * 429 or 503 says in `Retry-After`).
   */
  retryAfter: number
}

/**
 * How a client with a valid API key is named among the limiter's clients:
 * this prefix and the key (the others: `ADDRESS_CLIENT_PREFIX` and their
 * address).
 *
 * @example
 * `${KEY_CLIENT_PREFIX}sk_test_free` // 'key:sk_test_free'
 */
export const KEY_CLIENT_PREFIX = 'key:'

/**
 * How a client without a valid API key is named among the limiter's clients:
 * this prefix and its address (spec §8: counted at the Free plan).
 *
 * @example
 * `${ADDRESS_CLIENT_PREFIX}127.0.0.1` // 'address:127.0.0.1'
 */
export const ADDRESS_CLIENT_PREFIX = 'address:'

/**
 * What a client used of its windows, as `GET /__mock/state` shows it.
 *
 * @example
 * const [usage]: Array<ClientUsage> = limiter.usage()
 * usage?.minute.used // 1
 */
export interface ClientUsage {
  /** `key:<API key>` or `address:<client address>`. */
  client: string
  minute: { limit: number; used: number; reset: number }
  day: { limit: number; used: number; reset: number }
  /** When the ban ends (unix seconds), while the client is banned. */
  bannedUntil?: number
}

/**
 * Counts requests per client in a minute and a day window, and bans a client that keeps sending while limited.
 *
 * @example
 * const limiter: RateLimiter = createRateLimiter(systemClock)
 * limiter.hit('key:sk_test_free', PLANS.free).remaining // 59
 */
export interface RateLimiter {
  readonly enabled: boolean
  /** Counts one request of `client` against `limits`. Synchronous, so exact under concurrency. */
  hit(client: string, limits: Limits): RateLimitDecision
  /** Usage of every client seen in its current day window, or banned. */
  usage(): Array<ClientUsage>
  /** Forgets every counter and ban. */
  reset(): void
}

/**
 * The length of the per-minute window (spec §8), in ms, before scaling.
 *
 * @example
 * MINUTE_MS / scale // the scaled window
 */
export const MINUTE_MS = 60_000

/**
 * The length of the per-day window (spec §8), in ms, before scaling.
 *
 * @example
 * DAY_MS / MINUTE_MS // 1440
 */
export const DAY_MS = 24 * 60 * MINUTE_MS

/**
 * Fixed per-minute and per-day windows per client (spec §8), aligned to the
 * clock (a minute window starts on the minute, a day window at 00:00 UTC),
 * with bans for clients that keep sending while limited. Refused requests
 * use no quota. Window and ban lengths are whole milliseconds, so that every
 * boundary is exact whatever the scale.
 *
 * @example
 * const limiter = createRateLimiter(systemClock)
 * limiter.hit('key:sk_test_free', { perMinute: 60, perDay: 1000 }).remaining // 59
 */
export function createRateLimiter(clock: Clock, options: RateLimitOptions = {}): RateLimiter {
  const enabled = options.enabled ?? DEFAULTS.rateLimit.enabled
  if (typeof enabled !== 'boolean') invalid('enabled', 'must be true or false', enabled)
  const scale = checkNumber(options.scale ?? DEFAULTS.rateLimit.scale, 'scale', 0.001, 10_000)
  const banAfter = checkNumber(
    options.banAfter ?? DEFAULTS.rateLimit.banAfter,
    'banAfter',
    0,
    1_000_000,
  )
  const banDuration = checkNumber(
    options.banDurationMs ?? DEFAULTS.rateLimit.banDurationMs,
    'banDurationMs',
    0,
    365 * DAY_MS,
  )
  const maxClients = checkNumber(
    options.maxClients ?? DEFAULTS.rateLimit.maxClients,
    'maxClients',
    1,
    10_000_000,
  )
  const minuteMs = Math.max(1, Math.round(MINUTE_MS / scale))
  const dayMs = Math.max(1, Math.round(DAY_MS / scale))
  const banMs = banDuration === 0 ? 0 : Math.max(1, Math.round(banDuration / scale))
  const clients = new RateLimitClients({ minuteMs, dayMs, maxClients })

  const limitOf = (limits: Limits, window: RateLimitWindow) =>
    window === 'day' ? limits.perDay : limits.perMinute
  const resetOf = (state: ClientState, window: RateLimitWindow) =>
    window === 'day' ? state.dayStart + dayMs : state.minuteStart + minuteMs

  return {
    enabled,
    hit(client, limits) {
      const now = clock.now()
      const state = clients.track(client, limits, now)
      // Plain numbers, no object per window and no function: this runs on every request.
      const minuteLeft = limits.perMinute - state.minuteCount
      const dayLeft = limits.perDay - state.dayCount

      if (enabled) {
        const banned = state.bannedUntil > now
        // The window that refuses the request: the day's outlasts the minute's.
        const full: RateLimitWindow | undefined =
          dayLeft <= 0 ? 'day' : minuteLeft <= 0 ? 'minute' : undefined
        if (!banned && full !== undefined) {
          state.strikes++
          if (banMs > 0 && state.strikes > banAfter) {
            state.bannedUntil = now + banMs
            state.strikes = 0
          }
        }
        if (banned || full !== undefined) {
          const shown = full ?? (dayLeft < minuteLeft ? 'day' : 'minute')
          // The first moment a request can succeed again.
          const until = Math.max(state.bannedUntil, full === undefined ? 0 : resetOf(state, full))
          return {
            outcome: state.bannedUntil > now ? 'banned' : 'limited',
            window: shown,
            limit: limitOf(limits, shown),
            remaining: 0,
            reset: seconds(until),
            retryAfter: Math.max(1, seconds(until - now)),
          }
        }
      }

      state.minuteCount++
      state.dayCount++
      state.strikes = 0
      const minuteAfter = minuteLeft - 1
      const dayAfter = dayLeft - 1
      // Fewer remaining wins; on a tie the minute, unless both are spent (then the day resets later).
      const shown: RateLimitWindow =
        dayAfter < minuteAfter || (dayAfter <= 0 && minuteAfter <= 0) ? 'day' : 'minute'
      const resetAt = resetOf(state, shown)
      return {
        outcome: 'allowed',
        window: shown,
        limit: limitOf(limits, shown),
        remaining: Math.max(0, shown === 'day' ? dayAfter : minuteAfter),
        reset: seconds(resetAt),
        retryAfter: Math.max(1, seconds(resetAt - now)),
      }
    },
    usage() {
      const now = clock.now()
      const result: Array<ClientUsage> = []
      for (const [client, state] of clients.entries()) {
        clients.roll(state, now)
        const banned = state.bannedUntil > now
        if (state.dayCount === 0 && !banned) continue
        result.push({
          client,
          minute: {
            limit: state.limits.perMinute,
            used: state.minuteCount,
            reset: seconds(state.minuteStart + minuteMs),
          },
          day: {
            limit: state.limits.perDay,
            used: state.dayCount,
            reset: seconds(state.dayStart + dayMs),
          },
          ...(banned ? { bannedUntil: seconds(state.bannedUntil) } : {}),
        })
      }
      return result
    },
    reset() {
      clients.clear()
    },
  }
}

/** Whole seconds, rounded up: a reset is never announced earlier than it happens. */
function seconds(ms: number): number {
  return Math.ceil(ms / 1000)
}

function checkNumber(value: unknown, name: string, min: number, max: number): number {
  const rule = { min, max, whole: false }
  if (!followsRule(value, rule)) invalid(name, describeRule(rule), value, rule)
  return value
}

function invalid(name: string, words: string, value: unknown, rule?: NumberRule): never {
  throw new ConfigError(
    'ERR_PETSTORE_INVALID_OPTION',
    'configure rate limiting',
    `rateLimit.${name} ${words}, got ${String(value)}`,
    rule === undefined ? undefined : { option: `rateLimit.${name}`, value, rule },
  )
}
