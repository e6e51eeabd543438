import { RATE_LIMIT_HEADERS } from '../spec/index.ts'

/**
 * The rate-limit headers of one response, parsed.
 *
 * @example
 * parseRateLimitHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1767225600' })
 * // { limit: 60, remaining: 59, reset: 1767225600 }
 */
export interface RateLimitHeaders {
  limit: number
  remaining: number
  /** Unix time in seconds. */
  reset: number
}

const INTEGER = /^\d+$/

/**
 * Parses a header value that must be a non-negative decimal integer.
 *
 * @example
 * parseIntegerHeader('42') // 42
 * parseIntegerHeader('4.2') // undefined
 */
export function parseIntegerHeader(value: string | undefined): number | undefined {
  if (value === undefined) {
    return undefined
  }
  const trimmed = value.trim()
  if (!INTEGER.test(trimmed)) {
    return undefined
  }
  const parsed = Number(trimmed)
  return Number.isSafeInteger(parsed) ? parsed : undefined
}

/**
 * The three rate-limit headers, lower-cased, in the order the spec lists them
 * (`RATE_LIMIT_HEADER_NAMES` of the spec module is their spelling by role).
 *
 * @example
 * RATE_LIMIT_HEADERS_IN_ORDER[0] // 'x-ratelimit-limit'
 */
export const RATE_LIMIT_HEADERS_IN_ORDER = [
  RATE_LIMIT_HEADERS.limit,
  RATE_LIMIT_HEADERS.remaining,
  RATE_LIMIT_HEADERS.reset,
] as const

/**
 * Why a header value is not a usable non-negative integer, or `undefined`
 * when it is one: `missing`, `out of range (negative)`, `out of range (beyond 2^53 - 1)`
 * or `not an integer`.
 *
 * @example
 * integerHeaderProblem('-5') // 'out of range (negative)'
 * integerHeaderProblem('1.5') // 'not an integer'
 */
export function integerHeaderProblem(value: string | undefined): string | undefined {
  if (value === undefined) {
    return 'missing'
  }
  if (parseIntegerHeader(value) !== undefined) {
    return undefined
  }
  const trimmed = value.trim()
  if (/^-\d+$/.test(trimmed)) {
    return 'out of range (negative)'
  }
  if (INTEGER.test(trimmed)) {
    return 'out of range (beyond 2^53 - 1)'
  }
  return 'not an integer'
}

/**
 * Each rate-limit header that cannot be used, with its value and why.
 *
 * @example
 * rateLimitHeaderProblems({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '-1' })
 * // [{ name: 'x-ratelimit-reset', value: '-1', problem: 'out of range (negative)' }]
 */
export function rateLimitHeaderProblems(
  headers: Record<string, string>,
): Array<{ name: string; value: string | undefined; problem: string }> {
  return RATE_LIMIT_HEADERS_IN_ORDER.flatMap((name) => {
    const problem = integerHeaderProblem(headers[name])
    return problem === undefined ? [] : [{ name, value: headers[name], problem }]
  })
}

/**
 * Reads `X-RateLimit-Limit`, `-Remaining` and `-Reset` from lower-cased
 * headers; `undefined` unless all three are integers.
 *
 * @example
 * parseRateLimitHeaders({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1767225600' })
 */
export function parseRateLimitHeaders(
  headers: Record<string, string>,
): RateLimitHeaders | undefined {
  const limit = parseIntegerHeader(headers[RATE_LIMIT_HEADERS.limit])
  const remaining = parseIntegerHeader(headers[RATE_LIMIT_HEADERS.remaining])
  const reset = parseIntegerHeader(headers[RATE_LIMIT_HEADERS.reset])
  if (limit === undefined || remaining === undefined || reset === undefined) {
    return undefined
  }
  return { limit, remaining, reset }
}

/**
 * Parses `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) into
 * milliseconds from `now`. `undefined` when absent or malformed.
 *
 * @example
 * parseRetryAfter('3', Date.now()) // 3000
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const end = retryAfterEnd(value, now)
  return end === undefined ? undefined : Math.max(0, end.at - now)
}

/**
 * When the wait `Retry-After` asks for ends (ms since the epoch) and whether
 * the header named that time itself (`dated`: an HTTP-date, whatever `now`
 * is) or a delay from `now`. `undefined` when absent or malformed.
 *
 * @example
 * retryAfterEnd('3', 1_000) // { at: 4_000, dated: false }
 */
export function retryAfterEnd(
  value: string | undefined,
  now: number,
): { at: number; dated: boolean } | undefined {
  if (value === undefined) {
    return undefined
  }
  const seconds = parseIntegerHeader(value)
  if (seconds !== undefined) {
    return { at: now + seconds * 1000, dated: false }
  }
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value.trim())) {
    return undefined
  }
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : { at: date, dated: true }
}

/**
 * The server's clock from its `Date` header, in whole seconds, if present.
 *
 * @example
 * serverDateSeconds({ date: 'Thu, 01 Jan 2026 00:00:00 GMT' }) // 1767225600
 */
export function serverDateSeconds(headers: Record<string, string>): number | undefined {
  const value = headers.date
  if (value === undefined) {
    return undefined
  }
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.floor(date / 1000)
}
