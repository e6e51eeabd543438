import { ErrorBody } from '../spec/error-body.ts'
import { RETRY_AFTER } from '../spec/headers.ts'
import type { JudgedResponse, OperationId, ResponseRule } from './check-definition.ts'
import {
  BODY_EXCERPT_AFTER_WORDS,
  describeHttpResponse,
  describeSchemaIssues,
} from './describe-response.ts'
import { isJsonMediaType, parseMediaType } from './media-type.ts'
import { parseJsonBody } from './parse-json-body.ts'
import {
  parseRateLimitHeaders,
  parseRetryAfter,
  rateLimitHeaderProblems,
  retryAfterEnd,
  serverDateSeconds,
} from './rate-limit-headers.ts'

/** The operations whose responses the spec describes in full (§4): their bodies are JSON. */
const SPECIFIED: ReadonlySet<OperationId> = new Set(['listPets', 'createPet', 'getPet'])
const MAX_RESET_AHEAD_S = 31 * 24 * 60 * 60
/**
 * Without a `Date` header the judge's own clock is the reference: allow this much skew.
 *
 * @example
 * LOCAL_CLOCK_SLACK_S // 2
 */
export const LOCAL_CLOCK_SLACK_S = 2
/**
 * The most rate-limit buckets (credentials) remembered for
 * `ratelimit.remaining-decreases`; the least recently seen is forgotten first.
 *
 * @example
 * memory.rateLimit.size <= MAX_BUCKETS
 */
export const MAX_BUCKETS = 256
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i
const PROBLEM_TYPE = /^application\/problem\+json\s*(;|$)/i

/**
 * Why the body was not judged: it is larger than what was read of it.
 *
 * @example
 * judgement.skip === TRUNCATED_BODY
 */
export const TRUNCATED_BODY = 'the body is larger than what was read of it'

const describe = (response: Pick<JudgedResponse, 'status' | 'body'>) =>
  describeHttpResponse(response.status, response.body)

const contentTypeProblem = (contentType: string | undefined): string | undefined =>
  contentType && JSON_TYPE.test(contentType)
    ? undefined
    : `Content-Type is ${contentType ? `"${contentType}"` : 'missing'}`

/**
 * Why a response is not a valid Error body for its status, or `undefined`:
 * labelled JSON, `code` and `message` strings, an integer `status` equal to
 * the HTTP status. Validates with the spec's `ErrorBody` schema.
 *
 * @example
 * errorBodyProblemOf({ status: 404, headers: { 'content-type': 'application/json' }, body: '{"code":"not_found","message":"No pet","status":404}' }) // undefined
 */
export function errorBodyProblemOf(
  response: Pick<JudgedResponse, 'status' | 'headers' | 'body'>,
): string | undefined {
  const wrongType = contentTypeProblem(response.headers['content-type'])
  if (wrongType) {
    return `${wrongType}, not application/json: ${describe(response)}`
  }
  const json = parseJsonBody(response.body)
  if (!json.ok) {
    return `the body is not JSON: ${describe(response)}`
  }
  const parsed = ErrorBody.safeParse(json.value)
  if (!parsed.success) {
    const issues = describeSchemaIssues(parsed.error.issues, json.value)
    return `not an Error body: ${issues}: ${describeHttpResponse(response.status, response.body, BODY_EXCERPT_AFTER_WORDS)}`
  }
  if (parsed.data.status !== response.status) {
    return `Error.status is ${parsed.data.status} but the HTTP status is ${response.status}`
  }
  // §2 shows no values of `code`; `message` is a human-readable description, which an empty one is not.
  if (parsed.data.message.trim() === '') {
    return `Error.message is empty (§2 Error: a human-readable description): ${describeHttpResponse(response.status, response.body, BODY_EXCERPT_AFTER_WORDS)}`
  }
  return undefined
}

/**
 * `server.no-5xx`: no response has a 5xx status.
 *
 * @example
 * noServerError(response, memory) // { expected: 'a status below 500' }
 */
export const noServerError: ResponseRule = (response) => ({
  expected: 'a status below 500',
  problem: response.status >= 500 ? describe(response) : undefined,
})

/**
 * `response.json`: a response of a specified pet operation is labelled JSON
 * and is JSON, and a success is not labelled `application/problem+json`; a
 * body larger than what was read skips it.
 *
 * @example
 * jsonResponse(response, memory)?.problem // 'Content-Type is "text/plain"'
 */
