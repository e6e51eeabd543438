import { DEFAULT_PET_STATUS } from './default-pet-status.ts'
import type { Deprecation } from './deprecation.ts'

/**
 * One operation of the API: where it lives and what the OpenAPI document says
 * of it. The router, the msw handlers and the OpenAPI document all read this
 * table, so a route is written once.
 */
/**
 * The operations of the API (spec §4), by their OpenAPI `operationId`.
 *
 * @example
 * const id: OperationId = 'getPet' // ROUTE_OF[id].path === '/v1/pets/{petId}'
 */
export type OperationId = 'listPets' | 'createPet' | 'getPet' | 'listOrders'

/**
 * One operation of the spec: its id, method and path, and what the OpenAPI document says of it.
 *
 * @example
 * const route: Route = ROUTE_OF.getPet // route.path === '/v1/pets/{petId}'
 */
export interface Route {
  operationId: OperationId
  method: 'GET' | 'POST'
  /** OpenAPI path template under the base URL, e.g. `/v1/pets/{petId}`. */
  path: string
  summary: string
  /** What the operation does, for the OpenAPI document (Markdown). */
  description: string
  tag: keyof typeof TAGS
  /** Set for a deprecated operation: every response of it carries `Deprecation`, `Sunset` and `Link`. */
  deprecation?: Deprecation
}

/**
 * The navigation groups of the API (spec §1), with what each holds.
 *
 * @example
 * TAGS.pets // 'Animals available for adoption: list, add and fetch them.'
 */
export const TAGS = {
  pets: 'Animals available for adoption: list, add and fetch them.',
  store: 'Store orders placed for animals.',
} as const

/**
 * The version segment every API path starts with (spec §9).
 *
 * @example
 * `${API_PREFIX}/pets` // '/v1/pets'
 */
export const API_PREFIX = '/v1'

/**
 * `getPet` was deprecated with API version 1.0.0 and goes away on its sunset
 * date (spec §4.3); its successor is `listPets` with a `status` filter.
 *
 * @example
 * GET_PET_DEPRECATION.sunset.toUTCString() // 'Thu, 05 Dec 2030 00:00:00 GMT'
 */
export const GET_PET_DEPRECATION: Deprecation = {
  deprecatedAt: new Date('2026-01-01T00:00:00Z'),
  sunset: new Date('2030-12-05T00:00:00Z'),
  successor: `${API_PREFIX}/pets`,
}

/**
 * The routes of the API, by operation.
 *
 * @example
 * ROUTE_OF.getPet.deprecation?.sunset.toUTCString() // 'Thu, 05 Dec 2030 00:00:00 GMT'
 */
export const ROUTE_OF: { readonly [Id in OperationId]: Route & { operationId: Id } } = {
  listPets: {
    operationId: 'listPets',
    method: 'GET',
    path: `${API_PREFIX}/pets`,
    summary: 'List animals',
    description:
      'Returns animals ordered by `id` ascending, at most `limit` of them, optionally only those with the given `status`.',
    tag: 'pets',
  },
  createPet: {
    operationId: 'createPet',
    method: 'POST',
    path: `${API_PREFIX}/pets`,
    summary: 'Add an animal',
    description: `Stores a new animal and returns it with its assigned \`id\`. \`categoryId\` must name an existing category; an animal created without \`status\` is \`${DEFAULT_PET_STATUS}\`.`,
    tag: 'pets',
  },
  getPet: {
    operationId: 'getPet',
    method: 'GET',
    path: `${API_PREFIX}/pets/{petId}`,
    summary: 'Get an animal',
    description:
      'Returns one animal by its `id`. Deprecated: it is to be removed on the `Sunset` date; use `GET /pets` with a `status` filter instead.',
    tag: 'pets',
    deprecation: GET_PET_DEPRECATION,
  },
  listOrders: {
    operationId: 'listOrders',
    method: 'GET',
    path: `${API_PREFIX}/store/orders`,
    summary: 'List store orders',
    description:
      'Returns store orders ordered by `id` ascending, at most `limit` of them, optionally only those with the given `status`. Each order names an existing animal.',
    tag: 'store',
  },
}

/**
 * The routes of the API, in the order the router tries them.
 *
 * @example
 * ROUTES.find((route) => route.operationId === 'getPet')?.deprecation?.sunset
 */
export const ROUTES: ReadonlyArray<Route> = Object.values(ROUTE_OF)

/**
 * The route of an operation.
 *
 * @example
 * routeOf('getPet').path // '/v1/pets/{petId}'
 */
export function routeOf(operationId: OperationId): Route {
  return ROUTE_OF[operationId]
}
