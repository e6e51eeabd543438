import type { ErrorCode } from '../../spec/error-codes.ts'
import type { NewPet } from '../../spec/new-pet.ts'
import { NewPet as NewPetSchema } from '../../spec/new-pet.ts'
import { PARAMETERS } from '../../spec/params.ts'
import { type OperationId, ROUTES, type Route } from '../../spec/routes.ts'
import { operationSpecs } from '../openapi/openapi-operations.ts'
import { errorsOf } from '../openapi/openapi-paths.ts'
import { SIMULATED_STATUS_LIST } from '../simulation/simulated-statuses.ts'

/**
 * An answer that took at least this long (in ms) meets the "slow answer"
 * state of its operation; forcing that state delays the answer this long.
 *
 * @example
 * SLOW_ANSWER_MS // 2000
 */
export const SLOW_ANSWER_MS = 2_000

/**
 * How the mock gives a cell's answer when it is forced
 * (`POST /__mock/coverage/force`): an Error with this `code`, an empty list,
 * the list filtered by a `status`, the real answer after `SLOW_ANSWER_MS`,
 * or the real answer (a state that the data decides, such as a full page).
 *
 * @example
 * const force: CellForce = { kind: 'error', code: 'rate_limited' }
 */
export type CellForce =
  | { kind: 'error'; code: ErrorCode }
  | { kind: 'empty' }
  | { kind: 'filter'; status: string }
  | { kind: 'slow' }
  | { kind: 'real' }

/**
 * One cell of traffic coverage: an operation, a status its document lists,
 * and a named state a client has to handle beyond the status.
 *
 * @example
 * const cell: CoverageCell | undefined = cellOf('listPets:429:rate-limited')
 * cell?.label // 'rate limited'
 */
export interface CoverageCell {
  /** `<operationId>:<status>:<state>`, e.g. `getPet:404:not-found`. */
  id: string
  operation: OperationId
  status: number
  state: string
  /** The state in a frontend developer's words, e.g. `empty list`. */
  label: string
  /** The request a forced answer waits for, e.g. `GET /v1/pets`. */
  request: string
  /** How the mock answers when the cell is forced. */
  force: CellForce
  /** The state as a Pact provider state, e.g. `pet 1001 does not exist`. */
  providerState: string
}

/** One named state of a status, before it is given to an operation. */
interface StateSpec {
  state: string
  label: string
  force: CellForce
  providerState: string
}

/** The words of each NewPet field (typed by the schema: a new field needs its words). */
const FIELD_WORDS: { readonly [Field in keyof NewPet]-?: { state: string; label: string } } = {
  name: { state: 'invalid-name', label: 'name missing or invalid' },
  categoryId: { state: 'invalid-category-id', label: 'category id missing or invalid' },
  status: { state: 'invalid-status', label: 'status not one of the allowed values' },
}

/**
 * The state of a refused create for a NewPet field, by the field's name.
 *
 * @example
 * newPetFieldState('name') // 'invalid-name'
 */
export function newPetFieldState(field: string): string | undefined {
  return Object.hasOwn(FIELD_WORDS, field)
    ? FIELD_WORDS[field as keyof typeof FIELD_WORDS].state
    : undefined
}

const error = (
  state: string,
  label: string,
  code: ErrorCode,
  providerState: string,
): StateSpec => ({ state, label, force: { kind: 'error', code }, providerState })

/** The states of an error status that every operation documenting it has. */
const ERROR_STATES: Readonly<Record<number, ReadonlyArray<StateSpec>>> = {
  401: [
    error('key-missing', 'no API key sent', 'unauthorized', 'the request carries no API key'),
    error('key-unknown', 'API key not accepted', 'unauthorized', 'the API key is unknown'),
  ],
  403: [
    error('host-not-allowed', 'host not allowed', 'host_not_allowed', 'the host is not allowed'),
  ],
  404: [error('not-found', 'not found', 'not_found', 'the resource does not exist')],
  408: [error('body-timeout', 'body arrived too slowly', 'request_timeout', 'the body stalls')],
  413: [error('body-too-large', 'body too large', 'payload_too_large', 'the body is too large')],
  415: [
    error(
      'wrong-media-type',
      'body not sent as JSON',
      'unsupported_media_type',
      'the body is not declared as JSON',
    ),
  ],
  429: [
    error('rate-limited', 'rate limited', 'rate_limited', 'the key is rate limited'),
    error('key-banned', 'key banned for a while', 'key_banned', 'the key is banned'),
  ],
  500: [error('server-error', 'server error', 'internal_error', 'the server fails')],
  503: [
    error('unavailable', 'service unavailable', 'service_unavailable', 'the server is unavailable'),
  ],
  507: [error('storage-full', 'storage full', 'storage_full', 'the store is full')],
}

/** The states of an error status of an operation. */
function errorStates(route: Route, status: number): ReadonlyArray<StateSpec> {
  if (status === 400) return badRequestStates(route.operationId)
  if (status === 404 && route.operationId === 'getPet') {
    return [error('not-found', 'pet not found', 'not_found', 'the pet does not exist')]
  }
  return ERROR_STATES[status] ?? []
}