export const jsonResponse: ResponseRule = (response) => {
  if (!SPECIFIED.has(response.operation)) {
    return undefined
  }
  const expected = 'Content-Type: application/json and a JSON body'
  const contentType = response.headers['content-type']
  const wrongType = contentTypeProblem(contentType)
  if (wrongType) {
    return { expected, problem: wrongType }
  }
  // RFC 9457 §3: the type names problem details, which a success is not.
  if (response.status < 400 && contentType !== undefined && PROBLEM_TYPE.test(contentType)) {
    return { expected, problem: `a ${response.status} labelled "${contentType}" (RFC 9457 §3)` }
  }
  // A body beyond what was read cannot be judged (the spec bounds no size).
  if (response.truncated) {
    return { skip: TRUNCATED_BODY }
  }
  const json = parseJsonBody(response.body)
  return {
    expected,
    problem: json.ok
      ? undefined
      : `the body is not valid JSON (${json.reason}): ${describe(response)}`,
  }
}

/**
 * The statuses that say an operation is missing: no such resource (404,
 * RFC 9110 §15.5.5), a method the resource lacks (405), a function the
 * server lacks (501).
 */
const MISSING_OPERATION = new Set([404, 405, 501])

/**
 * `orders.exists`: `GET /store/orders` is an operation of the service
 * (§4.4), so it is never answered as a resource, a method or a function the
 * server lacks (404, 405, 501). What else it answers is not shown.
 *
 * @example
 * ordersExist(response, memory)?.problem // 'HTTP 404 {"code":"route_not_found",...}'
 */
export const ordersExist: ResponseRule = (response) =>
  response.operation !== 'listOrders'
    ? undefined
    : {
        expected: 'any answer but 404, 405 or 501 (§4.4: the operation exists)',
        problem: MISSING_OPERATION.has(response.status) ? describe(response) : undefined,
      }

/**
 * A field value that is a list of methods (RFC 9110 §10.2.1: `Allow = #method`),
 * empty included; as a sender writes it, with no empty element (§5.6.1.2:
 * a sender "MUST NOT generate empty list elements").
 */
const METHOD_LIST =
  /^(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*)?$/

/**
 * `method.allow-on-405`: a 405 says which methods the resource has. RFC 9110
 * §15.5.6: "The origin server MUST generate an Allow header field in a 405
 * response", a list of methods (§10.2.1; an empty one says the resource
 * allows none).
 *
 * @example
 * allowOn405({ ...response, status: 405, headers: {} }, memory)?.problem // 'Allow missing'
 */
export const allowOn405: ResponseRule = (response) => {
  if (response.status !== 405) return undefined
  const allow = response.headers.allow
  return {
    expected: 'Allow with the methods of the resource (RFC 9110 §15.5.6)',
    problem:
      allow === undefined
        ? 'Allow missing'
        : METHOD_LIST.test(allow.trim())
          ? undefined
          : `Allow "${allow}" is no list of methods`,
  }
}

/** An IMF-fixdate (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** The headers of an answer that carry an HTTP-date (`Retry-After` when it is no delay). */
const DATED_HEADERS = ['date', 'sunset', RETRY_AFTER] as const

/**
 * `response.date`: every 2xx, 3xx and 4xx answer has `Date` (RFC 9110
 * §6.6.1: "An origin server with a clock … MUST generate a Date header
 * field in all 2xx …, 3xx … and 4xx … responses"; a server that tells
 * `X-RateLimit-Reset` as a Unix timestamp, §8, has a clock), and every
 * HTTP-date it sends (`Date`, and a `Sunset` or `Retry-After` that reads as
 * a date) is an IMF-fixdate (§5.6.7: a sender MUST generate that format).
 *
 * @example
 * httpDates({ ...response, status: 200, headers: {} }, memory)?.problem // 'Date missing'
 */
export const httpDates: ResponseRule = (response) => {
  const needsDate = response.status >= 200 && response.status < 500
  const wrong = DATED_HEADERS.filter((name) => {
    const value = response.headers[name]
    if (value === undefined || IMF_FIXDATE.test(value.trim())) return false
    if (name === RETRY_AFTER && /^\s*\d+\s*$/.test(value)) return false
    // A `Sunset` or `Retry-After` that is no date at all is its own check's to judge.
    return name === 'date' || !Number.isNaN(Date.parse(value))
  })
  return {
    expected: `${needsDate ? 'Date, and ' : ''}every HTTP-date an IMF-fixdate such as "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110 §6.6.1, §5.6.7)`,
    problem:
      needsDate && response.headers.date === undefined
        ? 'Date missing'
        : wrong.length > 0
          ? wrong
              .map(
                (name) =>
                  `${name === 'date' ? 'Date' : name === 'sunset' ? 'Sunset' : 'Retry-After'} "${response.headers[name]}" is no IMF-fixdate`,
              )
              .join(', ')
          : undefined,
  }
}

