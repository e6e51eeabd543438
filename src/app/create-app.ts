import { type AdminDeps, adminNotFound, adminRoutes, isAdminPath } from '../admin/admin-api.ts'
import type { Clock } from '../clock/clock.ts'
import type { Store } from '../data/create-store.ts'
import { ApiError } from '../errors/api-error.ts'
import { clip } from '../errors/clip.ts'
import { methodNotAllowed } from '../errors/method-not-allowed.ts'
import { compose } from '../http/compose.ts'
import { isThenable } from '../http/is-thenable.ts'
import { jsonResponse } from '../http/json-response.ts'
import { originOfHost } from '../http/origin-of-host.ts'
import { createRouter, type RouterEntry } from '../http/router.ts'
import { toErrorResponse } from '../http/to-error-response.ts'
import type {
  AnsweredRequest,
  App,
  Context,
  Middleware,
  MockRequest,
  MockResponse,
  Next,
  Operation,
  Zone,
} from '../http/types.ts'
import type { ApiKey } from '../keys/create-keyring.ts'
import { authenticate } from '../middleware/authenticate.ts'
import { bodyLimits } from '../middleware/body-limits.ts'
import { cors } from '../middleware/cors.ts'
import { deprecation } from '../middleware/deprecation.ts'
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
import { OPENAPI_PATH } from '../spec/paths.ts'
import { API_PREFIX, ROUTES, type Route } from '../spec/routes.ts'

export type { App } from '../http/types.ts'

export interface AppDeps {
  store: Store
  keyring: ReadonlyMap<string, ApiKey>
  limiter: RateLimiter
  scenarios: ScenarioQueue
  clock: Clock
  admin: AdminDeps | undefined
  /**
   * The OpenAPI document, naming where the API is served as its server: under
   * the base URL's origin when one was given, else under `requestOrigin`.
   */
  openapi: (requestOrigin: string | undefined) => unknown
  cors: boolean
  /** The path the API is served under (`/api` for `https://example.com/api`). Default `''`. */
  basePath?: string
  /** The origin of the base URL, when one was given; else the request's own origin is used. */
  origin?: string
  /** Waited for before the first request is answered (the data is loading). */
  ready: Promise<void>
  onError?: (error: unknown) => void
  /** Told of every request answered outside the control API (the journal). */
  onAnswer?: (answered: AnsweredRequest) => void
  /**
   * The proxy (`--proxy`): answers every API request, given the mock's own
   * answer to fall back on.
   */
  proxy?: (ctx: Context, mock: Next) => Promise<MockResponse>
}

interface Target {
  route: Route | undefined
  run: Operation
}

/**
 * The mock, independent of transport: the base path, the one router, the
 * middleware chain, the operations, and the one place where a failure
 * becomes an Error body. The node:http server, the msw handler and
 * `petstore.fetch` all call `handle`.
 *
 * @example
 * const app = createApp(deps)
 * const response = await app.handle(mockRequest)
 */
