import { RATE_LIMIT_HEADERS } from '../src/spec/headers.ts'

/** The rate-limit headers of one response, parsed. */
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
  if (value === undefined) {
    return undefined
  }
  const seconds = parseIntegerHeader(value)
  if (seconds !== undefined) {
    return seconds * 1000
  }
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value.trim())) {
    return undefined
  }
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
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
