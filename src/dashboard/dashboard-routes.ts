import type { Operation } from '../http/types.ts'
import { dashboardPage } from './dashboard-page.ts'
import { dashboardMain } from './dashboard-script.ts'

const SCRIPT = `(${dashboardMain.toString()})()\n`

/**
 * The dashboard's endpoints: `GET /__mock/` (the page, HTML and CSS) and
 * `GET /__mock/dashboard.js` (its script). Static, same origin, no network
 * beyond the control API; `GET /__mock` redirects to `/__mock/` so that the
 * page's relative links resolve.
 *
 * @example
 * const routes = dashboardRoutes()
 * await routes['GET /__mock/']?.(ctx)
 */
export function dashboardRoutes(): Record<string, Operation> {
  const page = dashboardPage()
  const headers = {
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  }
  return {
    'GET /__mock': () => ({ status: 308, headers: { location: '/__mock/' } }),
    'GET /__mock/': () => ({
      status: 200,
      headers: {
        ...headers,
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      },
      body: page,
    }),
    'GET /__mock/dashboard.js': () => ({
      status: 200,
      headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' },
      body: SCRIPT,
    }),
  }
}
