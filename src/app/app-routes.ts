import { compose } from '../base/http/compose.ts'
import { jsonResponse } from '../base/http/json-response.ts'
import { originOfHost } from '../base/http/origin-of-host.ts'
import type { RouterEntry } from '../base/http/router.ts'
import type { Middleware, Operation } from '../base/http/types.ts'
import type { AdminRoute } from '../control/admin/admin-api.ts'
import type { Store } from '../core/data/create-store.ts'
import { bodyLimits } from '../core/middleware/body-limits.ts'
import { deprecation } from '../core/middleware/deprecation.ts'
import { requireJsonContent } from '../core/middleware/require-json-content.ts'
import { createPet } from '../core/operations/create-pet.ts'
import { getPet } from '../core/operations/get-pet.ts'
import { listOrders } from '../core/operations/list-orders.ts'
import { listPets } from '../core/operations/list-pets.ts'
import { OPENAPI_PATH } from '../spec/paths.ts'
import { ROUTES, type Route } from '../spec/routes.ts'

/**
 * What the router finds for a method and path: what to run, and the spec's route it serves.
 *
 * @example
 * router.find('GET', '/v1/pets/7')?.value // { route: ROUTE_OF.getPet, run: … }
 */
export interface AppTarget {
  /** The spec's route, for an operation of the API; `undefined` for the document and the control API. */
  route: Route | undefined
  run: Operation
}

/**
 * The router's entries: each operation of the spec behind `secured` (the
 * deprecation headers first on a deprecated route), the OpenAPI document, and
 * the control API's routes behind the JSON content and body-size checks.
 *
 * @example
 * const router = createRouter(appRoutes({ store, secured, basePath: '', openapi, admin: [] }))
 */
export function appRoutes(parts: {
  store: Store
  /** The chain in front of every operation: authentication, rate limit, auth required, simulation. */
  secured: ReadonlyArray<Middleware>
  basePath: string
  /** The OpenAPI document, for the origin the request came to. */
  openapi: (requestOrigin: string | undefined) => unknown
  admin: ReadonlyArray<AdminRoute>
}): Array<RouterEntry<AppTarget>> {
  const { store, secured, basePath } = parts
  const operations = {
    listPets: listPets(store),
    createPet: createPet(store),
    getPet: getPet(store),
    listOrders: listOrders(store),
  }
  return [
    ...ROUTES.map((route) => ({
      method: route.method,
      path: route.path,
      value: {
        route,
        run: compose(
          route.deprecation ? [deprecation(route.deprecation, basePath), ...secured] : secured,
          operations[route.operationId],
        ),
      },
    })),
    {
      method: 'GET',
      path: OPENAPI_PATH,
      value: {
        route: undefined,
        run: async ({ request }) =>
          jsonResponse(
            200,
            parts.openapi(request.origin ?? originOfHost(request.headers.get('host'))),
          ),
      },
    },
    ...parts.admin.map((entry) => ({
      method: entry.method,
      path: entry.path,
      value: { route: undefined, run: compose([requireJsonContent(), bodyLimits()], entry.run) },
    })),
  ]
}
