import { ApiError } from '../errors/api-error.ts'
import { clip } from '../errors/clip.ts'
import { ConfigError } from '../errors/config-error.ts'
import { methodNotAllowed } from '../errors/method-not-allowed.ts'
import { jsonResponse } from '../http/json-response.ts'
import { readJsonBody } from '../http/parse-json-body.ts'
import type { Operation } from '../http/types.ts'
import type { ScenarioQueue } from '../simulation/scenario-queue.ts'
import { maskState, type StateWithKeys } from './mask-state.ts'

/** Where the control endpoints live. */
export const ADMIN_PREFIX = '/__mock'

/**
 * Whether a path belongs to the control API.
 *
 * @example
 * isAdminPath('/__mock/state') // true
 */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)
}

export interface AdminDeps {
  reset(): Promise<void>
  state(): StateWithKeys
  scenarios: ScenarioQueue
}

const ALLOW: Record<string, string> = {
  '/__mock/reset': 'POST',
  '/__mock/state': 'GET',
  '/__mock/scenarios': 'GET, POST, DELETE',
}

/**
 * The control API under `/__mock/` (no bearer needed): `POST reset`,
 * `GET state`, `GET`/`POST`/`DELETE scenarios`.
 *
 * @example
 * const operation = adminApi({ reset, state, scenarios })
 */
export function adminApi(deps: AdminDeps): Operation {
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
  return async ({ request }) => {
    const route = `${request.method} ${request.path}`
    switch (route) {
      case 'POST /__mock/reset':
        await deps.reset()
        return jsonResponse(200, maskState(deps.state()))
      case 'GET /__mock/state':
        return jsonResponse(200, maskState(deps.state()))
      case 'GET /__mock/scenarios':
        return jsonResponse(200, deps.scenarios.list())
      case 'POST /__mock/scenarios':
        return jsonResponse(201, deps.scenarios.add(readJsonBody(request.body, 'a scenario')))
      case 'DELETE /__mock/scenarios':
        deps.scenarios.clear()
        return { status: 204, headers: {} }
    }
    const allow = ALLOW[request.path]
    if (allow === undefined) {
      throw new ApiError(
        'route_not_found',
        `No control endpoint at ${clip(request.path)}; see ${Object.keys(ALLOW).join(', ')}.`,
      )
    }
    throw methodNotAllowed(request.method, request.path, allow)
  }
}
