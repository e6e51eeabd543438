import type { z } from 'zod'
import { RETRY_AFTER } from '../src/spec/headers.ts'
import { ErrorBody } from '../src/spec/index.ts'
import { parseExactJson } from './exact-json.ts'
import { KIT_DEFAULTS } from './model/kit-defaults.ts'
import { describeResponse, type ResultCollector } from './model/result-collector.ts'
import type { Exchange, OperationId } from './model/types.ts'
import {
  parseRateLimitHeaders,
  parseRetryAfter,
  rateLimitHeaderProblems,
  serverDateSeconds,
} from './rate-limit-headers.ts'

const TRUNCATED = `the body is larger than the ${KIT_DEFAULTS.maxResponseBytes / 2 ** 20} MiB the kit reads`

const SPECIFIED = new Set<OperationId>(['listPets', 'createPet', 'getPet'])
const MAX_RESET_AHEAD_S = 31 * 24 * 60 * 60
/** Without a `Date` header the kit's own clock is the reference: allow this much skew. */
const LOCAL_CLOCK_SLACK_S = 2
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i

/**
 * Parses a body as JSON, integers beyond 2^53 exactly (as bigint); a reason
 * when it is not JSON.
 *
 * @example
 * parseJsonBody('{"a":1}') // { ok: true, value: { a: 1 } }
 */
export function parseJsonBody(
  body: string,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: parseExactJson(body) }
  } catch (error) {
    return { ok: false, reason: (error as Error).message }
  }
}

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
 * Why a response is not a valid Error body for its status, or `undefined`:
 * labelled JSON, `code` and `message` strings, an integer `status` equal to
 * the HTTP status. Validates with the spec's `ErrorBody` schema.
 *
 * @example
 * errorBodyProblem(exchange) // undefined for { code, message, status } matching the HTTP status
 */
export function errorBodyProblem(exchange: Exchange): string | undefined {
  const response = exchange.response
  if (!response) {
    return describeResponse(exchange)
  }
  const contentType = response.headers['content-type']
  if (!contentType || !JSON_TYPE.test(contentType)) {
    return `Content-Type is ${contentType ? `"${contentType}"` : 'missing'}, not application/json: ${describeResponse(exchange)}`
  }
  const json = parseJsonBody(response.body)
  if (!json.ok) {
    return `the body is not JSON: ${describeResponse(exchange)}`
  }
  const parsed = ErrorBody.safeParse(json.value)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ')
    return `not an Error body (${issues}): ${describeResponse(exchange)}`
  }
  if (parsed.data.status !== response.status) {
    return `Error.status is ${parsed.data.status} but the HTTP status is ${response.status}`
  }
  return undefined
}

/**
 * Checks that apply to every response the kit receives: no 5xx, JSON bodies,
 * Error bodies on specified errors, rate-limit headers and their values,
 * `Retry-After` on 429, `WWW-Authenticate` on 401, Remaining decreasing.
 *
 * @example
 * const observe = createResponseChecks(collector)
 * observe(exchange)
 */
