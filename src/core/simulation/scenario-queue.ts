import { z } from 'zod'
import { readJsonBody } from '../../base/http/read-json-body.ts'
import { HTTP_METHOD, matchPath, routeMethod } from '../../base/http/router.ts'
import { whole } from '../../base/options/whole-option.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ROUTES } from '../../spec/routes.ts'
import { clip } from '../../utils/clip.ts'
import { isPlainObject } from '../../utils/is-plain-object.ts'
import { nameRecord } from '../../utils/name-record.ts'
import { SimulatedDelay, SimulatedStatus } from './simulated-statuses.ts'

/** At most this many scenarios wait at once. */
export const MAX_SCENARIOS = 100

/** At most this many responses one scenario forces. */
export const MAX_SCENARIO_TIMES = 10_000

/** At most this many fields in each part of a scenario's `match`. */
export const MAX_MATCH_FIELDS = 20

const FIELDS = ['status', 'delay', 'times', 'method', 'path', 'match']
const MATCH_PARTS = ['query', 'headers', 'body']

/**
 * The schemas of a scenario: `input`, the body of `POST /__mock/scenarios`
 * and the argument of `petstore.simulate()` (force the next `times`
 * responses that match `method` and `path`, a path such as `/v1/pets/7` or a
 * route template such as `/v1/pets/{petId}`), and its `match`. Built when the
 * first scenario is queued: most petstores never queue one, and each start
 * would pay for about 50 schema objects.
 *
 * @example
 * scenarioSchemas().input.parse({ status: 503, path: '/v1/pets/{petId}' }).times // 1
 */
function scenarioSchemas() {
  built ??= buildScenarioSchemas()
  return built
}

let built: ReturnType<typeof buildScenarioSchemas> | undefined

function buildScenarioSchemas() {
  const fieldName = z.string().min(1).max(256, { error: 'names at most 256 characters long' })
  const exactText = z.union([z.string().max(2048), z.number(), z.boolean()], {
    error: 'must map names to a string, number or boolean',
  })
  // Checked name by name, and kept in a record that inherits nothing: a field
  // named `__proto__`, `constructor` or `toString` is matched like any other
  // (zod's record leaves `__proto__` out, which would match every request).
  const fieldMap = <T extends z.ZodType>(value: T) =>
    z
      .custom<Record<string, unknown>>(isPlainObject, {
        error: 'must be an object of field names and values',
      })
      .superRefine((map, ctx) => {
        const entries = Object.entries(map)
        if (entries.length > MAX_MATCH_FIELDS) {
          ctx.addIssue({ code: 'custom', message: `must name at most ${MAX_MATCH_FIELDS} fields` })
          return
        }
        for (const [name, item] of entries) {
          const issue =
            fieldName.safeParse(name).error?.issues[0] ?? value.safeParse(item).error?.issues[0]
          if (issue !== undefined) {
            ctx.addIssue({ code: 'custom', message: issue.message, path: [name, ...issue.path] })
          }
        }
      })
      .transform((map) =>
        nameRecord(Object.entries(map).map(([name, item]) => [name, copyJson(item)])),
      ) as unknown as z.ZodType<Record<string, z.output<T>>, Record<string, z.input<T>>>

  // What a request must carry for a scenario to apply: exact values of query
  // parameters, request headers (names in any case) and top-level fields of a
  // JSON object body.
  const match = z
    .object(
      {
        query: fieldMap(exactText).optional(),
        headers: fieldMap(exactText).optional(),
        body: fieldMap(z.json()).optional(),
      },
      { error: 'must be an object with query, headers or body' },
    )
    .strict()

  const input = z
    .object(
      {
        status: SimulatedStatus.optional(),
        delay: SimulatedDelay.optional(),
        times: whole(1, MAX_SCENARIO_TIMES).default(1),
        method: z
          .string({ error: 'must be an HTTP method such as "GET"' })
          .regex(HTTP_METHOD, { error: 'must be an HTTP method such as "GET"' })
          .transform((method) => method.toUpperCase())
          .optional(),
        path: z
          .string({ error: 'must be a path such as "/v1/pets"' })
          .regex(/^\/[^?#\s]{0,2047}$/, {
            error: 'must be a path such as "/v1/pets" or "/v1/pets/{petId}", without a query',
          })
          .optional(),
        match: match.optional(),
      },
      { error: 'must be a JSON object such as { "status": 429, "times": 3 }' },
    )
    .strict()
    .refine((scenario) => scenario.status !== undefined || scenario.delay !== undefined, {
      message: 'is required unless "delay" is given',
      path: ['status'],
    })
    .superRefine((scenario, ctx) => {
      const problem = routeProblem(scenario.method, scenario.path)
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, path: [] })
    })
  return { input, match }
}

