/**
 * The time the kit reads and waits by, injected so that tests run on a fake
 * clock: the run's bound (`run/run-clock.ts`), the pacer and the probes all
 * take this shape.
 *
 * @example
 * const clock: KitClock = { now: Date.now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }
 */
export interface KitClock {
  /** The time (ms since the epoch). */
  now: () => number
  /** Waits `ms`; told why, so that a caller can bound the run by it. */
  sleep: (ms: number, reason?: string) => Promise<void>
}
