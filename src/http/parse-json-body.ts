import { ApiError } from '../errors/api-error.ts'

/**
 * Parses a request body that must be JSON: 400 `invalid_request` when it is
 * missing, 400 `invalid_json` when it does not parse. `what` names the
 * expected content in the message.
 *
 * @example
 * const value = readJsonBody(request.body, 'a NewPet')
 */
export function readJsonBody(body: string | null, what: string): unknown {
  if (body === null || body.trim() === '') {
    throw new ApiError('invalid_request', `The request body is missing; send ${what} as JSON.`)
  }
  try {
    return JSON.parse(body)
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON.')
  }
}
