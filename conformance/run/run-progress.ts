import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import type { ConformanceProgress } from '../model/types.ts'

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
  /** How long the pacer will make this many more requests wait (ms): `pacer.paceMs`. */
  paceMs?: (requests: number) => number
  /** How often the time-left estimate is computed again (ms); `KIT_DEFAULTS.estimateRefreshMs`. */
  estimateRefreshMs?: number
  /** Receives a report at most once per `intervalMs`. */
  report: (progress: ConformanceProgress) => void
}

/**
 * Keeps track of a run's progress and reports it, at most once per
 * `intervalMs` of the run's clock (so a test with a fake clock sees the
 * reports a person would, without waiting). Told of each probe, check done,
 * request and wait.
 *
 * The time left is estimated from the requests left (requests per check so
 * far, times the checks left, within the request budget): the time they take
 * (the time per request so far, waits left out) plus the waits the pacer
 * will impose on them (`paceMs`: its window's Remaining and Reset, its
 * limit a minute), not by stretching the time so far. It is first shown once the run has lasted
 * `estimateRefreshMs`, computed again at most that often (each new value
 * moves from the count-down towards the new computation, half-way when that
 * is lower and a quarter of the way when higher, so one odd probe does not
 * make it jump) and counts down with the clock in between.
 *
 * @example
 * const progress = createRunProgress({ now: Date.now, intervalMs: 5000, leftMs: () => 60_000, maxRequests: 500, stats: () => client.stats, report: console.log })
 * progress.plan(40)
 * progress.request()
 */
export function createRunProgress(options: RunProgressOptions) {
  const startedAt = options.now()
  const refreshMs = options.estimateRefreshMs ?? KIT_DEFAULTS.estimateRefreshMs
  let lastReportAt = startedAt
  // Checks done without requests of their own (those judging every response) from the start.
  const state = {
    checks: 0,
    checksDone: 0,
    free: 0,
    expected: 0,
    probe: undefined as string | undefined,
  }
  /** The estimate last computed, and when. */
  let shown: { ms: number; at: number } | undefined

  /** The time the requests left will take, from the pace so far; undefined before a check is done. */
  const computed = (now: number): number | undefined => {
    const { requests, waitedMs } = options.stats()
    const probed = state.checksDone - state.free
    if (probed <= 0 || requests === 0) {
      return undefined
    }
    const checksLeft = state.checks - state.checksDone
    // The requests a run of this size is expected to send, when more are
    // left of them than the pace so far gives: the later probes send more
    // requests a check than the first.
    const requestsLeft = Math.min(
      Math.max(Math.ceil((requests / probed) * checksLeft), state.expected - requests),
      Math.max(0, options.maxRequests - requests),
    )
    const working = Math.max(0, now - startedAt - waitedMs) / requests
    return requestsLeft * working + (options.paceMs?.(requestsLeft) ?? 0)
  }

  const estimate = (now: number): number | undefined => {
    if (now - startedAt < refreshMs) {
      return undefined
    }
    if (shown === undefined || now - shown.at >= refreshMs) {
      const fresh = computed(now)
      if (fresh !== undefined) {
        const countdown = shown && Math.max(0, shown.ms - (now - shown.at))
        // To the new value when it is lower; a quarter of the way when it is higher.
        const step = countdown === undefined || fresh < countdown ? 1 : 0.25
        const from = countdown ?? fresh
        shown = { ms: Math.round(from + (fresh - from) * step), at: now }
      }
    }
    return shown && Math.min(Math.max(0, shown.ms - (now - shown.at)), options.leftMs())
  }

  const snapshot = (waiting?: { ms: number; reason: string }): ConformanceProgress => {
    const now = options.now()
    const { requests, waitedMs } = options.stats()
    const estimatedLeftMs = estimate(now)
    return {
      checksDone: state.checksDone,
      checks: state.checks,
      requests,
      maxRequests: options.maxRequests,
      waitedMs,
      elapsedMs: now - startedAt,
      ...(state.probe === undefined ? {} : { probe: state.probe }),
      ...(waiting ? { waiting } : {}),
      ...(estimatedLeftMs === undefined ? {} : { estimatedLeftMs }),
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
    /** Sets how many requests the whole run is expected to send (`expectedRequests`). */
    expect(requests: number): void {
      state.expected = requests
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
