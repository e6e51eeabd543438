import { ApiError } from '../errors/api-error.ts'
import { jsonResponse } from './json-response.ts'
import type { MockResponse } from './types.ts'

/**
 * The one place where a failure becomes a response: an `ApiError` becomes its
 * Error body; anything else a 500 `internal_error`, reported to `onError`.
 *
 * @example
 * toErrorResponse(new ApiError(404, 'not_found', 'Pet 7 was not found.'))
 */
export function toErrorResponse(
  error: unknown,
  onError: (error: unknown) => void = () => {},
): MockResponse {
  if (error instanceof ApiError) return jsonResponse(error.status, error.toBody(), error.headers)
  onError(error)
  return jsonResponse(500, {
    code: 'internal_error',
    message: 'The mock failed to handle the request; see its log.',
    status: 500,
  })
}
