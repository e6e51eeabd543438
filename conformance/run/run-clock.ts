import type { KitClock } from '../model/kit-clock.ts'
import { ConformanceError } from '../model/kit-message.ts'

/** Thrown when the run reaches `--max-duration`, or a wait would not fit in what is left of it. */
export class MaxDurationError extends ConformanceError {
  override name = 'MaxDurationError'

  constructor(detail: string) {
    super('maxDuration', 'finish the run in time', detail)
  }
}

/** Options of {@link createRunClock}. */
export interface RunClockOptions extends KitClock {
  /** The longest the run may take, in ms (`--max-duration` × 1000). */
  maxDurationMs: number
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

/**
 * The run's time bound: every wait of the run goes through `sleep`, which
 * refuses (throws {@link MaxDurationError}) a wait that would not fit in
 * what is left, instead of sleeping into the limit; `check` throws once the
 * limit is reached; `leftMs` bounds each request's timeout; `fits` tells
 * whether a wait would be allowed.
 *
 * @example
 * const clock = createRunClock({ now: Date.now, sleep, maxDurationMs: 600_000 })
 * await clock.sleep(1000, 'pacing') // throws when less than 1 s is left
 */
export function createRunClock(options: RunClockOptions) {
  const startedAt = options.now()
  const deadline = startedAt + options.maxDurationMs
  const limit = `--max-duration ${seconds(options.maxDurationMs)}`
  const leftMs = () => Math.max(0, deadline - options.now())
  const fits = (ms: number) => ms <= leftMs()
  return {
    startedAt,
    deadline,
    leftMs,
    /** Whether a wait of `ms` ends within the limit (what `sleep` refuses otherwise). */
    fits,
    /** Throws {@link MaxDurationError} once the limit is reached. */
    check(): void {
      if (leftMs() <= 0) {
        throw new MaxDurationError(`${limit} reached`)
      }
    },
    /** Sleeps `ms`, or throws at once when the wait would end past the limit. */
    async sleep(ms: number, reason = 'a wait'): Promise<void> {
      if (!fits(ms)) {
        throw new MaxDurationError(
          `${limit} reached early: ${reason} needs ${seconds(ms)}, only ${seconds(leftMs())} are left`,
        )
      }
      await options.sleep(ms)
    },
  }
}

/** The clock returned by {@link createRunClock}. */
export type RunClock = ReturnType<typeof createRunClock>
