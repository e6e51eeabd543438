import type { Clock } from './clock.ts'

/**
 * A clock that only moves when told to: tests move time instead of sleeping.
 *
 * @example
 * const clock: FakeClock = createFakeClock(Date.UTC(2026, 0, 1))
 * clock.advance(60_000) // clock.now() === Date.UTC(2026, 0, 1, 0, 1)
 */
export interface FakeClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void
  /** Sets the clock to `ms` milliseconds since the Unix epoch. */
  set(ms: number): void
}

/**
 * Creates a controllable clock.
 *
 * @example
 * const clock = createFakeClock(Date.UTC(2026, 0, 1))
 * const petstore = createPetstore({ clock })
 * clock.advance(60_000) // the next minute window starts
 */
export function createFakeClock(start: number = Date.UTC(2026, 0, 1)): FakeClock {
  let current = start
  return {
    now: () => current,
    advance(ms) {
      current += ms
    },
    set(ms) {
      current = ms
    },
  }
}
