import { compose } from '../../base/http/compose.ts'
import { isBeyondLoopback } from '../../base/http/host-names.ts'
import { keepLast } from '../../base/http/keep-last.ts'
import type { Middleware, Next } from '../../base/http/types.ts'
import { isAdminPath } from '../../control/admin/admin-api.ts'
import { DASHBOARD_ASSETS } from '../../control/dashboard/dashboard-routes.ts'
import { adminToken, generateAdminToken } from './admin-token.ts'
import { hostCheck } from './host-check.ts'
import { sameOriginOnly } from './same-origin-only.ts'

/**
 * Where the server binds, the names it serves besides, and the control API's token.
 *
 * @example
 * const options: ServerGuardOptions = { host: '0.0.0.0', allowedHosts: ['box.lan'] }
 */
export interface ServerGuardOptions {
  /** The address the server binds. */
  host: string
  /** Names served besides loopback ones (`--allowed-host`); `true`: any. */
  allowedHosts?: ReadonlyArray<string> | true
  /** The control API's bearer token; generated when the host is beyond loopback and none is given. */
  adminToken?: string
}

/**
 * The guards the node:http server puts in front of the app, and the token they ask for.
 *
 * @example
 * const { guards, adminToken }: ServerGuards = createServerGuards({ host: '127.0.0.1' }) // adminToken === undefined
 */
export interface ServerGuards {
  /** Run before the app on every request of the server. */
  guards: Array<Middleware>
  /** The token `/__mock/*` needs, or `undefined` when it needs none. */
  adminToken: string | undefined
}

/**
 * What the node:http server adds to the app, decided once from where it
 * binds: the Host allow-list on every request; on `/__mock/*`, same-origin
 * requests only, and the admin token when bound beyond loopback (or when one
 * is given; the dashboard's static files excepted). In-process (msw) none of this applies: the "host" there is the
 * base URL the test chose, and no other machine or page can reach it.
 *
 * @example
 * const { guards, adminToken } = createServerGuards({ host: '0.0.0.0' })
 * const app = petstore.app.guarded(guards)
 */
export function createServerGuards(options: ServerGuardOptions): ServerGuards {
  const { host } = options
  const beyondLoopback = isBeyondLoopback(host)
  const token = options.adminToken ?? (beyondLoopback ? generateAdminToken() : undefined)
  const open = [sameOriginOnly()]
  const chain = token === undefined ? open : [...open, adminToken(token)]
  // The dashboard's static files need no token (a page navigation cannot send
  // one); everything they then ask of the control API does.
  const isAsset = (method: string, path: string) =>
    (method === 'GET' || method === 'HEAD') && DASHBOARD_ASSETS.includes(path)
  // Composed once for the rest of the chain, which is the same on every request.
  const openBefore = keepLast((next: Next) => compose(open, next))
  const chainBefore = keepLast((next: Next) => compose(chain, next))
  const admin: Middleware = (ctx, next) =>
    isAdminPath(ctx.path)
      ? (isAsset(ctx.request.method, ctx.path) ? openBefore : chainBefore)(next)(ctx)
      : next(ctx)
  return {
    guards: [hostCheck({ bindHost: host, allowedHosts: options.allowedHosts }), admin],
    adminToken: token,
  }
}
