import { nameRecord } from '../utils/name-record.ts'
import { CHECKS, type CheckId } from './catalogue.ts'
import {
  type CheckDefinition,
  type CheckLevel,
  type ExchangeJudgement,
  type Judgement,
  judgesOperation,
  type OperationId,
} from './check-definition.ts'
import {
  credentialCheckOf,
  refusedCredential,
  rejectCheckOf,
  rejectedNewPet,
} from './exchange-rules.ts'
import { judgeOneExchange } from './judge-one-exchange.ts'
import { createRuleMemory, judgeResponse } from './judge-response.ts'
import { operationOf } from './operation-of.ts'

/**
 * A rule of the spec that one response broke, with the conformance kit's
 * check id, level and spec section.
 *
 * @example
 * const violation: Violation = { check: 'server.no-5xx', level: 'required', message: 'HTTP 500 (expected a status below 500)', section: '§4, §7' }
 */
export interface Violation {
  check: CheckId
  level: CheckLevel
  message: string
  section: string
}

/**
 * One request and its response, as a proxy or a recorder saw them.
 *
 * @example
 * const exchange: JudgedExchange = { method: 'GET', path: '/v1/pets', query: 'limit=5', requestHeaders: {}, status: 200, responseHeaders: {}, responseBody: '[]', receivedAt: Date.now() }
 */
export interface JudgedExchange {
  method: string
  /** The full path, with `/v1`, without the query. */
  path: string
  /** The raw query, without `?`. */
  query: string
  requestHeaders: Record<string, string>
  requestBody?: string
  status: number
  responseHeaders: Record<string, string>
  responseBody: string
  /** The body was cut short: rules that need all of it do not judge it. */
  responseTruncated?: boolean
  /** When the response arrived (ms since the epoch). */
  receivedAt: number
  /**
   * When the request was sent (ms since the epoch). Optional: with it, a
   * request sent before the previous response arrived counts as overlapping,
   * and the order of Remaining is not judged across it.
   */
  sentAt?: number
}

const violationOf = (check: CheckDefinition<CheckId>, judgement: Judgement): Array<Violation> =>
  judgement && 'expected' in judgement && judgement.problem !== undefined
    ? [
        {
          check: check.id,
          level: check.level,
          message: `${judgement.problem} (expected ${judgement.expected})`,
          section: check.section,
        },
      ]
    : []

/**
 * What the spec says must be refused, judged on the answer: a credential
 * refused whatever the key (`auth.no-header`, `auth.non-bearer`,
 * `auth.empty-token`; `orders.auth` for `listOrders`) answered other than
 * 401, and a `createPet` body that is not a NewPet (`create.reject-*`)
 * answered 2xx. An unknown but well-formed key is not judged: only the
 * server knows its keys.
 */
function refusalsOf(
  exchange: JudgedExchange,
  operation: OperationId,
  authorization: string | undefined,
): Array<Violation> {
  const response = { status: exchange.status, body: exchange.responseBody }
  const judged: Array<[CheckId | undefined, ExchangeJudgement]> = []
  if (operation === 'listOrders' || judgesOperation(CHECKS['auth.no-header'], operation)) {
    const check = operation === 'listOrders' ? 'orders.auth' : credentialCheckOf(authorization)
    judged.push([check, refusedCredential(authorization, response)])
  }
  if (operation === 'createPet') {
    const request = { pathParams: {}, query: new URLSearchParams(), body: exchange.requestBody }
    judged.push([rejectCheckOf(exchange.requestBody), rejectedNewPet(request, response)])
  }
  return judged.flatMap(([id, judgement]) =>
    id === undefined ? [] : violationOf(CHECKS[id], judgement),
  )
}

const lowerCased = (headers: Record<string, string>): Record<string, string> =>
  nameRecord(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/**
 * One judge per stream of exchanges (it remembers what rules across
 * responses need): given an exchange it returns the violations of every
 * response rule of the kit's catalogue and of each rule the kit's probes
 * decide from one request and its response (each check of the catalogue
 * with a `judgeExchange`, on the exchanges of its operations), with the kit's ids, levels and
 * sections; and what the spec says must be refused (`refusalsOf`: a
 * missing, other-scheme or empty credential answered other than 401, a body
 * that is not a NewPet answered 2xx). A status the spec does not list for the operation breaks the
 * operation's rule; 401, 429 and 5xx (`server.no-5xx`) are left to the
 * other rules, as is a 404 of `getPet` and a 400 of `createPet` (a category
 * may not exist). Pure apart from that memory: no I/O, no clock (it reads the
 * exchange's times). The operation comes from method and path (the spec's
 * route table). Remaining is compared per credential (the `Authorization`
 * header); requests without one, or refused with 401, are not followed.
 * Memory: the last rate-limit headers of at most 256 credentials (the least
 * recently seen is forgotten first).
 *
 * @example
 * const judge = createExchangeJudge()
 * judge({ method: 'GET', path: '/v1/pets', query: '', requestHeaders: {}, status: 500, responseHeaders: {}, responseBody: '', receivedAt: Date.now() })
 * // [{ check: 'server.no-5xx', level: 'required', ... }, { check: 'response.json', ... }, ...]
 */
export function createExchangeJudge(): (exchange: JudgedExchange) => Array<Violation> {
  const memory = createRuleMemory()
  let lastReceivedAt = Number.NEGATIVE_INFINITY
  return (exchange) => {
    const authorization = lowerCased(exchange.requestHeaders).authorization
    const concurrent = exchange.sentAt !== undefined && exchange.sentAt < lastReceivedAt
    lastReceivedAt = Math.max(lastReceivedAt, exchange.receivedAt)
    const operation = operationOf(exchange.method, exchange.path)
    const judged = judgeResponse(
      {
        operation,
        status: exchange.status,
        headers: lowerCased(exchange.responseHeaders),
        body: exchange.responseBody,
        truncated: exchange.responseTruncated ?? false,
        receivedAt: exchange.receivedAt,
        bucket: exchange.status === 401 ? undefined : authorization,
        concurrent,
      },
      memory,
    )
    // A HEAD response has no body (RFC 9110 §9.3.2): its Error body cannot be judged.
    const bodyless = exchange.method.toUpperCase() === 'HEAD'
    const ofResponse = judged.flatMap(({ check, judgement }) =>
      bodyless && check.id === 'error.body' ? [] : violationOf(check, judgement),
    )
    ofResponse.push(...refusalsOf(exchange, operation, authorization))
    const known = { authorized: false, truncated: exchange.responseTruncated ?? false }
    const judgedExchange = judgeOneExchange(
      {
        operation,
        path: exchange.path,
        query: exchange.query,
        requestBody: exchange.requestBody,
        status: exchange.status,
        responseHeaders: lowerCased(exchange.responseHeaders),
        responseBody: exchange.responseBody,
      },
      known,
    )
    return [
      ...ofResponse,
      ...judgedExchange.flatMap(({ check, judgement }) => violationOf(check, judgement)),
    ]
  }
}