/**
 * A scenario as it is given (`times` may be left out).
 *
 * @example
 * const input: ScenarioInput = { status: 503, path: '/v1/pets' }
 */
export type ScenarioInput = z.input<ReturnType<typeof scenarioSchemas>['input']>

/**
 * A queued scenario, with its id and the responses it still forces.
 *
 * @example
 * const scenario: Scenario = await petstore.simulate({ status: 429, times: 2 })
 * scenario.remaining // 2
 */
export interface Scenario {
  id: number
  status?: number
  delay?: number
  method?: string
  path?: string
  match?: ScenarioMatch
  /** The coverage cell it answers as (`POST /__mock/coverage/force`), when it was armed for one. */
  cell?: string
  /** Matching responses still to force. */
  remaining: number
}

/**
 * What a scenario's `match` asks of a request: query, headers, body fields.
 *
 * @example
 * const match: ScenarioMatch = { body: { name: 'Error' } }
 */
export type ScenarioMatch = z.output<ReturnType<typeof scenarioSchemas>['match']>

/**
 * What the queue reads of a request to pick a scenario.
 *
 * @example
 * const request: ScenarioRequest = { method: 'GET', path: '/v1/pets', query: new URLSearchParams(), headers: new Headers(), body: null }
 */
export interface ScenarioRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: { get(name: string): string | null }
  body: Uint8Array | string | null
}

/**
 * The scenarios waiting to force an answer, first queued first used.
 *
 * @example
 * const queue: ScenarioQueue = createScenarioQueue()
 * queue.add({ status: 503, path: '/v1/pets' }).remaining // 1
 */
export interface ScenarioQueue {
  /** Validates and queues a scenario; a bad one throws a 400 `ApiError` naming the field. */
  add(input: unknown): Scenario
  /**
   * Queues the answer of a coverage cell for the next `times` requests of its
   * operation (`method`, route template `path`); checked by the caller.
   */
  arm(cell: { cell: string; method: string; path: string }, times: number): Scenario
  /**
   * Takes one use of the first scenario that matches the request, if any.
   * `route` is the template of the route the path matched (`/v1/pets/{petId}`);
   * `path` the request's path under the base path (default `request.path`).
   */
  take(request: ScenarioRequest, route?: string, path?: string): Scenario | undefined
  list(): Array<Scenario>
  /** Drops one scenario; `false` when none has that id. */
  remove(id: number): boolean
  clear(): void
}

/**
 * The queue of sticky simulations, first queued first used.
 *
 * @example
 * const queue = createScenarioQueue()
 * queue.add({ status: 503, times: 2, path: '/v1/pets' })
 * queue.take({ method: 'GET', path: '/v1/pets', query, headers, body: null })?.status // 503
 */
