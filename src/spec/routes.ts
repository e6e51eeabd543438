import { DEFAULT_PET_STATUS } from '../data/default-pet-status.ts'

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
  /** What the operation does, for the OpenAPI document (Markdown). */
  description: string
  tag: keyof typeof TAGS
  deprecated?: boolean
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
    description:
      'Returns animals ordered by `id` ascending, at most `limit` of them, optionally only those with the given `status`.',
    tag: 'pets',
  },
  {
    operationId: 'createPet',
    method: 'POST',
    path: '/v1/pets',
    summary: 'Add an animal',
    description: `Stores a new animal and returns it with its assigned \`id\`. \`categoryId\` must name an existing category; an animal created without \`status\` is \`${DEFAULT_PET_STATUS}\`.`,
    tag: 'pets',
  },
  {
    operationId: 'getPet',
    method: 'GET',
    path: '/v1/pets/{petId}',
    summary: 'Get an animal',
    description:
      'Returns one animal by its `id`. Deprecated: it is to be removed on the `Sunset` date; use `GET /pets` with a `status` filter instead.',
    tag: 'pets',
    deprecated: true,
  },
  {
    operationId: 'listOrders',
    method: 'GET',
    path: '/v1/store/orders',
    summary: 'List store orders',
    description:
      'Returns store orders ordered by `id` ascending, at most `limit` of them, optionally only those with the given `status`. Each order names an existing animal.',
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
