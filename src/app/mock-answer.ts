import { compose } from '../base/http/compose.ts'
import { originOfHost } from '../base/http/origin-of-host.ts'
import type { RouterMatch } from '../base/http/router.ts'
import type { Context, Middleware, MockResponse } from '../base/http/types.ts'
import { type AdminRoute, adminNotFound } from '../control/admin/admin-api.ts'
import { ApiError } from '../errors/api-error.ts'
import { methodNotAllowed } from '../errors/method-not-allowed.ts'
import { clip } from '../utils/clip.ts'
import type { AppTarget } from './app-routes.ts'
import { outsideApi } from './app-zones.ts'
import { homePage, opensHome } from './home-page.ts'

/**
 * The mock's own answer to a request, given what the router found for it.
 *
 * @example
 * const answer: MockAnswer = mockAnswer({ guard, admin, basePath: '' })
 */
export type MockAnswer = (
  ctx: Context,
  found: RouterMatch<AppTarget> | undefined,
) => MockResponse | Promise<MockResponse>

/**
 * How the mock answers a request the router looked up: the route it found,
 * run with its path parameters; else, under the API, a 404 `route_not_found`,
 * a 405 with `Allow` or an `OPTIONS` 204, each behind `guard` (so that it is
 * counted and carries the rate-limit headers like any API answer); else the
 * control API's 404, the page a browser gets at the root (`GET /`, HTML
 * preferred), or the 404 that names where the API and the dashboard live.
 *
 * @example
 * const answer = mockAnswer({ guard, admin, basePath: '' })
 * const response = await answer(ctx, router.find(ctx.request.method, ctx.path))
 */
export function mockAnswer(parts: {
  /** The chain in front of every API answer: authentication, rate limit, body limits. */
  guard: ReadonlyArray<Middleware>
  admin: ReadonlyArray<AdminRoute>
  basePath: string
}): MockAnswer {
  const { guard, admin, basePath } = parts
  const notFound = compose(guard, ({ path }): never => {
    throw new ApiError('route_not_found', `No operation at ${clip(path)}.`)
  })
  return (ctx, found) => {
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
    const dashboard = admin.length > 0
    if (opensHome(request, path)) {
      const origin = request.origin ?? originOfHost(request.headers.get('host'))
      return homePage({ basePath, dashboard, origin })
    }
    throw outsideApi(basePath, path, dashboard)
  }
}
