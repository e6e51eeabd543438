/**
 * What the limiter decided for one request.
 *
 * @example
 * if (decision.over) throw new HttpError(429, 'rate_limited', 'Too many requests.')
 */
export interface RateDecision {
  limit: number
  remaining: number
  /** Unix seconds at which the window ends. */
  reset: number
  /** The request is over the limit (answer 429). */
  over: boolean
  /** Whole seconds until the window ends, at least 1. */
  retryAfterS: number
  /** The length of a window, in seconds. */
  windowS: number
}

/** A key's current window, named by its end. */
interface Window {
  reset: number
  count: number
}

/**
 * The end (Unix s) of the fixed window of `windowS` seconds that holds `nowS`:
 * windows are aligned to multiples of their length.
 *
 * @example
 * windowEnd(125.5, 60) // 180
 */
export function windowEnd(nowS: number, windowS: number): number {
  return (Math.floor(nowS / windowS) + 1) * windowS
}

/**
 * Fixed-window rate limiting with one counter per key: windows are aligned
 * to multiples of `windowS` seconds; a key's counter starts again at zero
 * in each new window. The table holds one entry per key seen (the server's
 * keys and the addresses of callers without one).
 *
 * @example
 * const limiter = new FixedWindowLimiter(60, 60, Date.now)
 * limiter.take('key:sk_live').remaining // 59
 */
export class FixedWindowLimiter {
  readonly #limit: number
  readonly #windowS: number
  readonly #now: () => number
  readonly #windows = new Map<string, Window>()

  constructor(limit: number, windowS: number, now: () => number) {
    this.#limit = limit
    this.#windowS = windowS
    this.#now = now
  }

  /** Counts one request (`cost` of them) for `key` and decides. */
  take(key: string, cost = 1): RateDecision {
    const nowS = this.#now() / 1000
    const reset = windowEnd(nowS, this.#windowS)
    let window = this.#windows.get(key)
    if (window === undefined || window.reset !== reset) {
      window = { reset, count: 0 }
      this.#windows.set(key, window)
    }
    window.count += cost
    return {
      limit: this.#limit,
      remaining: Math.max(0, this.#limit - window.count),
      reset,
      over: window.count > this.#limit,
      retryAfterS: Math.max(1, Math.ceil(reset - nowS)),
      windowS: this.#windowS,
    }
  }
}
