import type { Zone } from '../base/http/types.ts'
import { isAdminPath } from '../control/admin/admin-api.ts'
import { ApiError } from '../errors/api-error.ts'
import { ADMIN_PREFIX, OPENAPI_PATH } from '../spec/paths.ts'
import { API_PREFIX } from '../spec/routes.ts'
import { clip } from '../utils/clip.ts'

/**
 * Which part of the mock a path (under the base path) belongs to: the API,
 * the control API or the OpenAPI document; `undefined` for none.
 *
 * @example
 * zoneOf('/v1/pets') // 'api'
 * zoneOf('/__mock/reset') // 'admin'
 * zoneOf('/favicon.ico') // undefined
 */
export function zoneOf(path: string): Zone | undefined {
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return 'api'
  if (isAdminPath(path)) return 'admin'
  if (path === OPENAPI_PATH) return 'document'
  return undefined
}

/**
 * A request path under the base path (`/api` for `https://example.com/api`),
 * or `undefined` when it lies outside it.
 *
 * @example
 * underBase('/api', '/api/v1/pets') // '/v1/pets'
 * underBase('/api', '/api') // '/'
 * underBase('/api', '/v1/pets') // undefined
 */
export function underBase(basePath: string, path: string): string | undefined {
  if (basePath === '') return path
  if (path === basePath) return '/'
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined
}

/**
 * The 404 of a path in no part of the mock, naming where the API, its
 * OpenAPI document and (when the control API is on) the dashboard live.
 *
 * @example
 * outsideApi('/api', '/nope', true).message
 * // 'No operation at /nope; the API lives under /api/v1, its OpenAPI document at /api/openapi.json, the dashboard at /api/__mock/.'
 */
export function outsideApi(basePath: string, path: string, dashboard: boolean): ApiError {
  const where = `the API lives under ${basePath}${API_PREFIX}, its OpenAPI document at ${basePath}${OPENAPI_PATH}`
  return new ApiError(
    'route_not_found',
    `No operation at ${clip(path)}; ${where}${dashboard ? `, the dashboard at ${basePath}${ADMIN_PREFIX}/` : ''}.`,
  )
}