/**
 * `error.body`: every error response carries an Error body for its status
 * (a body larger than what was read of it is not judged).
 *
 * @example
 * errorBody(response, memory)?.problem // 'Error.status is 400 but the HTTP status is 404'
 */
export const errorBody: ResponseRule = (response) =>
  response.status < 400
    ? undefined
    : response.truncated
      ? { skip: TRUNCATED_BODY }
      : {
          expected: `Content-Type: application/json and an Error body { code: string, message: string, status: ${response.status} }`,
          problem: errorBodyProblemOf(response),
        }

/**
 * `ratelimit.headers`: the three rate-limit headers, each a non-negative integer.
 *
 * @example
 * rateLimitHeaders(response, memory)?.problem // 'x-ratelimit-reset missing'
 */
export const rateLimitHeaders: ResponseRule = (response) => {
  const unusable = rateLimitHeaderProblems(response.headers)
  return {
    expected: 'X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset as integers',
    problem:
      unusable.length === 0
        ? undefined
        : unusable
            .map(({ name, value, problem }) =>
              value === undefined ? `${name} missing` : `${name} is "${value}", ${problem}`,
            )
            .join('; '),
  }
}

/**
 * `ratelimit.values`: Remaining within 0..Limit, Reset a Unix time in seconds
 * not before the response (its `Date`, or the judge's clock less 2 s) and at
 * most 31 days ahead. Applies when the three headers are integers.
 *
 * @example
 * rateLimitValues(response, memory)?.problem // 'Remaining 61 exceeds Limit 60'
 */
export const rateLimitValues: ResponseRule = (response) => {
  const rateLimit = parseRateLimitHeaders(response.headers)
  if (!rateLimit) {
    return undefined
  }
  const serverDate = serverDateSeconds(response.headers)
  const reference = serverDate ?? Math.floor(response.receivedAt / 1000) - LOCAL_CLOCK_SLACK_S
  const problems: Array<string> = []
  if (rateLimit.remaining > rateLimit.limit) {
    problems.push(`Remaining ${rateLimit.remaining} exceeds Limit ${rateLimit.limit}`)
  }
  if (rateLimit.reset > 1e11) {
    problems.push(`Reset ${rateLimit.reset} looks like milliseconds, not Unix seconds`)
  } else if (rateLimit.reset < reference) {
    problems.push(
      `Reset ${rateLimit.reset} is ${reference - rateLimit.reset} s before the response${serverDate === undefined ? ' (the local clock, no Date header)' : "'s Date"}: the window's start, not when it resets`,
    )
  } else if (rateLimit.reset - reference > MAX_RESET_AHEAD_S) {
    problems.push(`Reset ${rateLimit.reset} is more than 31 days ahead`)
  }
  return {
    expected: '0 <= Remaining <= Limit and Reset a Unix time (seconds) not before the response',
    problem: problems.length ? problems.join('; ') : undefined,
  }
}

/**
 * `ratelimit.remaining-decreases`: within one window (same Limit and Reset)
 * of one bucket, each response's Remaining is below the previous one's (a
 * 429 is not compared: whether a refused request counts is the server's
 * choice). Remembers the last response per bucket (at most
 * {@link MAX_BUCKETS}); a response to overlapping requests
 * (which may come in any order) decides nothing and starts over.
 *
 * @example
 * remainingDecreases(second, memory)?.problem // 'Remaining 59 after 59'
 */
