import type { Clock } from '../base/clock/clock.ts'
import { isThenable } from '../base/http/is-thenable.ts'
import { toErrorResponse } from '../base/http/to-error-response.ts'
import type {
  AnsweredRequest,
  App,
  Context,
  Middleware,
  MockRequest,
  MockResponse,
  Operation,
} from '../base/http/types.ts'
import { type AdminDeps, adminRoutes } from '../control/admin/admin-api.ts'
import type { Store } from '../core/data/create-store.ts'
import type { ApiKey } from '../core/plans/create-keyring.ts'
import type { RateLimiter } from '../core/plans/create-rate-limiter.ts'
import type { ScenarioQueue } from '../core/simulation/scenario-queue.ts'
import { ApiError } from '../errors/api-error.ts'
import { appOperations, documentAnswer } from './app-operations.ts'
import { outsideApi, underBase, zoneOf } from './app-zones.ts'
import { finishAnswer } from './finish-answer.ts'
import { type ProxyParts, requestChain } from './request-chain.ts'

export type { App } from '../base/http/types.ts'

/**
 * What `createApp` is made of: the data, keys, limiter, scenarios and clock, the control API, the OpenAPI document and the hooks of the petstore that owns it.
 *
 * @example
 * const app = createApp({ store, keyring, limiter, scenarios, clock, admin: undefined, openapi: () => document, cors: true, ready: Promise.resolve() })
 */
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
  proxy?: ProxyParts
}

/**
 * The mock, independent of transport: the base path, the request's context,
 * the data it waits for, the chain that answers (composed by `requestChain`,
 * the one place that reads in order every way a request takes), and the one
 * place where a failure becomes an Error body. The node:http server calls `answer` (synchronous
 * when nothing on the way waits); `petstore.fetch` and the msw handlers,
 * through the Fetch transport, call `handle`.
 *
 * @example
 * const app = createApp(deps)
 * const response = await app.handle(mockRequest)
 */
export function createApp(deps: AppDeps): App {
  const basePath = deps.basePath ?? ''
  const chain = requestChain({
    keyring: deps.keyring,
    limiter: deps.limiter,
    scenarios: deps.scenarios,
    clock: deps.clock,
    cors: deps.cors,
    basePath,
    operations: appOperations(deps.store),
    document: documentAnswer(deps.openapi),
    admin: deps.admin ? adminRoutes(deps.admin) : [],
    proxy: deps.proxy,
  })
  return appWith(chain, [], { deps, basePath, loaded: undefined })
}

/** What every app made from one `createApp` shares: its dependencies and the data it waited for. */
interface Shared {
  deps: AppDeps
  basePath: string
  /** The `ready` promise already waited for (a reset makes a new one). */
  loaded: Promise<void> | undefined
}

/**
 * The app that answers through the chain behind `guards`: `guarded` makes
 * another over the same shared state, with more guards first.
 */
function appWith(
  chain: (guards: ReadonlyArray<Middleware>) => Operation,
  guards: ReadonlyArray<Middleware>,
  shared: Shared,
): App {
  const { deps, basePath } = shared
  const pipeline = chain(guards)
  const { onAnswer, clock } = deps
  const respond = (request: MockRequest): MockResponse | Promise<MockResponse> => {
    const inside = underBase(basePath, request.path)
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
    if (ready !== shared.loaded) {
      return ready
        .then(
          () => {
            shared.loaded = ready
            return run(pipeline, ctx, inside, shared)
          },
          (error: unknown) => failed(request, error, deps.onError),
        )
        .then((response) => finishAnswer(ctx, response, onAnswer, startedAt, started))
    }
    const result = run(pipeline, ctx, inside, shared)
    return isThenable(result)
      ? Promise.resolve(result).then((response) =>
          finishAnswer(ctx, response, onAnswer, startedAt, started),
        )
      : finishAnswer(ctx, result, onAnswer, startedAt, started)
  }
  return {
    guarded: (more) => appWith(chain, [...more, ...guards], shared),
    serves(url) {
      if (deps.origin !== undefined && url.origin !== deps.origin) return false
      const inside = underBase(basePath, url.pathname)
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

/** The pipeline's answer, or a failure's; synchronous when the pipeline was. */
function run(
  pipeline: Operation,
  ctx: Context,
  inside: string | undefined,
  { deps, basePath }: Shared,
): MockResponse | Promise<MockResponse> {
  const { request } = ctx
  let result: MockResponse | Promise<MockResponse>
  try {
    if (request.absoluteTarget && deps.proxy !== undefined) {
      throw new ApiError(
        'invalid_request',
        'The proxy forwards only to its upstream: send a path (GET /v1/pets), not an absolute URL.',
      )
    }
    if (inside === undefined) throw outsideApi(basePath, request.path, deps.admin !== undefined)
    result = pipeline(ctx)
  } catch (error) {
    return failed(request, error, deps.onError)
  }
  return isThenable(result)
    ? Promise.resolve(result).catch((error) => failed(request, error, deps.onError))
    : result
}

/** Why a request failed, as its answer (499 when the client left first: nobody reads it). */
function failed(request: MockRequest, error: unknown, onError: AppDeps['onError']): MockResponse {
  return request.signal?.aborted ? { status: 499, headers: {} } : toErrorResponse(error, onError)
}
