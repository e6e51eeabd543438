import { ApiError } from '../../errors/api-error.ts'
import { jsonResponse } from './json-response.ts'
import type { MockResponse } from './types.ts'

/**
 * The one place where a failure becomes a response: an `ApiError` becomes its
 * Error body; anything else a 500 `internal_error`, reported to `onError`.
 * The answer carries the code as `errorCode`. A middleware on a hot path (the
 * rate limit) may return this instead of throwing: a throw costs a rejected
 * promise and its bookkeeping on every refused request.
 *
 * @example
 * toErrorResponse(new ApiError('not_found', 'Pet 7 was not found.'))
 */
export function toErrorResponse(
  error: unknown,
  onError: (error: unknown) => void = () => {},
): MockResponse & { body: string } {
  let failure: ApiError
  if (error instanceof ApiError) failure = error
  else {
    onError(error)
    failure = new ApiError('internal_error', 'The mock failed to handle the request; see its log.')
  }
  const response = jsonResponse(failure.status, failure.toBody(), failure.headers)
  response.errorCode = failure.code
  return response
}
