/**
 * The source of time for every rate-limit window and ban.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
}

/**
 * The real clock.
 *
 * @example
 * systemClock.now() // Date.now()
 */
export const systemClock: Clock = { now: () => Date.now() }