export function createApp(deps: AppDeps): App {
  const { store, limiter, scenarios, clock } = deps
  const basePath = deps.basePath ?? ''
  const guard: Array<Middleware> = [authenticate(deps.keyring), rateLimit(limiter), bodyLimits()]
  const secured: Array<Middleware> = [...guard, requireAuth(), simulate(scenarios, clock)]
  const operations = {
    listPets: listPets(store),
    createPet: createPet(store),
    getPet: getPet(store),
    listOrders: listOrders(store),
  }
  const admin = deps.admin ? adminRoutes(deps.admin) : []
  const entries: Array<RouterEntry<Target>> = [
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
            deps.openapi(request.origin ?? originOfHost(request.headers.get('host'))),
          ),
      },
    },
    ...admin.map((entry) => ({
      method: entry.method,
      path: entry.path,
      value: { route: undefined, run: compose([requireJsonContent(), bodyLimits()], entry.run) },
    })),
  ]
  const router = createRouter(entries)
  const notFound = compose(guard, ({ path }): never => {
    throw new ApiError('route_not_found', `No operation at ${clip(path)}.`)
  })

  const { proxy } = deps
  const route: Operation = (ctx) => {
    const found = router.find(ctx.request.method, ctx.path)
    if (proxy !== undefined && ctx.zone === 'api') {
      if (found?.params) {
        ctx.route = found.value.route
        ctx.params = found.params
      }
      return proxy(ctx, (routed) => answer(routed, found))
    }
    return answer(ctx, found)
  }
  /** The mock's own answer to a routed request. */
  const answer = (
    ctx: Context,
    found: ReturnType<typeof router.find>,
  ): MockResponse | Promise<MockResponse> => {
    const { request, path } = ctx
    if (found?.params) {
      ctx.route = found.value.route
      ctx.params = found.params
      return found.value.run(ctx)
    }
    const { zone } = ctx
    if (zone === 'api') {
      if (found === undefined) return notFound(ctx)
      const { allow } = found
      if (request.method === 'OPTIONS') {
        // Not a CORS preflight (the cors middleware answered those): an API
        // response like any other, so it is counted and carries the headers.
        return compose(guard, () => ({ status: 204, headers: { allow } }))(ctx)
      }
      return compose(guard, (): never => {
        throw methodNotAllowed(request.method, path, allow)
      })(ctx)
    }
    if (found !== undefined) throw methodNotAllowed(request.method, path, found.allow)
    if (zone === 'admin' && admin.length > 0) throw adminNotFound(path, admin)
    throw outside(path)
  }
  const outside = (path: string) =>
    new ApiError(
      'route_not_found',
      `No operation at ${clip(path)}; the API lives under ${basePath}${API_PREFIX}.`,
    )
  const underBase = (path: string): string | undefined => {
    if (basePath === '') return path
    if (path === basePath) return '/'
    return path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : undefined
  }
  const withCors = compose(deps.cors ? [cors()] : [], route)
  // The control API sends no CORS headers and answers no preflight: no page of another origin may use it.
  const dispatch = (ctx: Context) => (ctx.zone === 'admin' ? route(ctx) : withCors(ctx))
  let loaded: Promise<void> | undefined
  const { onAnswer } = deps

  /** Why a request failed, as its answer (499 when the client left first: nobody reads it). */
  const failed = (request: MockRequest, error: unknown): MockResponse =>
    request.signal?.aborted ? { status: 499, headers: {} } : toErrorResponse(error, deps.onError)
  /** The pipeline's answer, or a failure's; synchronous when the pipeline was. */
  const run = (
    pipeline: Operation,
    ctx: Context,
    inside: string | undefined,
  ): MockResponse | Promise<MockResponse> => {
    const { request } = ctx
    let result: MockResponse | Promise<MockResponse>
    try {
      if (request.absoluteTarget && proxy !== undefined) {
        throw new ApiError(
          'invalid_request',
          'The proxy forwards only to its upstream: send a path (GET /v1/pets), not an absolute URL.',
        )
      }
      if (inside === undefined) throw outside(request.path)
      result = pipeline(ctx)
    } catch (error) {
      return failed(request, error)
    }
    return isThenable(result)
      ? Promise.resolve(result).catch((error) => failed(request, error))
      : result
  }
  /** Journals the answer and shapes it for the transport (a HEAD loses its body). */
  const finish = (
    ctx: Context,
    response: MockResponse,
    startedAt: number,
    started: number,
  ): MockResponse => {
    const { request } = ctx
    const code = response.errorCode ?? null
    const headers = { ...ctx.headers, ...response.headers }
    if (onAnswer && ctx.zone !== 'admin') {
      const { upstream } = ctx
      onAnswer({
        method: request.method,
        path: ctx.path,
        query: request.query,
        rawQuery: request.rawQuery,
        headers: request.headers,
        body: request.body,
        startedAt,
        durationMs: performance.now() - started,
        status: response.status,
        route: ctx.route?.path ?? null,
        code: upstream === undefined ? code : upstream.code,
        forced: ctx.forced ?? null,
        fallback: ctx.fallback,
        plan: ctx.apiKey?.plan ?? null,
        answeredBy: upstream === undefined ? 'mock' : 'upstream',
        violations: upstream?.violations ?? [],
        response: {
          headers,
          body:
            request.method === 'HEAD'
              ? null
              : upstream === undefined
                ? (response.body ?? null)
                : upstream.body,
        },
        upstream,
      })
    }
    if (response.status === 499) return response
    // A HEAD is routed as the GET of its path; here it loses the body, and
    // says how long the GET's would be (RFC 9110 §9.3.2).
    if (request.method === 'HEAD') {
      const length =
        response.body === undefined
          ? undefined
          : typeof response.body === 'string'
            ? utf8Length(response.body)
            : response.body.byteLength
      return {
        status: response.status,
        headers: length === undefined ? headers : { ...headers, 'content-length': String(length) },
        setCookie: response.setCookie,
      }
    }
    return {
      status: response.status,
      headers,
      setCookie: response.setCookie,
      body: response.body,
      stream: response.stream,
    }
  }

  const appWith = (pipeline: Operation): App => {
    const respond = (request: MockRequest): MockResponse | Promise<MockResponse> => {
      const inside = underBase(request.path)
      const path = inside ?? request.path
      const ctx: Context = {
        request,
        path,
        basePath,
        zone: zoneOf(path),
        route: undefined,
        params: {},
        headers: {},
        apiKey: undefined,
        authProblem: undefined,
      }
      const startedAt = onAnswer ? clock.now() : 0
      const started = onAnswer ? performance.now() : 0
      // Wait for the data that is loading now: at start, and again after a reset.
      const ready = deps.ready
      if (ready !== loaded) {
        return ready
          .then(
            () => {
              loaded = ready
              return run(pipeline, ctx, inside)
            },
            (error: unknown) => failed(request, error),
          )
          .then((response) => finish(ctx, response, startedAt, started))
      }
      const result = run(pipeline, ctx, inside)
      return isThenable(result)
        ? Promise.resolve(result).then((response) => finish(ctx, response, startedAt, started))
        : finish(ctx, result, startedAt, started)
    }
    return {
      guarded: (guards) => appWith(compose(guards, pipeline)),
      serves(url) {
        if (deps.origin !== undefined && url.origin !== deps.origin) return false
        const inside = underBase(url.pathname)
        return inside !== undefined && zoneOf(inside) !== undefined
      },
      answer: respond,
      handle(request) {
        try {
          return Promise.resolve(respond(request))
        } catch (error) {
          return Promise.reject(error)
        }
      },
    }
  }
  return appWith(dispatch)
}

const encoder = new TextEncoder()

/** The length of a text in UTF-8 bytes. */
function utf8Length(text: string): number {
  return encoder.encode(text).byteLength
}

/** Which part of the mock a path (under the base path) belongs to, if any. */
function zoneOf(path: string): Zone | undefined {
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return 'api'
  if (isAdminPath(path)) return 'admin'
  if (path === OPENAPI_PATH) return 'document'
  return undefined
}
