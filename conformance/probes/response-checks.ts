import type { z } from 'zod'
import { CHECKS, type CheckOperation, type ExchangeCheckId } from '../../src/judge/catalogue.ts'
import type { ExchangeRule, OperationId, RuleRequest } from '../../src/judge/check-definition.ts'
import {
  type CallerKnows,
  judgedRequestOf,
  judgeOneExchange,
  type SentRequest,
} from '../../src/judge/judge-one-exchange.ts'
import { createRuleMemory, judgeResponse } from '../../src/judge/judge-response.ts'
import { parseJsonBody } from '../../src/judge/parse-json-body.ts'
import { errorBodyProblemOf, TRUNCATED_BODY } from '../../src/judge/response-rules.ts'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import { kitMessage } from '../model/kit-message.ts'
import { assertJudges, describeResponse, type ResultCollector } from '../model/result-collector.ts'
import type { Exchange } from '../model/types.ts'

const TRUNCATED = `the body is larger than the ${KIT_DEFAULTS.maxResponseBytes / 2 ** 20} MiB the kit reads`

/**
 * A response body parsed as JSON and validated with a schema; `undefined`
 * when there is no response or the body is not JSON.
 *
 * @example
 * parseResponseBody(exchange, Pet)?.success // true for a valid Pet
 */
export function parseResponseBody<T extends z.ZodType>(
  exchange: Exchange,
  schema: T,
): z.ZodSafeParseResult<z.output<T>> | undefined {
  const json = exchange.response ? parseJsonBody(exchange.response.body) : undefined
  return json?.ok ? schema.safeParse(json.value) : undefined
}

/**
 * Why an exchange did not bring a valid Error body for its status, or
 * `undefined` (the rule of `error.body`, `errorBodyProblemOf`).
 *
 * @example
 * errorBodyProblem(exchange) // undefined for { code, message, status } matching the HTTP status
 */
export function errorBodyProblem(exchange: Exchange): string | undefined {
  return exchange.response ? errorBodyProblemOf(exchange.response) : describeResponse(exchange)
}

/**
 * Holds every response the kit receives to the catalogue's response checks
 * (no 5xx, JSON bodies, Error bodies, rate-limit headers and values,
 * `Retry-After` and Remaining 0 on 429, `WWW-Authenticate` on 401,
 * Remaining decreasing) and records the outcomes in the collector: the
 * judges are the ones the proxy uses, this only adapts them.
 *
 * @example
 * const observe = createResponseChecks(collector)
 * observe(exchange)
 */
export function createResponseChecks(collector: ResultCollector) {
  const memory = createRuleMemory()
  return (exchange: Exchange): void => {
    const response = exchange.response
    if (!response) {
      return
    }
    const judged = judgeResponse(
      {
        operation: exchange.operation,
        status: response.status,
        headers: response.headers,
        body: response.body,
        truncated: response.truncated,
        receivedAt: exchange.receivedAt,
        bucket: exchange.credential === 'invalid' ? undefined : exchange.credential,
        concurrent: exchange.concurrent ?? false,
      },
      memory,
    )
    for (const { check, judgement } of judged) {
      // A rule decided once per run (a 429's) is recorded under `any`, wherever it came.
      const operation = check.operations.includes('any') ? 'any' : exchange.operation
      if ('skip' in judgement) {
        collector.skip(
          check.id,
          operation,
          judgement.skip === TRUNCATED_BODY ? TRUNCATED : judgement.skip,
        )
      } else {
        collector.assert(check.id, operation, exchange, judgement.expected, judgement.problem)
      }
    }
  }
}

/**
 * What the kit knows of its own exchanges when one is judged
 * (`judgeOneExchange`): its requests carry the valid key and keep to the
 * rate limit, so any status but the expected one breaks a rule; and a body
 * cut at the kit's limit is judged as the kit read it (a truncated list is
 * still a list of what was read).
 *
 * @example
 * judgeOneExchange({ ...kitSentOf(exchange), status, responseHeaders, responseBody }, KIT_KNOWS)
 */
export const KIT_KNOWS: CallerKnows = { authorized: true, truncated: false }

/**
 * The request of one of the kit's exchanges as sent, as the one judge of
 * one exchange reads it (the proxy's reading too).
 *
 * @example
 * kitSentOf(exchange).query // 'limit=1'
 */
export function kitSentOf(exchange: Exchange): SentRequest {
  const url = new URL(exchange.request.url)
  return {
    operation: exchange.operation as OperationId,
    path: url.pathname,
    query: url.search.slice(1),
    requestBody: exchange.request.body,
  }
}

/**
 * The request of one of the kit's exchanges as the rules of one exchange
 * read it (`judgedRequestOf`, with {@link KIT_KNOWS}).
 *
 * @example
 * kitRuleRequest(exchange).query.get('limit') // '1'
 */
export function kitRuleRequest(exchange: Exchange): RuleRequest {
  return judgedRequestOf(kitSentOf(exchange), KIT_KNOWS)
}

/**
 * Judges one exchange with the one judge of one exchange (`judgeOneExchange`,
 * the proxy's too) kept to one check, with what the kit knows
 * ({@link KIT_KNOWS}), and records the outcome; a rule that does not apply
 * records nothing, a transport error fails the check. Only a check with a
 * `judgeExchange`, and only an operation it judges, compile.
 *
 * @example
 * assertRule(collector, 'list.max-items', 'listPets', exchange)
 */
export function assertRule<Id extends ExchangeCheckId>(
  collector: ResultCollector,
  checkId: Id,
  operation: CheckOperation<Id>,
  exchange: Exchange,
): boolean | undefined {
  assertJudges(checkId, operation)
  if ((CHECKS[checkId] as { judgeExchange?: ExchangeRule }).judgeExchange === undefined) {
    throw new Error(kitMessage(`judge ${checkId}`, 'its definition has no judgeExchange'))
  }
  if (!exchange.response) {
    return collector.assert(checkId, operation, exchange, 'a response', describeResponse(exchange))
  }
  // The whole body as read: a truncated list is judged as the kit read it (KIT_KNOWS).
  const { status, headers, body } = exchange.response
  const [judged] = judgeOneExchange(
    { ...kitSentOf(exchange), status, responseHeaders: headers, responseBody: body },
    KIT_KNOWS,
    [checkId],
  )
  const judgement = judged?.judgement
  return judgement && 'expected' in judgement
    ? collector.assert(checkId, operation, exchange, judgement.expected, judgement.problem)
    : undefined
}
