import type { ErrorBody } from '../spec/error-body.ts'

/**
 * The one exception of the mock: thrown anywhere while handling a request and
 * turned into an Error response (spec §7) in one place, `createApp`.
 *
 * @example
 * throw new ApiError(404, 'not_found', 'Pet 7 was not found.')
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.headers = headers
  }

  /**
   * The Error body of this exception.
   */
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, status: this.status }
  }
}
