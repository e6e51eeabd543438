import type { Clock } from '../base/clock/clock.ts'
import { compose } from '../base/http/compose.ts'
import { createRouter, type RouterMatch } from '../base/http/router.ts'
import type { Middleware, Operation } from '../base/http/types.ts'
import type { AdminRoute } from '../control/admin/admin-api.ts'
import { authenticate } from '../core/middleware/authenticate.ts'
import { bodyLimits } from '../core/middleware/body-limits.ts'
import { cors } from '../core/middleware/cors.ts'
import { deprecation } from '../core/middleware/deprecation.ts'
import { rateLimit } from '../core/middleware/rate-limit.ts'
import { requireAuth } from '../core/middleware/require-auth.ts'
import { requireJsonContent } from '../core/middleware/require-json-content.ts'
import { simulate } from '../core/middleware/simulate.ts'
import type { ApiKey } from '../core/plans/create-keyring.ts'
import type { RateLimiter } from '../core/plans/create-rate-limiter.ts'
import { type ProxyDeps, proxyStep } from '../core/proxy/proxy-step.ts'
import type { ScenarioQueue } from '../core/simulation/scenario-queue.ts'
import { OPENAPI_PATH } from '../spec/paths.ts'
import { type OperationId, ROUTES, type Route } from '../spec/routes.ts'
import { noOperation, outsideAnswer } from './mock-answer.ts'

/**
 * The proxy's parts that come from its options (`--proxy`): the chain adds
 * the forced answers (`simulate`) and the counting of its own Errors.
 *
 * @example
 * const proxy: ProxyParts = { target, upstream, fallback: false, judge: createExchangeJudge() }
 */
export type ProxyParts = Omit<ProxyDeps, 'force' | 'countOwn' | 'clock'>

/**
 * What the chain is made of: the state its middleware reads (keys, limiter,
 * scenarios, clock), and the answers at its ends (the operations, the OpenAPI
 * document, the control API's routes, the proxy).
 *
 * @example
 * const parts: ChainParts = { keyring, limiter, scenarios, clock, cors: true, basePath: '', operations, document, admin: [] }
 */
export interface ChainParts {
  keyring: ReadonlyMap<string, ApiKey>
  limiter: RateLimiter
  scenarios: ScenarioQueue
  clock: Clock
  /** CORS headers and preflights outside the control API. */
  cors: boolean
  /** The path the API is served under (`/api` for `https://example.com/api`, else `''`). */
  basePath: string
  /** Each operation of the spec, by its `operationId`, without any middleware. */
  operations: { readonly [Id in OperationId]: Operation }
  /** The OpenAPI document's answer (`GET /openapi.json`). */
  document: Operation
  /** The control API's routes (none when it is off). */
  admin: ReadonlyArray<AdminRoute>
  /** The proxy (`--proxy`): answers every API request, with the mock's answer to fall back on. */
  proxy?: ProxyParts
}

/** What the router finds for a method and path: what to run, and the spec's route it serves. */
interface Target {
  /** The spec's route, for an operation of the API; `undefined` for the document and the control API. */
  route: Route | undefined
  run: Operation
}

/**
 * The one place where the mock's middleware chain is composed: every way a
 * request takes from `app.answer` to its answer, outermost first.
 *
 * - the server's guards (`guards`: Host allow-list, control-API access; none in-process),
 * - CORS (outside the control API, which answers no preflight),
 * - the router, then one of
 *   - an operation of the spec: deprecation headers (on a deprecated route),
 *     authenticate, rate limit, body limits, auth required, simulate, the operation;
 *   - with `--proxy`, under `/v1`: simulate (a forced answer is the mock's),
 *     then the upstream, the mock's own answer (above) to fall back on; the
 *     proxy's own Errors counted by authenticate and rate limit;
 *   - under `/v1` with no operation (404, 405, `OPTIONS`): authenticate, rate
 *     limit, body limits, then the mock's answer;
 *   - the control API: JSON content, body limits, its route;
 *   - the OpenAPI document, the home page and the 404 outside the API: none.
 *
 * Each middleware is made once; the result composes `guards` in front of the
 * rest, built once too.
 *
 * @example
 * const answer = requestChain(parts)([])
 * const response = await answer(ctx)
 */
export function requestChain(parts: ChainParts): (guards: ReadonlyArray<Middleware>) => Operation {
  const { basePath, admin } = parts
  const counted = [authenticate(parts.keyring), rateLimit(parts.limiter)]
  const forced = simulate(parts.scenarios, parts.clock)
  const guard = [...counted, bodyLimits()]
  const secured = [...guard, requireAuth(), forced]
  const control = [requireJsonContent(), bodyLimits()]

  const router = createRouter<Target>([
    ...ROUTES.map((route) => ({
      method: route.method,
      path: route.path,
      value: {
        route,
        run: compose(
          route.deprecation ? [deprecation(route.deprecation, basePath), ...secured] : secured,
          parts.operations[route.operationId],
        ),
      },
    })),
    { method: 'GET', path: OPENAPI_PATH, value: { route: undefined, run: parts.document } },
    ...admin.map((entry) => ({
      method: entry.method,
      path: entry.path,
      value: { route: undefined, run: compose(control, entry.run) },
    })),
  ])
  const notFound = compose(guard, (ctx) => noOperation(ctx, undefined))
  /** The mock's own answer to a request, given what the router found for it. */
  const mock = (ctx: Parameters<Operation>[0], found: RouterMatch<Target> | undefined) => {
    if (found?.params) {
      ctx.route = found.value.route
      ctx.params = found.params
      return found.value.run(ctx)
    }
    if (ctx.zone !== 'api') return outsideAnswer(ctx, found?.allow, { admin, basePath })
    if (found === undefined) return notFound(ctx)
    const { allow } = found
    return compose(guard, (routed) => noOperation(routed, allow))(ctx)
  }
  const proxy =
    parts.proxy === undefined
      ? undefined
      : proxyStep({
          ...parts.proxy,
          clock: parts.clock,
          force: forced,
          // The proxy's own Errors are the mock's answers: counted as a fallback answer is.
          countOwn: compose(counted, () => ({ status: 204, headers: {} })),
        })
  const route: Operation = (ctx) => {
    const found = router.find(ctx.request.method, ctx.path)
    if (proxy === undefined || ctx.zone !== 'api') return mock(ctx, found)
    if (found?.params) {
      ctx.route = found.value.route
      ctx.params = found.params
    }
    return proxy(ctx, (routed) => mock(routed, found))
  }
  const withCors = compose(parts.cors ? [cors()] : [], route)
  // The control API sends no CORS headers and answers no preflight: no page of another origin may use it.
  const inner: Operation = (ctx) => (ctx.zone === 'admin' ? route(ctx) : withCors(ctx))
  return (guards) => compose(guards, inner)
}