export function createScenarioQueue(): ScenarioQueue {
  let scenarios: Array<Scenario> = []
  let nextId = 1
  const queue = (fields: Omit<Scenario, 'id' | 'remaining'>, times: number): Scenario => {
    if (scenarios.length >= MAX_SCENARIOS) {
      throw new ApiError(
        'invalid_request',
        `At most ${MAX_SCENARIOS} scenarios can wait at once; DELETE /__mock/scenarios first.`,
      )
    }
    const scenario: Scenario = { id: nextId++, ...fields, remaining: times }
    scenarios.push(scenario)
    return { ...scenario }
  }
  return {
    add(input) {
      const result = scenarioSchemas().input.safeParse(input)
      if (!result.success) throw invalidScenario(result.error.issues[0])
      const { times, ...rest } = result.data
      return queue({ ...rest }, times)
    },
    arm: ({ cell, method, path }, times) => queue({ method, path, cell }, times),
    take(request, route, path = request.path) {
      if (scenarios.length === 0) return undefined
      const { method } = request
      let body: unknown
      const scenario = scenarios.find((candidate) => {
        if (
          !(
            (candidate.method === undefined ||
              candidate.method === method ||
              candidate.method === routeMethod(method)) &&
            (candidate.path === undefined || candidate.path === path || candidate.path === route)
          )
        ) {
          return false
        }
        const { match } = candidate
        if (match === undefined) return true
        if (match.body !== undefined && body === undefined) body = parseBody(request)
        return matches(match, request, body)
      })
      if (scenario === undefined) return undefined
      scenario.remaining--
      if (scenario.remaining === 0) scenarios = scenarios.filter((other) => other !== scenario)
      return { ...scenario }
    },
    list: () => scenarios.map((scenario) => ({ ...scenario })),
    remove(id) {
      const before = scenarios.length
      scenarios = scenarios.filter((scenario) => scenario.id !== id)
      return scenarios.length < before
    },
    clear() {
      scenarios = []
    },
  }
}

function invalidScenario(issue: z.core.$ZodIssue | undefined): ApiError {
  if (issue?.code === 'unrecognized_keys') {
    const [field = ''] = issue.keys
    const within = issue.path.join('.')
    return new ApiError(
      'invalid_request',
      within === ''
        ? `Field "${clip(field)}" is not part of a scenario; use ${FIELDS.join(', ')}.`
        : `Field "${within}.${clip(field)}" is not part of a scenario's ${within}; use ${MATCH_PARTS.join(', ')}.`,
    )
  }
  const field = issue?.path.join('.') ?? ''
  const message = issue?.message ?? 'is invalid'
  return new ApiError(
    'invalid_request',
    field === '' ? `The scenario ${message}.` : `Field "${field}" ${message}.`,
  )
}

const ROUTE_LIST = ROUTES.map((route) => `${route.method} ${route.path}`).join(', ')

/** Why a scenario's method and path can match no route, or `undefined` when some route fits. */
function routeProblem(method: string | undefined, path: string | undefined): string | undefined {
  const routed = method === undefined ? undefined : routeMethod(method)
  const fits = ROUTES.filter(
    (route) =>
      path === undefined || route.path === path || matchPath(route.path)(path) !== undefined,
  )
  if (fits.length === 0) {
    return `path "${clip(path ?? '')}" matches no route; routes are ${ROUTE_LIST}`
  }
  if (routed !== undefined && !fits.some((route) => route.method === routed)) {
    const where = path === undefined ? 'any route' : `"${clip(path)}"`
    return `method ${clip(method ?? '')} is not answered at ${where}; routes are ${ROUTE_LIST}`
  }
  return undefined
}

/** A copy of a checked JSON value, its objects name records (a `__proto__` key kept as a key). */
function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson)
  if (typeof value !== 'object' || value === null) return value
  return nameRecord(Object.entries(value).map(([name, item]) => [name, copyJson(item)]))
}

/**
 * The request's body as JSON, read as the operations read it (`readJsonBody`:
 * its media type, encoding and depth), or `null` when it has none or that
 * reader refuses it.
 */
function parseBody(request: ScenarioRequest): unknown {
  try {
    return readJsonBody(request, 'a body')
  } catch {
    return null
  }
}

function matches(match: ScenarioMatch, request: ScenarioRequest, body: unknown): boolean {
  for (const [name, value] of Object.entries(match.query ?? {})) {
    if (request.query.get(name) !== String(value)) return false
  }
  for (const [name, value] of Object.entries(match.headers ?? {})) {
    if (request.headers.get(name) !== String(value)) return false
  }
  if (match.body === undefined) return true
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false
  const fields = body as Record<string, unknown>
  for (const [name, value] of Object.entries(match.body)) {
    if (!Object.hasOwn(fields, name) || !sameJson(fields[name], value)) return false
  }
  return true
}

/** Deep equality of two JSON values (object key order does not matter). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  return aKeys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
}