export const remainingDecreases: ResponseRule = (response, memory) => {
  const rateLimit = parseRateLimitHeaders(response.headers)
  if (!rateLimit) {
    return undefined
  }
  if (response.concurrent) {
    memory.rateLimit.clear()
    return undefined
  }
  // A refused request need not count (the spec leaves it open): a 429 decides nothing.
  if (response.bucket === undefined || response.status === 429) {
    return undefined
  }
  const previous = memory.rateLimit.get(response.bucket)
  // Least recently seen first: the oldest bucket goes when the memory is full.
  memory.rateLimit.delete(response.bucket)
  if (memory.rateLimit.size >= MAX_BUCKETS) {
    memory.rateLimit.delete(memory.rateLimit.keys().next().value as string)
  }
  memory.rateLimit.set(response.bucket, rateLimit)
  if (
    !previous ||
    previous.limit !== rateLimit.limit ||
    previous.reset !== rateLimit.reset ||
    previous.remaining === 0
  ) {
    return undefined
  }
  return {
    expected: `Remaining below the previous response's ${previous.remaining} (same window)`,
    problem:
      rateLimit.remaining < previous.remaining
        ? undefined
        : `Remaining ${rateLimit.remaining} after ${previous.remaining}`,
  }
}

/**
 * `ratelimit.429-remaining`: a 429 says nothing remains.
 *
 * @example
 * tooManyRemaining(response, memory)?.problem // 'X-RateLimit-Remaining: 3 on a 429'
 */
export const tooManyRemaining: ResponseRule = (response) => {
  if (response.status !== 429) {
    return undefined
  }
  const rateLimit = parseRateLimitHeaders(response.headers)
  return {
    expected: 'X-RateLimit-Remaining: 0',
    problem:
      rateLimit === undefined || rateLimit.remaining === 0
        ? undefined
        : `X-RateLimit-Remaining: ${rateLimit.remaining} on a 429`,
  }
}

/**
 * `ratelimit.retry-after`: a 429 carries `Retry-After` (seconds or an HTTP-date).
 *
 * @example
 * tooManyRetryAfter(response, memory)?.problem // 'Retry-After missing'
 */
export const tooManyRetryAfter: ResponseRule = (response) => {
  if (response.status !== 429) {
    return undefined
  }
  const value = response.headers[RETRY_AFTER]
  return {
    expected: 'Retry-After: <seconds> or an HTTP-date',
    problem:
      value === undefined
        ? 'Retry-After missing'
        : parseRetryAfter(value, response.receivedAt) === undefined
          ? `Retry-After is "${value}"`
          : undefined,
  }
}

/**
 * How far past its own `X-RateLimit-Reset` a 429's `Retry-After` may end:
 * a second for the `Date` header's whole seconds and one for a wait rounded
 * up. A delay on a response without `Date` is counted from the judge's clock,
 * which adds {@link LOCAL_CLOCK_SLACK_S}; an HTTP-date needs no clock.
 *
 * @example
 * RETRY_AFTER_PAST_RESET_S // 2
 */
export const RETRY_AFTER_PAST_RESET_S = 2

/**
 * `ratelimit.retry-after-reset`: a 429's `Retry-After` ends no later than the
 * `X-RateLimit-Reset` of the same answer. The limit resets then (§8): a client
 * told to wait longer is told something one of the two headers contradicts
 * (a ban's wait with the window's Reset, a whole window while part of it
 * has passed, milliseconds). Judged when both headers are usable.
 *
 * @example
 * tooManyRetryAfterReset(response, memory)?.problem // 'Retry-After 30 ends at 1767225630, 28 s past the Reset 1767225602'
 */
export const tooManyRetryAfterReset: ResponseRule = (response) => {
  if (response.status !== 429) {
    return undefined
  }
  const rateLimit = parseRateLimitHeaders(response.headers)
  const serverDate = serverDateSeconds(response.headers)
  const reference = serverDate === undefined ? response.receivedAt : serverDate * 1000
  const end = retryAfterEnd(response.headers[RETRY_AFTER], reference)
  if (rateLimit === undefined || end === undefined) {
    return undefined
  }
  const localClock = !end.dated && serverDate === undefined
  const endS = Math.ceil(end.at / 1000)
  const slack = RETRY_AFTER_PAST_RESET_S + (localClock ? LOCAL_CLOCK_SLACK_S : 0)
  return {
    expected: `Retry-After ending by the Reset ${rateLimit.reset} of the same 429 (within ${slack} s)`,
    problem:
      endS - rateLimit.reset <= slack
        ? undefined
        : `Retry-After ${response.headers[RETRY_AFTER]} ends at ${endS}${localClock ? ' (by the local clock, no Date header)' : ''}, ${endS - rateLimit.reset} s past the Reset ${rateLimit.reset}`,
  }
}

