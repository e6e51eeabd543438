import type { Clock } from '../clock/clock.ts'
import { ConfigError } from '../errors/config-error.ts'

export interface RateLimitOptions {
  /** `false` counts and sends headers but never answers 429. Default `true`. */
  enabled?: boolean
  /**
   * Time compression: windows and bans last `scale` times shorter (a minute
   * lasts 6 s at 10). Default 1.
   */
  scale?: number
  /** Requests a key may send after its first 429 in a window before it is banned. Default 10. */
  banAfter?: number
  /** How long a ban lasts, in ms (before scaling). Default 5 minutes. */
  banDurationMs?: number
  /** At most this many clients are tracked; idle ones are dropped first. Default 10,000. */
  maxClients?: number
}

export interface Limits {
  perMinute: number
  perDay: number
}

/**
 * What the limiter decided for one request.
 */
export interface RateLimitDecision {
  outcome: 'allowed' | 'limited' | 'banned'
  /** The limit, remaining count and reset (unix seconds) of the window that runs out first. */
  limit: number
  remaining: number
  reset: number
  /** Whole seconds to wait, when limited or banned (never 0). */
  retryAfter?: number
}

export interface ClientUsage {
  client: string
  minute: { limit: number; used: number; reset: number }
  day: { limit: number; used: number; reset: number }
  bannedUntil?: number
}

export interface RateLimiter {
  readonly enabled: boolean
  /** Counts one request of `client` against `limits`. Synchronous, so exact under concurrency. */
  hit(client: string, limits: Limits): RateLimitDecision
  /** Usage of every tracked client. */
  usage(): Array<ClientUsage>
  reset(): void
}

interface ClientState {
  limits: Limits
  minuteStart: number
  minuteCount: number
  dayStart: number
  dayCount: number
  /** Requests refused since the first 429 of the current window. */
  strikes: number
  bannedUntil: number
}

const MINUTE = 60_000
const DAY = 86_400_000

/**
 * Fixed per-minute and per-day windows per client (spec §8), aligned to the
 * clock (a minute window starts on the minute, a day window at 00:00 UTC),
 * with bans for clients that keep sending while limited.
 *
 * @example
 * const limiter = createRateLimiter(systemClock)
 * limiter.hit('key:sk_test_free', { perMinute: 60, perDay: 1000 }).remaining // 59
 */
export function createRateLimiter(clock: Clock, options: RateLimitOptions = {}): RateLimiter {
  const enabled = options.enabled ?? true
  const scale = checkNumber(options.scale ?? 1, 'scale', 0.001, 1_000_000)
  const banAfter = checkNumber(options.banAfter ?? 10, 'banAfter', 0, 1_000_000)
  const banDuration = checkNumber(options.banDurationMs ?? 300_000, 'banDurationMs', 0, 365 * DAY)
  const maxClients = checkNumber(options.maxClients ?? 10_000, 'maxClients', 1, 10_000_000)
  const minuteMs = MINUTE / scale
  const dayMs = DAY / scale
  const banMs = banDuration / scale
  const clients = new Map<string, ClientState>()

  const roll = (state: ClientState, now: number) => {
    const minuteStart = Math.floor(now / minuteMs) * minuteMs
    if (minuteStart !== state.minuteStart) {
      state.minuteStart = minuteStart
      state.minuteCount = 0
      state.strikes = 0
    }
    const dayStart = Math.floor(now / dayMs) * dayMs
    if (dayStart !== state.dayStart) {
      state.dayStart = dayStart
      state.dayCount = 0
      state.strikes = 0
    }
  }

  const evict = (now: number) => {
    for (const [client, state] of clients) {
      if (state.bannedUntil <= now && state.dayStart + dayMs <= now) clients.delete(client)
    }
    // Still full: drop the least recently added, never the banned.
    for (const [client, state] of clients) {
      if (clients.size < maxClients) break
      if (state.bannedUntil <= now) clients.delete(client)
    }
  }

  const seconds = (ms: number) => Math.ceil(ms / 1000)
  const wait = (until: number, now: number) => Math.max(1, seconds(until - now))

  return {
    enabled,
    hit(client, limits) {
      const now = clock.now()
      let state = clients.get(client)
      if (state === undefined) {
        if (clients.size >= maxClients) evict(now)
        state = {
          limits,
          minuteStart: Number.NaN,
          minuteCount: 0,
          dayStart: Number.NaN,
          dayCount: 0,
          strikes: 0,
          bannedUntil: 0,
        }
        clients.set(client, state)
      }
      state.limits = limits
      roll(state, now)
      const minuteReset = state.minuteStart + minuteMs
      const dayReset = state.dayStart + dayMs

      if (enabled && state.bannedUntil > now) {
        return {
          outcome: 'banned',
          limit: limits.perMinute,
          remaining: 0,
          reset: seconds(Math.max(minuteReset, state.bannedUntil)),
          retryAfter: wait(state.bannedUntil, now),
        }
      }

      const minuteFull = state.minuteCount >= limits.perMinute
      const dayFull = state.dayCount >= limits.perDay
      if (enabled && (minuteFull || dayFull)) {
        state.strikes++
        const until = dayFull ? dayReset : minuteReset
        const limit = dayFull ? limits.perDay : limits.perMinute
        if (state.strikes > banAfter) {
          state.bannedUntil = now + banMs
          return {
            outcome: 'banned',
            limit,
            remaining: 0,
            reset: seconds(until),
            retryAfter: wait(state.bannedUntil, now),
          }
        }
        return {
          outcome: 'limited',
          limit,
          remaining: 0,
          reset: seconds(until),
          retryAfter: wait(until, now),
        }
      }

      state.minuteCount++
      state.dayCount++
      const minuteLeft = Math.max(0, limits.perMinute - state.minuteCount)
      const dayLeft = Math.max(0, limits.perDay - state.dayCount)
      return dayLeft < minuteLeft
        ? { outcome: 'allowed', limit: limits.perDay, remaining: dayLeft, reset: seconds(dayReset) }
        : {
            outcome: 'allowed',
            limit: limits.perMinute,
            remaining: minuteLeft,
            reset: seconds(minuteReset),
          }
    },
    usage() {
      const now = clock.now()
      return [...clients].map(([client, state]) => {
        roll(state, now)
        return {
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
          ...(state.bannedUntil > now ? { bannedUntil: seconds(state.bannedUntil) } : {}),
        }
      })
    },
    reset() {
      clients.clear()
    },
  }
}

function checkNumber(value: number, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'configure rate limiting',
      `rateLimit.${name} must be a number from ${min} to ${max}, got ${String(value)}`,
    )
  }
  return value
}
