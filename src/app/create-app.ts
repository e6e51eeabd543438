import { type AdminDeps, adminApi, isAdminPath } from '../admin/admin-api.ts'
import type { Clock } from '../clock/clock.ts'
import type { Store } from '../data/create-store.ts'
import { ApiError } from '../errors/api-error.ts'
import { methodNotAllowed } from '../errors/method-not-allowed.ts'
import { compose } from '../http/compose.ts'
import { jsonResponse } from '../http/json-response.ts'
import { matchPath } from '../http/router.ts'
import { toErrorResponse } from '../http/to-error-response.ts'
import type { Context, Middleware, MockRequest, MockResponse } from '../http/types.ts'
import type { ApiKey } from '../keys/create-keyring.ts'
import { authenticate } from '../middleware/authenticate.ts'
import { cors } from '../middleware/cors.ts'
import { deprecation } from '../middleware/deprecation.ts'
import { payloadLimit } from '../middleware/payload-limit.ts'
import { rateLimit } from '../middleware/rate-limit.ts'
import { requireAuth } from '../middleware/require-auth.ts'
import { requireJsonContent } from '../middleware/require-json-content.ts'
import { simulate } from '../middleware/simulate.ts'
import { createPet } from '../operations/create-pet.ts'
import { getPet } from '../operations/get-pet.ts'
import { listOrders } from '../operations/list-orders.ts'
import { listPets } from '../operations/list-pets.ts'
import type { RateLimiter } from '../rate-limit/create-rate-limiter.ts'
import type { ScenarioQueue } from '../simulation/scenario-queue.ts'
import { API_PREFIX, ROUTES, type Route } from '../spec/routes.ts'

export interface AppDeps {
  store: Store
  keyring: ReadonlyMap<string, ApiKey>
  limiter: RateLimiter
  scenarios: ScenarioQueue
  clock: Clock
  admin: AdminDeps | undefined
  openapi: () => unknown
  cors: boolean
  /** Waited for before the first request is answered (the data is loading). */
  ready: Promise<void>
  onError?: (error: unknown) => void
}

export interface App {
  /** Answers one request. Never rejects. */
  handle(request: MockRequest): Promise<MockResponse>
  /**
   * The same app with `guards` run first on every request (the server's Host
   * allow-list and control-API access), their refusals answered like any error.
   */
  guarded(guards: ReadonlyArray<Middleware>): App
}

interface CompiledRoute {
  route: Route
  match: (path: string) => Record<string, string> | undefined
  run: (ctx: Context) => Promise<MockResponse>
}

/**
 * The mock, independent of transport: routing, the middleware chain and the
 * operations. The msw handlers and the node:http server both call `handle`.
 *
 * @example
 * const app = createApp(deps)
 * const response = await app.handle(mockRequest)
 */
export function createApp(deps: AppDeps): App {
  const { store, limiter, scenarios, clock } = deps
  const guard: Array<Middleware> = [authenticate(deps.keyring), rateLimit(limiter), payloadLimit()]
  const secured: Array<Middleware> = [...guard, requireAuth(), simulate(scenarios, clock)]
  const operations = {
    listPets: listPets(store),
    createPet: createPet(store),
    getPet: getPet(store),
    listOrders: listOrders(store),
  }
  const compiled: Array<CompiledRoute> = ROUTES.map((route) => ({
    route,
    match: matchPath(route.path),
    run: compose(
      route.deprecation ? [deprecation(route.deprecation), ...secured] : secured,
      operations[route.operationId],
    ),
  }))
  const notFound = compose(guard, ({ request }): never => {
    throw new ApiError('route_not_found', `No operation at ${request.path}.`)
  })
  const admin = deps.admin
    ? compose([requireJsonContent(), payloadLimit()], adminApi(deps.admin))
    : undefined
  const corsMiddleware = deps.cors ? [cors()] : []

  const route = (ctx: Context): Promise<MockResponse> => {
    const { request } = ctx
    const { path } = request
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      const candidates: Array<CompiledRoute> = []
      const method = request.method === 'HEAD' ? 'GET' : request.method
      for (const entry of compiled) {
        const params = entry.match(path)
        if (params === undefined) continue
        if (entry.route.method === method) {
          ctx.route = entry.route
          ctx.params = params
          return entry.run(ctx)
        }
        candidates.push(entry)
      }
      if (candidates.length === 0) return notFound(ctx)
      const allow = [...new Set(candidates.flatMap((entry) => methodsOf(entry.route)))].join(', ')
      if (request.method === 'OPTIONS') {
        // Not a CORS preflight (the cors middleware answered those): an API
        // response like any other, so it is counted and carries the headers.
        return compose(guard, () => ({ status: 204, headers: { allow } }))(ctx)
      }
      return compose(guard, (): never => {
        throw methodNotAllowed(request.method, path, allow)
      })(ctx)
    }
    if (path === '/openapi.json') {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw methodNotAllowed(request.method, path, 'GET, HEAD')
      }
      return Promise.resolve(jsonResponse(200, deps.openapi()))
    }
    throw new ApiError(
      'route_not_found',
      `No operation at ${path}; the API lives under ${API_PREFIX}.`,
    )
  }
  const withCors = compose(corsMiddleware, route)
  // The control API sends no CORS headers and answers no preflight: no page of another origin may use it.
  const dispatch = (ctx: Context): Promise<MockResponse> =>
    admin && isAdminPath(ctx.request.path) ? admin(ctx) : withCors(ctx)
  let loaded: Promise<void> | undefined

  const appWith = (pipeline: (ctx: Context) => Promise<MockResponse>): App => ({
    guarded: (guards) => appWith(compose(guards, pipeline)),
    async handle(request) {
      const ctx: Context = {
        request,
        route: undefined,
        params: {},
        headers: {},
        apiKey: undefined,
        authProblem: undefined,
      }
      let response: MockResponse
      try {
        // Wait for the data that is loading now: at start, and again after a reset.
        const ready = deps.ready
        if (ready !== loaded) {
          await ready
          loaded = ready
        }
        response = await pipeline(ctx)
      } catch (error) {
        if (request.signal?.aborted) return { status: 499, headers: {} }
        response = toErrorResponse(error, deps.onError)
      }
      const headers = { ...ctx.headers, ...response.headers }
      if (request.method === 'HEAD') return { status: response.status, headers }
      return { status: response.status, headers, body: response.body }
    },
  })
  return appWith(dispatch)
}

function methodsOf(route: Route): Array<string> {
  return route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]
}
