import type { ConformanceProgress } from './model/types.ts'

/** Options of {@link createRunProgress}. */
export interface RunProgressOptions {
  now: () => number
  /** The shortest time between two reports (ms). */
  intervalMs: number
  /** What is left of the run's time bound (ms). */
  leftMs: () => number
  maxRequests: number
  /** The run's counters: requests sent and time waited so far. */
  stats: () => { requests: number; waitedMs: number }
  /** Receives a report at most once per `intervalMs`. */
  report: (progress: ConformanceProgress) => void
}

/**
 * Keeps track of a run's progress and reports it, at most once per
 * `intervalMs` of the run's clock (so a test with a fake clock sees the
 * reports a person would, without waiting). Told of each probe, check done,
 * request and wait.
 *
 * @example
 * const progress = createRunProgress({ now: Date.now, intervalMs: 5000, leftMs: () => 60_000, maxRequests: 500, stats: () => client.stats, report: console.log })
 * progress.plan(40)
 * progress.request()
 */
export function createRunProgress(options: RunProgressOptions) {
  const startedAt = options.now()
  let lastReportAt = startedAt
  // Checks done without requests of their own (those judging every response) from the start.
  const state = { checks: 0, checksDone: 0, free: 0, probe: undefined as string | undefined }

  const snapshot = (waiting?: { ms: number; reason: string }): ConformanceProgress => {
    const elapsedMs = options.now() - startedAt
    const { requests, waitedMs } = options.stats()
    const probed = state.checksDone - state.free
    const perCheck = probed > 0 ? elapsedMs / probed : undefined
    return {
      checksDone: state.checksDone,
      checks: state.checks,
      requests,
      maxRequests: options.maxRequests,
      waitedMs,
      elapsedMs,
      ...(state.probe === undefined ? {} : { probe: state.probe }),
      ...(waiting ? { waiting } : {}),
      ...(perCheck === undefined
        ? {}
        : {
            estimatedLeftMs: Math.min(
              Math.round(perCheck * (state.checks - state.checksDone)),
              options.leftMs(),
            ),
          }),
    }
  }
  const maybeReport = (waiting?: { ms: number; reason: string }) => {
    const now = options.now()
    if (now - lastReportAt >= options.intervalMs) {
      lastReportAt = now
      options.report(snapshot(waiting))
    }
  }

  return {
    /**
     * Sets how many checks the run has, and how many of them need no
     * requests of their own (they judge every response): done from the start.
     */
    plan(checks: number, free = 0): void {
      state.checks = checks
      state.free = Math.min(free, checks)
      state.checksDone = state.free
    },
    probe(name: string): void {
      state.probe = name
      maybeReport()
    },
    checksDone(count: number): void {
      state.checksDone = Math.min(state.checks, state.checksDone + count)
      maybeReport()
    },
    /** A request was answered. */
    request(): void {
      maybeReport()
    },
    /** A wait begins: reported with the progress when one is due. */
    wait(ms: number, reason: string): void {
      maybeReport({ ms, reason })
    },
  }
}

/** The tracker returned by {@link createRunProgress}. */
export type RunProgress = ReturnType<typeof createRunProgress>