export function createResponseChecks(collector: ResultCollector) {
  let previous: { limit: number; reset: number; remaining: number } | undefined

  return (exchange: Exchange): void => {
    const response = exchange.response
    const operation = exchange.operation
    if (!response) {
      return
    }
    const { status, headers } = response

    collector.assert(
      'server.no-5xx',
      operation,
      exchange,
      'a status below 500',
      status >= 500 ? describeResponse(exchange) : undefined,
    )

    if (SPECIFIED.has(operation)) {
      const contentType = headers['content-type']
      let problem: string | undefined
      if (!contentType || !JSON_TYPE.test(contentType)) {
        problem = `Content-Type is ${contentType ? `"${contentType}"` : 'missing'}`
      } else if (response.truncated) {
        problem = TRUNCATED
      } else {
        const json = parseJsonBody(response.body)
        if (!json.ok) {
          problem = `the body is not valid JSON (${json.reason}): ${describeResponse(exchange)}`
        }
      }
      // A body beyond what the kit reads cannot be judged (the spec bounds no size).
      if (problem === TRUNCATED) collector.skip('response.json', operation, TRUNCATED)
      else {
        collector.assert(
          'response.json',
          operation,
          exchange,
          'Content-Type: application/json and a JSON body',
          problem,
        )
      }
    }

    if (status >= 400) {
      collector.assert(
        'error.body',
        operation,
        exchange,
        `Content-Type: application/json and an Error body { code: string, message: string, status: ${status} }`,
        errorBodyProblem(exchange),
      )
    }

    const unusable = rateLimitHeaderProblems(headers)
    collector.assert(
      'ratelimit.headers',
      operation,
      exchange,
      'X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset as integers',
      unusable.length === 0
        ? undefined
        : unusable
            .map(({ name, value, problem }) =>
              value === undefined ? `${name} missing` : `${name} is "${value}", ${problem}`,
            )
            .join('; '),
    )

    const rateLimit = parseRateLimitHeaders(headers)
    if (rateLimit) {
      const serverDate = serverDateSeconds(headers)
      const reference = serverDate ?? Math.floor(exchange.receivedAt / 1000) - LOCAL_CLOCK_SLACK_S
      const problems: Array<string> = []
      if (rateLimit.remaining > rateLimit.limit) {
        problems.push(`Remaining ${rateLimit.remaining} exceeds Limit ${rateLimit.limit}`)
      }
      if (rateLimit.reset > 1e11) {
        problems.push(`Reset ${rateLimit.reset} looks like milliseconds, not Unix seconds`)
      } else if (rateLimit.reset < reference) {
        problems.push(
          `Reset ${rateLimit.reset} is ${reference - rateLimit.reset} s before the response${serverDate === undefined ? " (the kit's clock, no Date header)" : "'s Date"}: the window's start, not when it resets`,
        )
      } else if (rateLimit.reset - reference > MAX_RESET_AHEAD_S) {
        problems.push(`Reset ${rateLimit.reset} is more than 31 days ahead`)
      }
      collector.assert(
        'ratelimit.values',
        operation,
        exchange,
        '0 <= Remaining <= Limit and Reset a Unix time (seconds) not before the response',
        problems.length ? problems.join('; ') : undefined,
      )
      if (exchange.concurrent) {
        // Responses to requests sent together come in any order.
        previous = undefined
      } else if (exchange.credential === 'valid') {
        if (
          previous &&
          previous.limit === rateLimit.limit &&
          previous.reset === rateLimit.reset &&
          previous.remaining > 0
        ) {
          collector.assert(
            'ratelimit.remaining-decreases',
            operation,
            exchange,
            `Remaining below the previous response's ${previous.remaining} (same window)`,
            rateLimit.remaining < previous.remaining
              ? undefined
              : `Remaining ${rateLimit.remaining} after ${previous.remaining}`,
          )
        }
        previous = rateLimit
      }
    }

    if (status === 429) {
      // One result per run for the 429 rules: a default run provokes no 429.
      collector.assert(
        'ratelimit.429-remaining',
        'any',
        exchange,
        'X-RateLimit-Remaining: 0',
        rateLimit === undefined || rateLimit.remaining === 0
          ? undefined
          : `X-RateLimit-Remaining: ${rateLimit.remaining} on a 429`,
      )
      const value = headers[RETRY_AFTER]
      collector.assert(
        'ratelimit.retry-after',
        'any',
        exchange,
        'Retry-After: <seconds> or an HTTP-date',
        value === undefined
          ? 'Retry-After missing'
          : parseRetryAfter(value, exchange.receivedAt) === undefined
            ? `Retry-After is "${value}"`
            : undefined,
      )
    }

    if (status === 401 && SPECIFIED.has(operation)) {
      const value = headers['www-authenticate']
      collector.assert(
        'auth.www-authenticate',
        operation,
        exchange,
        'WWW-Authenticate: Bearer ...',
        value !== undefined && /^\s*Bearer\b/i.test(value)
          ? undefined
          : `WWW-Authenticate is ${value === undefined ? 'missing' : `"${value}"`}`,
      )
    }
  }
}
