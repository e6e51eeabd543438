import { PLANS } from '../../src/spec/plans.ts'

/**
 * The defaults of the conformance kit, written once: the CLI's option
 * defaults, `runConformance`, the HTTP client and the "Bounds" table of
 * docs/conformance.md (checked by conformance/run/docs.test.ts) read them from here.
 *
 * @example
 * KIT_DEFAULTS.timeoutMs // 10000
 */
export const KIT_DEFAULTS = {
  /** `--max-duration`: the longest a run may take, in ms (10 minutes). */
  maxDurationMs: 600_000,
  /** `--max-requests`: the request budget of a run. */
  maxRequests: 500,
  /**
   * About how many requests a default run sends (346 to 348 against the mock
   * and the reference server): what the wait announced before a rate-limited
   * run and the time-left estimate count on. `conformance/run/expected-wait.test.ts`
   * holds it to a default run.
   */
  expectedRequests: 346,
  /** `--stateful-requests`: the request budget of the stateful phase, shrinking included. */
  statefulRequests: 40,
  /** `--timeout`: per-request timeout in ms. */
  timeoutMs: 10_000,
  /** `--examples`: generated cases per property. */
  examples: 10,
  /** Retries of a 429 before it is the answer. */
  maxRetries: 3,
  /** Failures kept per check and operation (more are counted). */
  maxFailuresPerCheck: 5,
  /** The longest single wait (rate-limit reset, `Retry-After`), in ms. */
  maxWaitMs: 65_000,
  /**
   * The most bytes of a response body the kit reads (8 MiB: 100 pets with
   * names of 80,000 characters; the spec sets no name limit).
   */
  maxResponseBytes: 8 * 1024 * 1024,
  /** The shortest time between two progress reports (`onProgress`, the CLI's progress line), in ms. */
  progressIntervalMs: 5000,
  /**
   * The time-left estimate of the progress is computed again at most this
   * often (ms), and first shown once the run has lasted this long; between
   * two computations it counts down with the clock.
   */
  estimateRefreshMs: 15_000,
  /** Requests a minute when the server sends no rate-limit headers: the Free plan's. */
  fallbackPerMinute: PLANS.free.perMinute,
} as const
