import { API_PREFIX, ROUTE_OF } from '../../src/spec/routes.ts'
import type { OperationId } from './types.ts'

type SpecOperationId = Exclude<OperationId, 'other' | 'any'>

/** A route of the spec as the kit calls it: the path is relative to the base URL (which ends in `/v1`). */
interface KitRoute {
  method: string
  path: string
  deprecated: boolean
}

/** A spec path without the version segment the kit's base URL already holds: `/v1/pets` → `/pets`. */
const underBaseUrl = (path: string): string => path.slice(API_PREFIX.length)

/**
 * The operations the kit knows, with their method, path (relative to the base
 * URL) and deprecation, read from the spec's route table; `other` stands for
 * the methods the spec does not define, `any` for a rule decided once per run
 * by whichever response shows it (a 429).
 *
 * @example
 * operations.getPet // { method: 'GET', path: '/pets/{petId}', deprecated: true }
 */
export const operations: Record<OperationId, KitRoute> = {
  listPets: kitRoute('listPets'),
  createPet: kitRoute('createPet'),
  getPet: kitRoute('getPet'),
  listOrders: kitRoute('listOrders'),
  other: { method: '*', path: 'undocumented methods', deprecated: false },
  any: { method: '*', path: 'whichever operation answers 429', deprecated: false },
}

function kitRoute(operationId: SpecOperationId): KitRoute {
  const route = ROUTE_OF[operationId]
  return {
    method: route.method,
    path: underBaseUrl(route.path),
    deprecated: route.deprecation !== undefined,
  }
}

/**
 * The path (and query) the kit requests for an operation, relative to the
 * base URL: path parameters filled in as given (unencoded, so probes can send
 * malformed ids), the query appended as written.
 *
 * @example
 * kitPath('getPet', { petId: 7 }) // '/pets/7'
 * kitPath('listPets', {}, 'limit=1') // '/pets?limit=1'
 */
export function kitPath(
  operationId: SpecOperationId,
  params: { petId?: string | number | bigint } = {},
  query = '',
): string {
  const path = operations[operationId].path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name as keyof typeof params]),
  )
  return query ? `${path}${query.startsWith('?') ? '' : '?'}${query}` : path
}

export { SUNSET_DAY } from '../../src/judge/catalogue.ts'

/**
 * The prefix of every pet the kit creates, so they can be found and removed.
 *
 * @example
 * pets.filter((pet) => pet.name.startsWith(NAME_PREFIX))
 */
export const NAME_PREFIX = 'conformance-'

/**
 * The start of the names of the pets one run creates: {@link NAME_PREFIX},
 * the seed and the run's start (ms, base 36). The seed alone would give a
 * second run the names of the first, and a server that finds pets by name
 * would answer it with the pets the first left: with the start, a run is
 * judged on what it creates itself, whatever an earlier run left.
 *
 * @example
 * runNamePrefix(1, 1_767_225_600_000) // 'conformance-1-mjuohs00-'
 */
export function runNamePrefix(seed: number, startedAt: number): string {
  return `${NAME_PREFIX}${seed}-${Math.max(0, Math.trunc(startedAt)).toString(36)}-`
}

/**
 * An operation's name for reports, marked when the operation is deprecated.
 *
 * @example
 * operationLabel('getPet') // 'getPet (deprecated)'
 */
export function operationLabel(operation: OperationId): string {
  return `${operation}${operations[operation].deprecated ? ' (deprecated)' : ''}`
}