/** A token of HTTP (RFC 9110 §5.6.2): a challenge's scheme or a parameter's name. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
/**
 * An auth-param, `name=value` with a value (RFC 9110 §11.2: a token or a
 * quoted-string): part of the challenge before it. `abc=` is a token68.
 */
const AUTH_PARAM = new RegExp(`^${TOKEN}\\s*=\\s*(?:[!#$%&'*+.^_\`|~0-9A-Za-z-]|")`)
/** The scheme that starts a challenge: a token, then whitespace or nothing. */
const CHALLENGE_SCHEME = new RegExp(`^(${TOKEN})(?:\\s|$)`)

/**
 * One challenge of a `WWW-Authenticate` value: its scheme, and its
 * auth-params (names in lower case, quoted values unquoted) or its token68.
 *
 * @example
 * const challenge: Challenge = { scheme: 'Bearer', params: [['realm', 'petstore']], token68: false }
 */
export interface Challenge {
  scheme: string
  params: Array<[string, string]>
  token68: boolean
}

/** The elements of a comma-separated field value, commas inside quoted strings kept (one pass over the value). */
function listElements(value: string): Array<string> {
  const elements: Array<string> = []
  let current = ''
  let quoted = false
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index] as string
    if (quoted && char === '\\') {
      current += value.slice(index, index + 2)
      index += 1
      continue
    }
    if (char === '"') quoted = !quoted
    if (char === ',' && !quoted) {
      elements.push(current)
      current = ''
    } else {
      current += char
    }
  }
  elements.push(current)
  return elements
}

/** A parameter's value as written: a token, or a quoted string unquoted. */
function paramValue(text: string): string {
  const value = text.trim()
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value
}

/**
 * The challenges a `WWW-Authenticate` value lists (RFC 9110 §11.6.1:
 * `scheme [ token68 / #auth-param ]`, comma-separated, quoted strings kept
 * whole), in order.
 *
 * @example
 * parseChallenges('Bearer realm="a, b", error="invalid_token", Basic realm="x"').map((c) => c.scheme) // ['Bearer', 'Basic']
 */
export function parseChallenges(value: string): Array<Challenge> {
  const challenges: Array<Challenge> = []
  for (const element of listElements(value)) {
    let item = element.trim()
    if (item === '') continue
    if (!AUTH_PARAM.test(item)) {
      const scheme = CHALLENGE_SCHEME.exec(item)?.[1]
      if (scheme === undefined) continue
      challenges.push({ scheme, params: [], token68: false })
      item = item.slice(scheme.length).trim()
      if (item === '') continue
    }
    const challenge = challenges.at(-1)
    if (challenge === undefined) continue
    if (AUTH_PARAM.test(item)) {
      const equals = item.indexOf('=')
      challenge.params.push([
        item.slice(0, equals).trim().toLowerCase(),
        paramValue(item.slice(equals + 1)),
      ])
    } else {
      challenge.token68 = true
    }
  }
  return challenges
}

/** The attributes of a Bearer challenge that RFC 6750 §3 allows once each. */
const ONCE_EACH = ['realm', 'scope', 'error', 'error_description', 'error_uri']

/**
 * The characters RFC 6750 §3 allows in the values of `error` and
 * `error_description` (`%x20-21 / %x23-5B / %x5D-7E`), of `scope` (its
 * scope-tokens and the spaces between them) and of `error_uri`
 * (`%x21 / %x23-5B / %x5D-7E`).
 */
const VALUE_CHARACTERS: Record<string, RegExp> = {
  error: /^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/,
  error_description: /^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/,
  scope: /^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/,
  error_uri: /^[\x21\x23-\x5B\x5D-\x7E]*$/,
}

/**
 * What breaks RFC 6750 §3 in a Bearer challenge, or `undefined`: no
 * auth-param ("This scheme MUST be followed by one or more auth-param
 * values"), an attribute given twice ("MUST NOT appear more than once"), a
 * value with a character outside its set.
 *
 * @example
 * bearerParamsProblem({ scheme: 'Bearer', params: [], token68: false }) // 'the Bearer challenge has no auth-param (RFC 6750 §3: one or more MUST follow the scheme)'
 */
