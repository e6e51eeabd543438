import type { OperationId as SpecOperationId } from '../spec/routes.ts'
import type { OnlyHereSentenceId, SentenceId } from '../spec/sentences.ts'

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
 * The normative sentences a check holds (`src/spec/sentences.ts`): `here`, the
 * sentences whose rule it judges where the sentence puts it; `elsewhere`, the
 * sentences tied to one place (`onlyHere`) whose rule it judges everywhere
 * else (that what they put in one place is in no other). At least one, so a
 * check citing nothing, or an unknown sentence, does not compile.
 *
 * @example
 * const holds: Holds = { here: ['spec-4.3-deprecated'], elsewhere: ['spec-4.3-deprecated'] }
 */
export type Holds =
  | {
      here: readonly [SentenceId, ...SentenceId[]]
      elsewhere?: ReadonlyArray<OnlyHereSentenceId>
    }
  | {
      here?: ReadonlyArray<SentenceId>
      elsewhere: readonly [OnlyHereSentenceId, ...OnlyHereSentenceId[]]
    }

/**
 * One check of the catalogue, the one place the check is defined: what it
 * is, where the spec states it, the operations it judges (`Ops`, kept as a
 * literal tuple so that a result asserted for another operation does not
 * compile), the normative sentences it holds, what a conforming server
 * does, its group (opt-in groups run only when included), whether it writes (`--read-only` leaves it out), the
 * function that judges a response or an exchange where it has one (the kit
 * and the proxy's judge both call it), and the faults of the kit's reference
 * server that prove it (`Fault`).
 *
 * @example
 * const check: CheckDefinition = catalogue[0]
 */
export interface CheckDefinition<
  Id extends string = string,
  Ops extends ReadonlyArray<OperationId> = ReadonlyArray<OperationId>,
  Fault extends string = string,
> {
  /** Stable id, e.g. `auth.no-header`. */
  id: Id
  title: string
  /** The spec section(s) the rule comes from, e.g. `§5, §7`. */
  section: string
  /** The normative sentences it holds, here and (for a sentence tied to one place) elsewhere. */
  holds: Holds
  level: CheckLevel
  group: CheckGroup
  /** The operations it judges: one result per operation. */
  operations: Ops
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
  writes: boolean
  /** For a `response` check: the function that judges one response. */
  judge?: ResponseRule
  /**
   * For a check decided from one request and its response: the function
   * that judges it, called by the kit's probes and by the proxy's judge on
   * every exchange of the check's operations.
   */
  judgeExchange?: ExchangeRule
  /**
   * The faults of the kit's reference server (`conformance/test-utils/reference`)
   * each of which this check must catch: a required check names at least one
   * (or has a case in the fault proxy's table, `conformance/test-utils/proxy-faults.ts`).
   */
  faults: ReadonlyArray<Fault>
}

/**
 * The operations a check judges, as a union: the only operations a result of
 * the check may be recorded for.
 *
 * @example
 * type Ops = OperationsOf<{ operations: readonly ['listPets'] }> // 'listPets'
 */
export type OperationsOf<Check> = Check extends {
  operations: ReadonlyArray<infer Op extends OperationId>
}
  ? Op
  : never

/**
 * Whether a check judges an operation (one of its `operations`); narrows the
 * operation to those the check may record a result for.
 *
 * @example
 * judgesOperation(CHECKS['list.schema'], 'getPet') // false
 */
export function judgesOperation<Check extends Pick<CheckDefinition, 'operations'>>(
  check: Check,
  operation: OperationId,
): operation is OperationsOf<Check> {
  return (check.operations as ReadonlyArray<OperationId>).includes(operation)
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

/**
 * What a rule of one exchange reads of the request: its path parameters,
 * its query and the body sent.
 *
 * @example
 * const request: RuleRequest = { pathParams: {}, query: new URLSearchParams('limit=5') }
 */
export interface RuleRequest {
  /** The path parameters by name, as sent (e.g. `{ petId: '7' }`). */
  pathParams: Record<string, string>
  query: URLSearchParams
  /** The body sent, if any. */
  body?: string | undefined
  /**
   * The request carried a valid key and kept within the rate limit (the kit
   * knows it of its own requests; a proxy does not): then a 401, a 429 or a
   * 5xx breaks the rule too, instead of deciding nothing.
   */
  authorized?: boolean
}

/**
 * What a rule of one exchange reads of the response.
 *
 * @example
 * const response: RuleResponse = { status: 200, body: '[]' }
 */
export interface RuleResponse {
  status: number
  /** Header names in lower case; the rules that judge an Error body read `content-type`. */
  headers?: Record<string, string>
  body: string
  /** The body was cut short: the rules that read it decide nothing. */
  truncated?: boolean
}

/**
 * What a rule of one exchange makes of it: `undefined` when it does not
 * apply, else what was expected and, when broken, the problem.
 *
 * @example
 * const judgement: ExchangeJudgement = { expected: '200 with at most 20 pets', problem: '21 pets' }
 */
export type ExchangeJudgement = Exclude<Judgement, { skip: string }>

/**
 * A rule judged from one request and its response: `undefined` when it does
 * not apply (another operation's rule, a request it says nothing about).
 *
 * @example
 * const rule: ExchangeRule = (request, response) => ({ expected: '200', problem: response.status === 200 ? undefined : `HTTP ${response.status}` })
 */
export type ExchangeRule = (request: RuleRequest, response: RuleResponse) => ExchangeJudgement
