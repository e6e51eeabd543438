import { jsonResponse } from '../../base/http/json-response.ts'
import { readJsonBody } from '../../base/http/read-json-body.ts'
import type { Operation } from '../../base/http/types.ts'
import type { ScenarioQueue } from '../../core/simulation/scenario-queue.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { ADMIN_PREFIX } from '../../spec/paths.ts'
import { clip } from '../../utils/clip.ts'
import { maskState, type StateWithKeys } from './mask-state.ts'

/**
 * Whether a path (under the base path) belongs to the control API.
 *
 * @example
 * isAdminPath('/__mock/state') // true
 */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)
}

/**
 * What the control API works on: the petstore's reset and state, its scenarios, and more routes.
 *
 * @example
 * const routes = adminRoutes({ reset: () => core.reset(), state: () => core.state(), scenarios })
 */
export interface AdminDeps {
  reset(): Promise<void>
  state(): StateWithKeys
  scenarios: ScenarioQueue
  /** More control endpoints (the journal's, the dashboard's). */
  routes?: ReadonlyArray<AdminRoute>
}

/**
 * One endpoint of the control API.
 *
 * @example
 * const route: AdminRoute = { method: 'POST', path: '/__mock/reset', run: async () => jsonResponse(200, await reset()) }
 */
export interface AdminRoute {
  method: 'GET' | 'POST' | 'DELETE'
  /** Full path, e.g. `/__mock/reset`. */
  path: string
  run: Operation
}

/**
 * The control API under `/__mock/` (no bearer needed): `POST reset`,
 * `GET state`, `GET`/`POST`/`DELETE scenarios`, as routes for the app's router.
 *
 * @example
 * const routes = adminRoutes({ reset, state, scenarios })
 */
export function adminRoutes(deps: AdminDeps): Array<AdminRoute> {
  if (
    typeof deps?.reset !== 'function' ||
    typeof deps.state !== 'function' ||
    typeof deps.scenarios?.add !== 'function'
  ) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the control API',
      'reset, state and scenarios are required',
    )
  }
  return [
    {
      method: 'POST',
      path: `${ADMIN_PREFIX}/reset`,
      run: async () => {
        await deps.reset()
        return jsonResponse(200, maskState(deps.state()))
      },
    },
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/state`,
      run: () => jsonResponse(200, maskState(deps.state())),
    },
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/scenarios`,
      run: () => jsonResponse(200, deps.scenarios.list()),
    },
    {
      method: 'POST',
      path: `${ADMIN_PREFIX}/scenarios`,
      run: ({ request }) =>
        jsonResponse(201, deps.scenarios.add(readJsonBody(request, 'a scenario'))),
    },
    {
      method: 'DELETE',
      path: `${ADMIN_PREFIX}/scenarios`,
      run: () => {
        deps.scenarios.clear()
        return { status: 204, headers: {} }
      },
    },
    {
      method: 'DELETE',
      path: `${ADMIN_PREFIX}/scenarios/{id}`,
      run: ({ params }) => {
        const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN
        if (!deps.scenarios.remove(id)) {
          throw new ApiError('not_found', `No queued scenario has id ${clip(params.id ?? '')}.`)
        }
        return { status: 204, headers: {} }
      },
    },
    ...(deps.routes ?? []),
  ]
}

/**
 * The 404 of a path under `/__mock/` that names no endpoint.
 *
 * @example
 * throw adminNotFound('/__mock/nothing', routes)
 */
export function adminNotFound(path: string, routes: ReadonlyArray<AdminRoute>): ApiError {
  const endpoints = [...new Set(routes.map((route) => route.path))].join(', ')
  return new ApiError('route_not_found', `No control endpoint at ${clip(path)}; see ${endpoints}.`)
}
