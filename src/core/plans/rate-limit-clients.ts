/**
 * A client's limits: requests per minute and per day (a plan's, or a key's own).
 *
 * @example
 * const limits: Limits = PLANS.free // { perMinute: 60, perDay: 1000 }
 */
export interface Limits {
  perMinute: number
  perDay: number
}

/**
 * What the limiter holds of one client: its limits, its two windows (where
 * each starts and how many requests it counted), its strikes and its ban.
 *
 * @example
 * const state: ClientState = clients.track('key:sk_test_free', PLANS.free, clock.now())
 * state.minuteCount // requests counted in the current minute window
 */
export interface ClientState {
  limits: Limits
  minuteStart: number
  minuteCount: number
  dayStart: number
  dayCount: number
  /** Requests refused since the last allowed one (or since the last ban began). */
  strikes: number
  bannedUntil: number
}

/**
 * The rate limiter's clients, at most `maxClients`, in the order they were
 * last seen: a new client past the bound first drops the least recently seen
 * eighth, banned ones last (a ban outlives eviction while there is room).
 * Each client's windows are fixed and aligned to the clock: a minute window
 * starts on a multiple of `minuteMs`, a day window on one of `dayMs`.
 *
 * @example
 * const clients = new RateLimitClients({ minuteMs: 60_000, dayMs: 86_400_000, maxClients: 10_000 })
 * clients.track('key:sk_test_free', PLANS.free, Date.now()).minuteCount // 0
 */
export class RateLimitClients {
  readonly minuteMs: number
  readonly dayMs: number
  readonly maxClients: number
  // Map order is recency order: a client is moved to the end when seen.
  readonly #clients = new Map<string, ClientState>()
  #latest: string | undefined

  constructor(bounds: { minuteMs: number; dayMs: number; maxClients: number }) {
    this.minuteMs = bounds.minuteMs
    this.dayMs = bounds.dayMs
    this.maxClients = bounds.maxClients
  }

  /** The client's state with `limits`, its windows rolled to `now`, marked as the most recently seen. */
  track(client: string, limits: Limits, now: number): ClientState {
    const clients = this.#clients
    let state = clients.get(client)
    if (state === undefined) {
      if (clients.size >= this.maxClients) this.#evict(now)
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
    } else if (client !== this.#latest) {
      clients.delete(client)
      clients.set(client, state)
    }
    this.#latest = client
    state.limits = limits
    this.roll(state, now)
    return state
  }

  /** Starts the windows that `now` lies in, counting from 0, where they changed. */
  roll(state: ClientState, now: number): void {
    const minuteStart = now - mod(now, this.minuteMs)
    if (minuteStart !== state.minuteStart) {
      state.minuteStart = minuteStart
      state.minuteCount = 0
    }
    const dayStart = now - mod(now, this.dayMs)
    if (dayStart !== state.dayStart) {
      state.dayStart = dayStart
      state.dayCount = 0
    }
  }

  /** Every client with its state, the least recently seen first. */
  entries(): IterableIterator<[string, ClientState]> {
    return this.#clients.entries()
  }

  /** How many clients are held. */
  get size(): number {
    return this.#clients.size
  }

  /** Forgets every client. */
  clear(): void {
    this.#clients.clear()
    this.#latest = undefined
  }

  /** Makes room for one more client: drops the least recently seen eighth, banned ones last. */
  #evict(now: number): void {
    const clients = this.#clients
    const target = this.maxClients - Math.max(1, Math.floor(this.maxClients / 8))
    for (const [client, state] of clients) {
      if (clients.size <= target) return
      if (state.bannedUntil <= now) clients.delete(client)
    }
    for (const client of clients.keys()) {
      if (clients.size < this.maxClients) return
      clients.delete(client)
    }
  }
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor
}