export function bearerParamsProblem(challenge: Challenge): string | undefined {
  if (challenge.params.length === 0) {
    return 'the Bearer challenge has no auth-param (RFC 6750 §3: one or more MUST follow the scheme)'
  }
  const names = challenge.params.map(([name]) => name)
  const twice = ONCE_EACH.find((name) => names.indexOf(name) !== names.lastIndexOf(name))
  if (twice !== undefined) {
    return `the Bearer challenge gives \`${twice}\` more than once (RFC 6750 §3: it MUST NOT appear more than once)`
  }
  const outside = challenge.params.find(
    ([name, value]) => VALUE_CHARACTERS[name]?.test(value) === false,
  )
  return outside === undefined
    ? undefined
    : `the Bearer challenge's \`${outside[0]}\` is ${JSON.stringify(outside[1])}, with a character RFC 6750 §3 does not allow there`
}

/**
 * `auth.www-authenticate`: a 401 of a pet operation challenges with the
 * Bearer scheme and no other, as RFC 6750 §3 writes it: the resource server
 * MUST include `WWW-Authenticate`; the scheme (case-insensitive, RFC 9110
 * §11.1) MUST be followed by one or more auth-params, which are the
 * server's, each attribute it defines at most once and within its
 * characters. A `Basic` challenge makes a browser ask for a password the API
 * never takes.
 *
 * @example
 * bearerChallenge(response, memory)?.problem // 'WWW-Authenticate is missing'
 */
export const bearerChallenge: ResponseRule = (response) => {
  if (response.status !== 401 || !SPECIFIED.has(response.operation)) {
    return undefined
  }
  return {
    expected:
      'WWW-Authenticate with the Bearer challenge only, followed by its auth-params (RFC 6750 §3)',
    problem: bearerChallengeProblem(response.headers['www-authenticate']),
  }
}

/**
 * Why a 401's `WWW-Authenticate` (undefined when it has none) is not the
 * Bearer challenge alone (RFC 6750 §3), or `undefined`.
 *
 * @example
 * bearerChallengeProblem('Basic realm="x"') // 'WWW-Authenticate "Basic realm="x"" challenges with Basic, a scheme §5 does not take'
 */
export function bearerChallengeProblem(value: string | undefined): string | undefined {
  const challenges = value === undefined ? [] : parseChallenges(value)
  const others = challenges.filter((challenge) => challenge.scheme.toLowerCase() !== 'bearer')
  const bearer = challenges.find((challenge) => challenge.scheme.toLowerCase() === 'bearer')
  const params = bearer && bearerParamsProblem(bearer)
  return value === undefined
    ? 'WWW-Authenticate is missing (RFC 6750 §3: a 401 MUST carry it)'
    : challenges.length === 0
      ? `WWW-Authenticate "${value}" names no challenge`
      : others.length > 0
        ? `WWW-Authenticate "${value}" challenges with ${others.map((challenge) => challenge.scheme).join(', ')}, a scheme §5 does not take`
        : params && `WWW-Authenticate "${value}": ${params}`
}

/**
 * Why a `Content-Type` is not one well-formed media type naming JSON
 * (RFC 9110 §8.3.1; `application/json` or a `+json` type, case-insensitive,
 * parameters allowed), or `undefined`.
 *
 * @example
 * jsonMediaTypeProblemOf('application/json, text/html') // 'Content-Type "application/json, text/html" is not one media type (RFC 9110 §8.3.1)'
 */
export function jsonMediaTypeProblemOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) {
    return 'Content-Type missing'
  }
  const mediaType = parseMediaType(contentType)
  return mediaType === undefined
    ? `Content-Type "${contentType}" is not one media type (RFC 9110 §8.3.1)`
    : isJsonMediaType(mediaType)
      ? undefined
      : `Content-Type "${contentType}" is not JSON`
}

/**
 * `response.media-type`, on every response: a `Content-Type` sent is one
 * well-formed media type (RFC 9110 §8.3.1: `type/subtype`, then
 * `;`-separated `name=value` parameters). Which type, and a missing one, are
 * `response.json`'s and `error.body`'s; the answers to other `Accept`
 * values are judged by the kit's requests.
 *
 * @example
 * wellFormedContentType(response, memory)?.problem // 'Content-Type "application/json; charset=utf-8, application/json" is not one media type (RFC 9110 §8.3.1)'
 */
export const wellFormedContentType: ResponseRule = (response) => {
  const contentType = response.headers['content-type']
  if (contentType === undefined) {
    return undefined
  }
  return {
    expected: 'one well-formed media type (RFC 9110 §8.3.1)',
    problem:
      parseMediaType(contentType) === undefined
        ? `Content-Type "${contentType}" is not one media type (RFC 9110 §8.3.1)`
        : undefined,
  }
}
