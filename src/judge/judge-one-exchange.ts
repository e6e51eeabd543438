import { type CheckId, catalogue } from './catalogue.ts'
import type {
  CheckDefinition,
  ExchangeJudgement,
  ExchangeRule,
  OperationId,
  RuleRequest,
} from './check-definition.ts'
import { ruleRequestOf } from './rule-request.ts'

/**
 * A request as it was sent, with the operation it was sent to.
 *
 * @example
 * const sent: SentRequest = { operation: 'getPet', path: '/v1/pets/%31', query: '' }
 */
export interface SentRequest {
  operation: OperationId
  /** The path as sent, percent-encoded, without the query. */
  path: string
  /** The raw query, without `?`. */
  query: string
  requestBody?: string | undefined
}

/**
 * One exchange as it was sent and received, the same for the kit and the
 * proxy: the request as sent and the response as read.
 *
 * @example
 * const exchange: OneExchange = { operation: 'getPet', path: '/v1/pets/%31', query: '', status: 200, responseHeaders: {}, responseBody: '{}' }
 */
export interface OneExchange extends SentRequest {
  status: number
  /** Header names in lower case. */
  responseHeaders: Record<string, string>
  responseBody: string
}

/**
 * What the caller knows of an exchange beyond what was sent and received:
 * the only inputs in which the kit's and the proxy's judging differ.
 *
 * @example
 * const kit: CallerKnows = { authorized: true, truncated: false }
 */
export interface CallerKnows {
  /**
   * The request carried a valid key and kept within the rate limit (the kit
   * knows it of its own requests; a proxy does not): then a 401, a 429 or a
   * 5xx breaks the rule of the operation too.
   */
  authorized: boolean
  /** The body was cut short: the rules that read it decide nothing. */
  truncated: boolean
}

type ExchangeCheck = CheckDefinition<CheckId> & { judgeExchange: ExchangeRule }

/** The checks decided from one request and its response, by the operation they judge. */
const EXCHANGE_CHECKS = new Map<OperationId, Array<ExchangeCheck>>()
/** The same checks by id. */
const EXCHANGE_CHECK_BY_ID = new Map<CheckId, ExchangeCheck>()
for (const check of catalogue) {
  const { judgeExchange } = check
  if (judgeExchange === undefined) continue
  const judged = { ...check, judgeExchange }
  EXCHANGE_CHECK_BY_ID.set(check.id, judged)
  for (const operation of check.operations) {
    const checks = EXCHANGE_CHECKS.get(operation) ?? []
    checks.push(judged)
    EXCHANGE_CHECKS.set(operation, checks)
  }
}

/**
 * The request the rules of one exchange are given (`ruleRequestOf`), with
 * what the caller knows of it.
 *
 * @example
 * judgedRequestOf({ operation: 'listPets', path: '/v1/pets', query: 'limit=1' }, { authorized: true }).query.get('limit') // '1'
 */
export function judgedRequestOf(
  sent: SentRequest,
  known: Pick<CallerKnows, 'authorized'>,
): RuleRequest {
  return ruleRequestOf({
    operation: sent.operation,
    path: sent.path,
    query: sent.query,
    body: sent.requestBody,
    authorized: known.authorized,
  })
}

/**
 * The one judge of one exchange, for the kit's own requests and the
 * proxy's alike: every check of the catalogue with a `judgeExchange` that
 * judges the exchange's operation (or only the checks of `only`, by id, in
 * that order), each given the request read once (`ruleRequestOf`) and the
 * response, with what the caller knows (`known`). Pure: no memory, no I/O.
 *
 * @example
 * judgeOneExchange(
 *   { operation: 'listPets', path: '/v1/pets', query: 'limit=1', status: 200, responseHeaders: {}, responseBody: '[{},{}]' },
 *   { authorized: false, truncated: false },
 * ) // [{ check: CHECKS['list.schema'], judgement: ... }, { check: CHECKS['list.max-items'], judgement: ... }, ...]
 */
export function judgeOneExchange(
  exchange: OneExchange,
  known: CallerKnows,
  only?: ReadonlyArray<CheckId>,
): Array<{ check: CheckDefinition<CheckId>; judgement: ExchangeJudgement }> {
  const checks = only
    ? only.flatMap((id) => EXCHANGE_CHECK_BY_ID.get(id) ?? [])
    : (EXCHANGE_CHECKS.get(exchange.operation) ?? [])
  if (checks.length === 0) {
    return []
  }
  const request = judgedRequestOf(exchange, known)
  const response = {
    status: exchange.status,
    headers: exchange.responseHeaders,
    body: exchange.responseBody,
    truncated: known.truncated,
  }
  return checks.map((check) => ({ check, judgement: check.judgeExchange(request, response) }))
}
