import type { ErrorBody } from '../spec/error-body.ts'
import { ERROR_CODES, type ErrorCode } from '../spec/error-codes.ts'
import { PetstoreError } from './petstore-error.ts'

/**
 * The one HTTP exception of the mock: thrown anywhere while handling a
 * request and turned into an Error response (spec §7) in one place. Its
 * `code` is the Error body's code; the status is the one the error-code table
 * gives that code, never restated. It never leaves the package: every
 * request that throws one is answered with it.
 *
 * @example
 * throw new ApiError('not_found', 'Pet 7 was not found.')
 */
export class ApiError extends PetstoreError<ErrorCode> {
  readonly status: number
  readonly headers: Record<string, string>

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    // Answered, never shown: no stack is captured, which was most of the
    // cost of an answer such as a 429 to a client that keeps sending.
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      super(code, message)
    } finally {
      Error.stackTraceLimit = stackTraceLimit
    }
    this.name = 'ApiError'
    this.status = ERROR_CODES[code]
    this.headers = headers
  }

  /**
   * The Error body of this exception.
   *
   * @example
   * new ApiError('not_found', 'Pet 7 was not found.').toBody().status // 404
   */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status }
  }
}
