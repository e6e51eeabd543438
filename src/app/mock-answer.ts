import { originOfHost } from '../base/http/origin-of-host.ts'
import type { Context, MockResponse } from '../base/http/types.ts'
import { type AdminRoute, adminNotFound } from '../control/admin/admin-api.ts'
import { ApiError } from '../errors/api-error.ts'
import { methodNotAllowed } from '../errors/method-not-allowed.ts'
import { clip } from '../utils/clip.ts'
import { outsideApi } from './app-zones.ts'
import { homePage, opensHome } from './home-page.ts'

/**
 * The mock's answer under the API where no operation matched (the chain runs
 * it behind authentication, rate limit and body limits, so that it is counted
 * and carries the rate-limit headers like any API answer): with `allow` (the
 * path is known, the method not), an `OPTIONS` 204 or a 405, each with
 * `Allow`; else a 404 `route_not_found`.
 *
 * @example
 * noOperation(ctx, 'GET, HEAD, POST') // throws the 405 of a DELETE /v1/pets
 */
export function noOperation(ctx: Context, allow: string | undefined): MockResponse {
  const { request, path } = ctx
  if (allow === undefined) throw new ApiError('route_not_found', `No operation at ${clip(path)}.`)
  // Not a CORS preflight (the cors middleware answered those): an API
  // response like any other, so it is counted and carries the headers.
  if (request.method === 'OPTIONS') return { status: 204, headers: { allow } }
  throw methodNotAllowed(request.method, path, allow)
}

/**
 * The mock's answer outside the API where no route matched: a 405 with
 * `Allow` for a known path (`allow`), the control API's 404, the page a
 * browser gets at the root (`GET /`, HTML preferred), or the 404 that names
 * where the API and the dashboard live.
 *
 * @example
 * outsideAnswer(ctx, undefined, { admin: [], basePath: '' }) // the home page of a GET /
 */
export function outsideAnswer(
  ctx: Context,
  allow: string | undefined,
  parts: { admin: ReadonlyArray<AdminRoute>; basePath: string },
): MockResponse {
  const { request, path, zone } = ctx
  const { admin, basePath } = parts
  if (allow !== undefined) throw methodNotAllowed(request.method, path, allow)
  if (zone === 'admin' && admin.length > 0) throw adminNotFound(path, admin)
  const dashboard = admin.length > 0
  if (opensHome(request, path)) {
    const origin = request.origin ?? originOfHost(request.headers.get('host'))
    return homePage({ basePath, dashboard, origin })
  }
  throw outsideApi(basePath, path, dashboard)
}
