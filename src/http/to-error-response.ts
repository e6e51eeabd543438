import { ApiError } from '../errors/api-error.ts'
import { jsonResponse } from './json-response.ts'
import type { MockResponse } from './types.ts'

/**
 * The one place where a failure becomes a response: an `ApiError` becomes its
 * Error body; anything else a 500 `internal_error`, reported to `onError`.
 *
 * @example
 * toErrorResponse(new ApiError('not_found', 'Pet 7 was not found.'))
 */
export function toErrorResponse(
  error: unknown,
  onError: (error: unknown) => void = () => {},
): MockResponse & { body: string } {
  if (error instanceof ApiError) return jsonResponse(error.status, error.toBody(), error.headers)
  onError(error)
  const failure = new ApiError(
    'internal_error',
    'The mock failed to handle the request; see its log.',
  )
  return jsonResponse(failure.status, failure.toBody())
}
