import type { Middleware } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { printable } from '../../utils/clip.ts'

/**
 * Refuses requests that a browser marks as coming from another origin with
 * 403 `origin_not_allowed` (the way webpack-dev-server guards its own routes):
 * `Sec-Fetch-Site` other than `same-origin` or `none` (a typed URL), except a
 * plain navigation (`GET`/`HEAD` with `Sec-Fetch-Mode: navigate`); without
 * `Sec-Fetch-Site`, an `Origin` whose host differs from `Host`. Requests
 * without either header (curl, tests, tools) pass. This covers preflights too:
 * an `OPTIONS` from another origin is refused, so the browser never sends
 * what it announced.
 *
 * @example
 * const guard = sameOriginOnly()
 */
export function sameOriginOnly(): Middleware {
  return function sameOriginOnly(ctx, next) {
    const { request } = ctx
    const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase()
    const origin = request.headers.get('origin')
    const navigation =
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.headers.get('sec-fetch-mode')?.trim().toLowerCase() === 'navigate'
    let refused: string | undefined
    if (site !== undefined) {
      if (site !== 'same-origin' && site !== 'none' && !navigation) {
        refused = `a page on another origin (Sec-Fetch-Site: ${site.slice(0, 20)})`
      }
    } else if (origin !== null && !sameHost(origin, request.headers.get('host'))) {
      refused = `a page on another origin (${printable(origin.slice(0, 80))})`
    }
    if (refused === undefined) return next(ctx)
    throw new ApiError(
      'origin_not_allowed',
      `The control API answers only its own origin, not ${refused}; call it from a tool or from a page the mock serves.`,
    )
  }
}

function sameHost(origin: string, host: string | null): boolean {
  if (host === null) return false
  try {
    return new URL(origin).host === new URL(`http://${host.trim()}`).host
  } catch {
    return false
  }
}
