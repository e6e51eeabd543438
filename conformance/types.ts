/**
 * Shared types of the conformance kit.
 *
 * @example
 * import { type CheckLevel } from './types.ts'
 * const level: CheckLevel = 'required'
 */

/**
 * `required`: the spec states the rule; a failure fails the run.
 * `advisory`: the spec leaves it open; a failure only warns (unless `strict`).
 */
export type CheckLevel = 'required' | 'advisory'

/**
 * The operation an exchange belongs to. `other` is an undocumented method or path.
 */
export type OperationId = 'listPets' | 'createPet' | 'getPet' | 'listOrders' | 'other'

/**
 * `default` groups run unless skipped; `rate-limit` runs only when included.
 */
export type CheckGroup = 'default' | 'rate-limit'

/**
 * One entry of the check catalogue.
 */
export interface CheckDefinition {
  /** Stable id, e.g. `auth.no-header`. */
  id: string
  title: string
  /** The spec section(s) the rule comes from, e.g. `§5, §7`. */
  section: string
  level: CheckLevel
  group: CheckGroup
  operations: Array<OperationId>
  /** `response`: evaluated on every response the kit receives. `probe`: by dedicated requests. */
  scope: 'probe' | 'response'
  /** What a conforming server does. */
  expected: string
  /** The check sends POST (or other writing) requests; `readOnly` skips it. */
  writes?: boolean
}

/** Which credential a request carried; decides the rate-limit bucket. */
export type Credential = 'valid' | 'invalid'

/**
 * A request as the kit sent it. Header values never contain the key:
 * it is written as `$PETSTORE_API_KEY`.
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
  checkId: string
  operation: OperationId
  message: string
  expected: string
  actual: string
  request?: { method: string; url: string }
  status?: number
  /** A shell command that reproduces the request; the key is `$PETSTORE_API_KEY`. */
  curl?: string
  /** For generated cases: the seed and path that replay it, and the shrunk input. */
  seed?: number
  path?: string
  counterexample?: string
}

/** The outcome of one check for one operation, with the check's catalogue fields. */
export interface CheckResult
  extends Pick<CheckDefinition, 'id' | 'title' | 'section' | 'level' | 'group' | 'expected'> {
  operation: OperationId
  deprecated: boolean
  outcome: 'passed' | 'failed' | 'skipped'
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
  /** Set when the run stopped early (server unreachable, a wait beyond the cap). */
  aborted?: string
  /** 0: every required check passed; 1: a required check failed; 2: aborted. */
  exitCode: 0 | 1 | 2
  ok: boolean
  summary: { passed: number; failed: number; warnings: number; skipped: number }
  stats: RunStats
  results: Array<CheckResult>
}

/** Progress events of a run (for console output). */
export type ConformanceEvent =
  | { type: 'start'; baseUrl: string; seed: number; checks: number }
  | { type: 'probe'; name: string }
  | { type: 'wait'; ms: number; reason: string }
  | { type: 'request'; exchange: Exchange }
  | { type: 'done'; result: ConformanceResult }
