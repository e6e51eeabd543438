import { readJsonBody } from '../../base/http/read-json-body.ts'
import { matchPath, routeMethod } from '../../base/http/router.ts'
import type { AnsweredRequest } from '../../base/http/types.ts'
import { DEPRECATION_HEADERS } from '../../spec/headers.ts'
import { LIST_LIMIT } from '../../spec/limits.ts'
import { NewPet } from '../../spec/new-pet.ts'
import { PARAMETERS } from '../../spec/params.ts'
import { OPENAPI_PATH } from '../../spec/paths.ts'
import { type OperationId, ROUTES } from '../../spec/routes.ts'
import {
  type CoverageCell,
  coverageCells,
  newPetFieldState,
  SLOW_ANSWER_MS,
} from './coverage-model.ts'

/**
 * Where an answer counts: the cells it met (the first is its main state; a
 * list answer may also meet a `status` filter and the slow state), `outside`
 * for a request that matches no operation of the spec, `undocumented` for a
 * status the operation's document does not list, or `ignored` (the OpenAPI
 * document, a preflight, a client that left before its answer).
 *
 * @example
 * const where: AnswerCells = { kind: 'cells', cells: ['listPets:200:empty'] }
 */
export type AnswerCells =
  | { kind: 'cells'; cells: Array<string> }
  | { kind: 'outside' }
  | { kind: 'undocumented' }
  | { kind: 'ignored' }

/** What the classifier reads of an answered request. */
export type ClassifiedAnswer = Pick<
  AnsweredRequest,
  'method' | 'path' | 'query' | 'headers' | 'body' | 'status' | 'route' | 'code' | 'durationMs'
> & {
  response: { headers: Record<string, string>; body: string | Uint8Array | null; items?: number }
  /** The cell a forced answer was asked to meet (`POST /__mock/coverage/force`). */
  cell?: string
}

const OPERATION_OF_ROUTE = new Map(
  ROUTES.map((route) => [`${route.method} ${route.path}`, route.operationId]),
)
const MATCHERS = ROUTES.map((route) => ({ route, match: matchPath(route.path) }))

/** The cells of each operation and status, by state. */
function cellIndex(): ReadonlyMap<string, ReadonlyMap<string, CoverageCell>> {
  index ??= buildIndex()
  return index
}
let index: ReadonlyMap<string, ReadonlyMap<string, CoverageCell>> | undefined

function buildIndex(): ReadonlyMap<string, ReadonlyMap<string, CoverageCell>> {
  const result = new Map<string, Map<string, CoverageCell>>()
  for (const cell of coverageCells()) {
    const key = `${cell.operation}:${cell.status}`
    const states = result.get(key) ?? new Map<string, CoverageCell>()
    states.set(cell.state, cell)
    result.set(key, states)
  }
  return result
}

/**
 * The operation a request was for: the route it was routed to, else the
 * route its method and path match (a request refused before routing, such
 * as a 403 for its `Host`), else `undefined`.
 *
 * @example
 * operationOfRequest('HEAD', '/v1/pets/7', null) // 'getPet'
 */
export function operationOfRequest(
  method: string,
  path: string,
  route: string | null,
): OperationId | undefined {
  const routed = routeMethod(method)
  if (route !== null) return OPERATION_OF_ROUTE.get(`${routed} ${route}`)
  for (const { route: candidate, match } of MATCHERS) {
    if (candidate.method === routed && match(path) !== undefined) return candidate.operationId
  }
  return undefined
}

/**
 * The cells an answered request met, whoever answered it (the mock, a forced
 * answer, the upstream behind the proxy, the fallback): read from what was
 * asked and what came back, so that the proxy's upstream counts as the mock
 * does.
 *
 * @example
 * classifyAnswer({ method: 'GET', path: '/v1/pets', route: '/v1/pets', status: 200, response: { headers: {}, body: '[]' }, … })
 * // { kind: 'cells', cells: ['listPets:200:empty'] }
 */
export function classifyAnswer(answer: ClassifiedAnswer): AnswerCells {
  const { method, path, status } = answer
  // 499: the client left; nobody read the answer.
  if (status === 499) return IGNORED
  const operation = operationOfRequest(method, path, answer.route)
  if (operation === undefined) {
    if (path === OPENAPI_PATH || isPreflightOfRoute(method, path)) return IGNORED
    return OUTSIDE
  }
  const states = cellIndex().get(`${operation}:${status}`)
  if (states === undefined) return UNDOCUMENTED
  const cells: Array<string> = []
  const forced = answer.cell === undefined ? undefined : states.get(answer.cell.split(':')[2] ?? '')
  if (forced !== undefined && forced.force.kind !== 'real') {
    // A forced Error is its cell's state alone (a forced "no key" is sent with a key).
    if (forced.force.kind === 'error') return { kind: 'cells', cells: [forced.id] }
    cells.push(forced.id)
  }
  const main = mainState(operation, status, answer)
  const mainCell = states.get(main)
  if (mainCell !== undefined && !cells.includes(mainCell.id)) cells.push(mainCell.id)
  if (status < 300) {
    for (const extra of extraStates(operation, answer)) {
      const cell = states.get(extra)
      if (cell !== undefined && !cells.includes(cell.id)) cells.push(cell.id)
    }
  }
  // A status the operation documents has states; the first stands for any answer none names,
  // but for a list whose items were not seen (a HEAD, an upstream body cut or undecodable):
  // which page it was is unknown, and no page state is met by guess.
  const pageUnknown = status < 300 && main === ''
  if (cells.length === 0 && !pageUnknown) {
    cells.push(states.values().next().value?.id ?? `${operation}:${status}`)
  }
  return { kind: 'cells', cells }
}