/** The 400 states of an operation: what of its request the API refuses. */
function badRequestStates(operation: OperationId): ReadonlyArray<StateSpec> {
  if (operation === 'getPet') {
    return [
      error(
        'non-integer-id',
        'id is not a number',
        'invalid_request',
        'the pet id is not a number',
      ),
    ]
  }
  if (operation === 'createPet') {
    const fields = Object.keys(NewPetSchema.shape) as Array<keyof NewPet>
    return [
      ...fields.map((field) =>
        error(
          FIELD_WORDS[field].state,
          FIELD_WORDS[field].label,
          'invalid_request',
          `the new pet's ${field} is invalid`,
        ),
      ),
      error(
        'unknown-category',
        'category does not exist',
        'invalid_request',
        'the category does not exist',
      ),
      error('invalid-json', 'body is not a JSON object', 'invalid_request', 'the body is not JSON'),
    ]
  }
  return [
    error('bad-limit', 'limit out of range', 'invalid_request', 'the limit is out of range'),
    error(
      'bad-status-filter',
      'unknown status filter',
      'invalid_request',
      'the status filter is unknown',
    ),
  ]
}

/** The states of a success answer: what the data makes of it. */
function successStates(route: Route): ReadonlyArray<StateSpec> {
  const slow: StateSpec = {
    state: 'slow',
    label: 'slow answer',
    force: { kind: 'slow' },
    providerState: 'the server is slow',
  }
  const { operationId } = route
  if (operationId === 'listPets' || operationId === 'listOrders') {
    const things = operationId === 'listPets' ? 'pets' : 'orders'
    const filters = PARAMETERS[operationId].query.status.options.map(
      (status): StateSpec => ({
        state: `status-${status}`,
        label: `only ${status} ${things}`,
        force: { kind: 'filter', status },
        providerState: `${status} ${things} exist`,
      }),
    )
    return [
      {
        state: 'empty',
        label: 'empty list',
        force: { kind: 'empty' },
        providerState: `no ${things} exist`,
      },
      {
        state: 'last-page',
        label: 'last page (fewer than asked)',
        force: { kind: 'real' },
        providerState: `fewer ${things} exist than a page holds`,
      },
      {
        state: 'page-full',
        label: 'full page (more may follow)',
        force: { kind: 'real' },
        providerState: `more ${things} exist than a page holds`,
      },
      ...filters,
      slow,
    ]
  }
  if (operationId === 'createPet') {
    return [
      {
        state: 'created',
        label: 'pet created',
        force: { kind: 'real' },
        providerState: 'the category exists',
      },
      slow,
    ]
  }
  const found: StateSpec = {
    state: 'found',
    label: operationId === 'getPet' ? 'pet found' : 'found',
    force: { kind: 'real' },
    providerState: 'the pet exists',
  }
  const deprecated: Array<StateSpec> = route.deprecation
    ? [
        {
          state: 'deprecated',
          label: 'deprecation headers (Deprecation, Sunset)',
          force: { kind: 'real' },
          providerState: 'the pet exists',
        },
      ]
    : []
  return [found, ...deprecated, slow]
}

/**
 * Every cell of traffic coverage, in the order the document lists
 * operations and statuses: for each operation of the spec, each status its
 * OpenAPI document lists, and the named states of that status. Built once,
 * from the route table, the operations' document specs, the schemas and
 * the statuses that can be forced.
 *
 * @example
 * coverageCells().find((cell) => cell.id === 'listPets:200:empty')?.label // 'empty list'
 */
export function coverageCells(): ReadonlyArray<CoverageCell> {
  built ??= buildCells()
  return built
}

let built: ReadonlyArray<CoverageCell> | undefined
let byId: ReadonlyMap<string, CoverageCell> | undefined

/**
 * The cell of an id, or `undefined` (also for `__proto__` and the like).
 *
 * @example
 * cellOf('getPet:404:not-found')?.status // 404
 */
export function cellOf(id: string): CoverageCell | undefined {
  byId ??= new Map(coverageCells().map((cell) => [cell.id, cell]))
  return byId.get(id)
}

function buildCells(): ReadonlyArray<CoverageCell> {
  const specs = operationSpecs(undefined)
  const cells: Array<CoverageCell> = []
  for (const route of ROUTES) {
    const spec = specs[route.operationId]
    const errors = Object.keys(errorsOf(spec, SIMULATED_STATUS_LIST)).map(Number)
    const statuses = [spec.success.status, ...errors].sort((a, b) => a - b)
    for (const status of statuses) {
      const states =
        status === spec.success.status ? successStates(route) : errorStates(route, status)
      for (const { state, label, force, providerState } of states) {
        cells.push({
          id: `${route.operationId}:${status}:${state}`,
          operation: route.operationId,
          status,
          state,
          label,
          request: `${route.method} ${route.path}`,
          force,
          providerState,
        })
      }
    }
  }
  return cells
}
