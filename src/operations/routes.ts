/**
 * One operation of the API: where it lives and what the OpenAPI document says
 * of it. The router, the msw handlers and the OpenAPI document all read this
 * table, so a route is written once.
 */
export interface Route {
  operationId: 'listPets' | 'createPet' | 'getPet' | 'listOrders'
  method: 'GET' | 'POST'
  /** OpenAPI path template under the base URL, e.g. `/v1/pets/{petId}`. */
  path: string
  summary: string
  tag: 'pets' | 'store'
  deprecated?: boolean
}

/** The version segment every API path starts with (spec §9). */
export const API_PREFIX = '/v1'

/**
 * The routes of the API.
 *
 * @example
 * ROUTES.find((route) => route.operationId === 'getPet')?.deprecated // true
 */
export const ROUTES: ReadonlyArray<Route> = [
  {
    operationId: 'listPets',
    method: 'GET',
    path: '/v1/pets',
    summary: 'List animals',
    tag: 'pets',
  },
  {
    operationId: 'createPet',
    method: 'POST',
    path: '/v1/pets',
    summary: 'Add an animal',
    tag: 'pets',
  },
  {
    operationId: 'getPet',
    method: 'GET',
    path: '/v1/pets/{petId}',
    summary: 'Get an animal',
    tag: 'pets',
    deprecated: true,
  },
  {
    operationId: 'listOrders',
    method: 'GET',
    path: '/v1/store/orders',
    summary: 'List store orders',
    tag: 'store',
  },
]

/**
 * Turns a path template into a matcher that returns the path parameters.
 *
 * @example
 * matchPath('/v1/pets/{petId}')('/v1/pets/7') // { petId: '7' }
 */
export function matchPath(template: string): (path: string) => Record<string, string> | undefined {
  const names: Array<string> = []
  const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  const pattern = new RegExp(`^${source}$`)
  return (path) => {
    const match = pattern.exec(path)
    if (match === null) return undefined
    const params: Record<string, string> = {}
    names.forEach((name, index) => {
      params[name] = match[index + 1] ?? ''
    })
    return params
  }
}