const IGNORED: AnswerCells = { kind: 'ignored' }
const OUTSIDE: AnswerCells = { kind: 'outside' }
const UNDOCUMENTED: AnswerCells = { kind: 'undocumented' }

/** A CORS preflight (or `OPTIONS`) of a path that names an operation: no call of it. */
function isPreflightOfRoute(method: string, path: string): boolean {
  return method === 'OPTIONS' && MATCHERS.some(({ match }) => match(path) !== undefined)
}

/** The main state of an answer of a documented status. */
function mainState(operation: OperationId, status: number, answer: ClassifiedAnswer): string {
  switch (status) {
    case 200:
    case 201:
      return successState(operation, answer)
    case 400:
      return badRequestState(operation, answer)
    case 401:
      return /^\s*bearer\s+\S/i.test(answer.headers.get('authorization') ?? '')
        ? 'key-unknown'
        : 'key-missing'
    case 429:
      return answer.code === 'key_banned' ? 'key-banned' : 'rate-limited'
    default:
      return ''
  }
}

function successState(operation: OperationId, answer: ClassifiedAnswer): string {
  if (operation === 'createPet') return 'created'
  if (operation === 'getPet') return 'found'
  const limit = listLimit(answer.query)
  // The mock says how many items its own list holds; an upstream's are counted in its body.
  const items = answer.response.items ?? countItems(answer.response.body, limit)
  if (items === undefined) return ''
  if (items === 0) return 'empty'
  return items >= limit ? 'page-full' : 'last-page'
}

/** The states beside the main one that a success answer meets: its filter, deprecation, slowness. */
function extraStates(operation: OperationId, answer: ClassifiedAnswer): Array<string> {
  const extra: Array<string> = []
  if (operation === 'listPets' || operation === 'listOrders') {
    const status = answer.query.get('status')
    const options: ReadonlyArray<string> = PARAMETERS[operation].query.status.options
    if (status !== null && options.includes(status)) extra.push(`status-${status}`)
  }
  const { headers } = answer.response
  if (
    operation === 'getPet' &&
    headers[DEPRECATION_HEADERS.deprecation] !== undefined &&
    headers[DEPRECATION_HEADERS.sunset] !== undefined
  ) {
    extra.push('deprecated')
  }
  if (answer.durationMs >= SLOW_ANSWER_MS) extra.push('slow')
  return extra
}

function badRequestState(operation: OperationId, answer: ClassifiedAnswer): string {
  if (operation === 'getPet') return 'non-integer-id'
  if (operation === 'createPet') return refusedCreateState(answer)
  const status = answer.query.get('status')
  const options: ReadonlyArray<string> = PARAMETERS[operation].query.status.options
  return status !== null && !options.includes(status) ? 'bad-status-filter' : 'bad-limit'
}

/** Which rule of NewPet a refused create broke, read from the body it sent. */
function refusedCreateState(answer: ClassifiedAnswer): string {
  let value: unknown
  try {
    value = readJsonBody(answer, 'a NewPet', { exactIntegers: true })
  } catch {
    return 'invalid-json'
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'invalid-json'
  const result = NewPet.safeParse(value)
  if (result.success) return 'unknown-category'
  const field = String(result.error.issues[0]?.path[0] ?? '')
  return newPetFieldState(field) ?? 'invalid-json'
}

/** The `limit` a list answer was asked for (its default when absent or unreadable). */
function listLimit(query: URLSearchParams): number {
  const raw = query.get('limit')
  const limit = raw === null ? Number.NaN : Number(raw)
  return Number.isInteger(limit) && limit >= LIST_LIMIT.min && limit <= LIST_LIMIT.max
    ? limit
    : LIST_LIMIT.default
}

const decoder = new TextDecoder()

/**
 * How many items the top-level JSON array of `body` holds, counted up to
 * `atMost` (a page needs no more); `undefined` when it is no array. One pass
 * over the text, without parsing it: strings skipped, depth tracked.
 */
export function countItems(body: string | Uint8Array | null, atMost: number): number | undefined {
  if (body === null) return undefined
  const text = typeof body === 'string' ? body : decoder.decode(body)
  let at = 0
  while (at < text.length && /\s/.test(text[at] ?? '')) at++
  if (text[at] !== '[') return undefined
  let depth = 0
  let count = 0
  let seenValue = false
  for (let index = at; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (char === 0x22) {
      // A string: skip to its closing quote, past escapes.
      index++
      while (index < text.length && text.charCodeAt(index) !== 0x22) {
        if (text.charCodeAt(index) === 0x5c) index++
        index++
      }
      if (depth === 1) seenValue = true
      continue
    }
    if (char === 0x5b || char === 0x7b) {
      depth++
      if (depth === 2) seenValue = true
    } else if (char === 0x5d || char === 0x7d) {
      depth--
      if (depth === 0) break
    } else if (depth === 1) {
      if (char === 0x2c) {
        count++
        if (count >= atMost) return count
      } else if (char > 0x20) seenValue = true
    }
  }
  return seenValue ? count + 1 : 0
}
