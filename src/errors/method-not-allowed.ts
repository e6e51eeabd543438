import { ApiError } from './api-error.ts'

/**
 * The 405 for a known path asked with another method, with `Allow` (RFC 9110).
 *
 * @example
 * throw methodNotAllowed('DELETE', '/v1/pets', 'GET, HEAD, POST')
 */
export function methodNotAllowed(method: string, path: string, allow: string): ApiError {
  return new ApiError('method_not_allowed', `${method} is not allowed on ${path}; use ${allow}.`, {
    allow,
  })
}
