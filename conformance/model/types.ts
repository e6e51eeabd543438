/**
 * Shared types of the conformance kit.
 *
 * @example
 * import { type CheckLevel } from './types.ts'
 * const level: CheckLevel = 'required'
 */

import type { CheckId } from '../../src/judge/catalogue.ts'
import type { CheckDefinition, OperationId } from '../../src/judge/check-definition.ts'
import type { KitCode, StopReason } from './kit-message.ts'

export type { CheckId, CheckOperation } from '../../src/judge/catalogue.ts'
export type {
  CheckDefinition,
  CheckGroup,
  CheckLevel,
  OperationId,
} from '../../src/judge/check-definition.ts'

/** Which credential a request carried (the key, the second key, or none that is valid); decides the rate-limit bucket. */
export type Credential = 'valid' | 'other' | 'invalid'

/**
 * A request as the kit sent it. Header values never contain a key: they
 * are written as `$PETSTORE_API_KEY` and `$PETSTORE_OTHER_API_KEY`.
 */
export interface RecordedRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

/** A response as the kit received it (body bounded, text). */
export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  body: string
  truncated: boolean
}

/** One request and its response (or transport error). */
export interface Exchange {
  id: number
  operation: OperationId
  credential: Credential
  request: RecordedRequest
  response?: RecordedResponse
  /** A transport error (timeout, connection refused, ...). */
  error?: string
  /** Local time (ms) at which the response arrived. */
  receivedAt: number
  durationMs: number
  /** Sent together with other requests (their responses may come in any order). */
  concurrent?: boolean
}

/** One failed assertion. */
export interface CheckFailure {
  checkId: CheckId
  operation: OperationId
  message: string
  expected: string
  actual: string
  request?: { method: string; url: string }
  status?: number
  /** What came back: the status and the start of the body, or the transport error. */
  response?: string
  /** A shell command that reproduces the request; the keys are `$PETSTORE_API_KEY` and `$PETSTORE_OTHER_API_KEY`. */
  curl?: string
  /** For generated cases: the seed and path that replay it, and the shrunk input. */
  seed?: number
  path?: string
  counterexample?: string
  /** For the stateful phase: the shortest failing sequence, numbered, a curl per step. */
  sequence?: string
}

/** The outcome of one check for one operation, with the check's catalogue fields. */
export interface CheckResult
  extends Pick<
    CheckDefinition<CheckId>,
    'id' | 'title' | 'section' | 'level' | 'group' | 'expected'
  > {
  operation: OperationId
  deprecated: boolean
  /**
   * `skipped`: its requests ran but could not decide it (the reason says why);
   * `not-run`: the run stopped (or spent its budget) before it.
   */
  outcome: 'passed' | 'failed' | 'skipped' | 'not-run'
  /** Time (ms) of the distinct exchanges its assertions were made on. */
  durationMs: number
  /** Number of assertions that passed. */
  passes: number
  failures: Array<CheckFailure>
  /** Failures beyond the per-check cap that were counted but not kept. */
  omittedFailures: number
  skipReason?: string
}

/** Counters of the run. */
export interface RunStats {
  requests: number
  petsCreated: number
  /** 429 responses the kit did not ask for. */
  unrequested429: number
  retries: number
  waitedMs: number
}

/** The structured result of {@link runConformance}. */
export interface ConformanceResult {
  tool: 'petstore-conformance'
  baseUrl: string
  startedAt: string
  durationMs: number
  seed: number
  strict: boolean
  readOnly: boolean
  include: Array<string>
  failOnSkip: boolean
  /** The `--max-duration` of the run, in ms. */
  maxDurationMs: number
  /** The message of {@link ConformanceResult.stopped}, when the run stopped early. */
  aborted?: string
  /** Why the run stopped before every selected check ran. */
  stopped?: RunStop
  /** 0: every required check passed; 1: a check failed the run; 2: stopped early. */
  exitCode: 0 | 1 | 2
  ok: boolean
  summary: RunSummary
  /** The closing line: the verdict and exactly why the exit code is what it is. */
  verdict: string
  stats: RunStats
  /** Time (ms) spent in the exchanges of each operation. */
  operationTimes: Partial<Record<OperationId, number>>
  results: Array<CheckResult>
}

/** Why a run stopped early. */
export interface RunStop {
  reason: StopReason
  /** A stable `ERR_PETSTORE_CONFORMANCE_*` code. */
  code: KitCode
  /** The full message, `[petstore-conformance] Failed to ...`. */
  message: string
  /** A short phrase for the closing line, e.g. `--max-duration 30 s reached`. */
  summary: string
}

/**
 * The counts of a run, computed in one place ({@link summarize}); every report
 * shows these. Counted per check and operation (one JUnit testcase each).
 * `passed + failed + warnings + skipped + notRun === total`.
 */
export interface RunSummary {
  unit: 'check×operation'
  total: number
  passed: number
  /** Failed, and fail the run (required; advisory too with `strict`). */
  failed: number
  /** Failed advisory checks that do not fail the run. */
  warnings: number
  skipped: number
  notRun: number
  requiredFailed: number
  advisoryFailed: number
  requiredSkipped: number
  requiredNotRun: number
  /** Results that fail the run: `failed`, plus untested required ones with `failOnSkip`. */
  failing: number
}

/**
 * Where a run stands, as `onProgress` (and the CLI's progress line) gets it.
 *
 * @example
 * const progress: ConformanceProgress = { checksDone: 3, checks: 40, requests: 25, maxRequests: 500, waitedMs: 0, elapsedMs: 4000, probe: 'create pets' }
 */
export interface ConformanceProgress {
  /**
   * Checks whose requests have all been sent (their probes ended); those that
   * judge every response need none of their own and count as done from the start.
   */
  checksDone: number
  /** The checks of the run. */
  checks: number
  /** Requests sent so far, and the budget (`maxRequests`). */
  requests: number
  maxRequests: number
  /** Time spent waiting for the rate limit and backing off, so far (ms). */
  waitedMs: number
  /** Time since the run started (ms, by the run's clock). */
  elapsedMs: number
  /** What the run is doing now (a probe's name). */
  probe?: string
  /** The wait that begins now, if the report comes with one. */
  waiting?: { ms: number; reason: string }
  /**
   * An estimate of the time left (ms): the requests left (extrapolated from
   * the requests per check so far) at the pace so far plus the waits the
   * pacer will impose on them, capped by what is left of `maxDurationMs`.
   * Absent for the first `KIT_DEFAULTS.estimateRefreshMs` of the run (and
   * until a check is done); computed again at most that often, counting down
   * in between.
   */
  estimatedLeftMs?: number
}

/** Progress events of a run (for console output). */
export type ConformanceEvent =
  | { type: 'start'; baseUrl: string; seed: number; checks: number }
  | { type: 'probe'; name: string }
  | { type: 'wait'; ms: number; reason: string }
  | { type: 'note'; text: string }
  | { type: 'request'; exchange: Exchange }
  | { type: 'done'; result: ConformanceResult }
