/**
 * The source of time for every rate-limit window, ban and simulated delay.
 *
 * @example
 * const clock: Clock = { now: () => Date.now() } // sleep: real timers
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
  /**
   * Waits `ms` milliseconds for a simulated delay, rejecting when `signal`
   * aborts. Default: real timers (`sleep`).
   */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>
}

/**
 * The real clock.
 *
 * @example
 * systemClock.now() // Date.now()
 */
export const systemClock: Clock = { now: () => Date.now() }
