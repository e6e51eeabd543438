import type { Context } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ERROR_CODES, type ErrorCode } from '../../spec/error-codes.ts'
import { RATE_LIMIT_HEADERS, RETRY_AFTER, WWW_AUTHENTICATE } from '../../spec/headers.ts'

/**
 * The Error of a forced answer, with the headers a real one of its status
 * carries: a 401 `WWW-Authenticate`; a 429 `Retry-After` (the rate limiter's
 * seconds to the window's reset, 1 where no limiter counted the request) and
 * `X-RateLimit-Remaining: 0`; a 503 `Retry-After`.
 *
 * @example
 * throw forcedError(ctx, 'rate_limited', 'Rate limit exceeded (simulated).')
 */
export function forcedError(ctx: Context, code: ErrorCode, message: string): ApiError {
  const status = ERROR_CODES[code]
  const headers: Record<string, string> = {}
  if (status === 401) headers['www-authenticate'] = WWW_AUTHENTICATE
  if (status === 429 || status === 503) headers[RETRY_AFTER] = String(ctx.retryAfter ?? 1)
  if (status === 429) ctx.headers[RATE_LIMIT_HEADERS.remaining] = '0'
  return new ApiError(code, message, headers)
}
