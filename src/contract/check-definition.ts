import type { OperationId as SpecOperationId } from '../spec/routes.ts'

/**
 * `required`: the spec states the rule; a failure fails the run.
 * `advisory`: the spec leaves it open; a failure only warns (unless `strict`).
 *
 * @example
 * const level: CheckLevel = 'required'
 */
export type CheckLevel = 'required' | 'advisory'

/**
 * The operation a check (or an exchange) belongs to: one of the spec's, `other`
 * for an undocumented method or path, `any` for a rule decided once per run by
 * whichever response shows it (a 429).
 *
 * @example
 * const operation: OperationId = 'getPet'
 */
export type OperationId = SpecOperationId | 'other' | 'any'

/**
 * `default` groups run unless skipped; `rate-limit` runs only when included.
 *
 * @example
 * const group: CheckGroup = 'rate-limit'
 */
export type CheckGroup = 'default' | 'rate-limit'

/**
 * One check of the catalogue: what it is, where the spec states it, what a
 * conforming server does and, for a rule every response is held to, the
 * function that judges a response.
 *
 * @example
 * const check: CheckDefinition = catalogue[0]
 */
export interface CheckDefinition<Id extends string = string> {
  /** Stable id, e.g. `auth.no-header`. */
  id: Id
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
  /**
   * Why the check may have nothing to decide on in a run (shown for a
   * skipped result); `{operation}` stands for the operation's id.
   */
  hint?: string
  /** The check sends POST (or other writing) requests; `readOnly` skips it. */
  writes?: boolean
  /** For a `response` check: the function that judges one response. */
  judge?: ResponseRule
}

/**
 * One response as a rule judges it: the operation it answered, what came
 * back, and what the rate-limit rules need to compare it with others.
 *
 * @example
 * const response: JudgedResponse = { operation: 'listPets', status: 200, headers: {}, body: '[]', truncated: false, receivedAt: Date.now(), concurrent: false }
 */
export interface JudgedResponse {
  operation: OperationId
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  body: string
  /** The body was cut short: rules that need all of it cannot decide. */
  truncated: boolean
  /** When the response arrived (ms since the epoch). */
  receivedAt: number
  /**
   * The counter the request was counted against (one per credential), or
   * `undefined` when it is not followed (a request without a valid key).
   */
  bucket?: string | undefined
  /** Sent while other requests were under way: their responses may come in any order. */
  concurrent: boolean
}

/**
 * What a rule makes of one response: `undefined` when the rule does not apply
 * to it, `{ expected }` when it holds, `{ expected, problem }` when it is
 * broken, `{ skip }` when the response cannot decide it (and why).
 *
 * @example
 * const judgement: Judgement = { expected: 'a status below 500', problem: 'HTTP 503' }
 */
export type Judgement =
  | { expected: string; problem?: string | undefined }
  | { skip: string }
  | undefined

/**
 * What rules across responses remember: per rate-limit bucket, the headers of
 * the last response (one entry per credential, so bounded by the keys in use).
 *
 * @example
 * const memory: RuleMemory = { rateLimit: new Map() }
 */
export interface RuleMemory {
  rateLimit: Map<string, { limit: number; remaining: number; reset: number }>
}

/**
 * The function that judges a response for one check; it may read and update
 * the memory shared by the rules of one stream of responses.
 *
 * @example
 * const noServerError: ResponseRule = (response) => ({ expected: 'a status below 500', problem: response.status >= 500 ? `HTTP ${response.status}` : undefined })
 */
export type ResponseRule = (response: JudgedResponse, memory: RuleMemory) => Judgement
