import { ADDRESS_CLIENT_PREFIX, KEY_CLIENT_PREFIX } from '../../core/plans/create-rate-limiter.ts'
import { SIMULATED_STATUS_LIST } from '../../core/simulation/simulated-statuses.ts'
import { ADMIN_PREFIX } from '../../spec/paths.ts'
import { ROUTES } from '../../spec/routes.ts'
import { CONTROL_SOURCE } from '../../utils/show-controls.ts'
import type { AdminRoute } from '../admin/admin-api.ts'
import type { DashboardConfig } from './dashboard-panels.ts'

/**
 * The dashboard's static files: the redirect, the page and its script. They
 * hold no data and no secret, so a server that guards its control API with an
 * admin token serves them without it; the page then sends the token it reads
 * from its URL's `#token=` fragment with every request of its own.
 *
 * @example
 * DASHBOARD_ASSETS.includes('/__mock/dashboard.js') // true
 */
export const DASHBOARD_ASSETS: ReadonlyArray<string> = [
  ADMIN_PREFIX,
  `${ADMIN_PREFIX}/`,
  `${ADMIN_PREFIX}/dashboard.js`,
]

/** Requests the dashboard's log shows at most (the newest). */
export const DASHBOARD_ROWS = 500

const CONFIG: DashboardConfig = {
  routes: ROUTES.map((route) => ({ method: route.method, path: route.path })),
  statuses: SIMULATED_STATUS_LIST,
  maxRows: DASHBOARD_ROWS,
  clientPrefixes: { key: KEY_CLIENT_PREFIX, address: ADDRESS_CLIENT_PREFIX },
  controls: CONTROL_SOURCE,
}

/**
 * The dashboard's endpoints: `GET /__mock/` (the page, HTML and CSS) and
 * `GET /__mock/dashboard.js` (its script). Static, same origin, nothing
 * fetched from elsewhere; `GET /__mock` redirects to `/__mock/` so that the
 * page's relative links resolve.
 *
 * @example
 * const routes = dashboardRoutes()
 */
export function dashboardRoutes(): Array<AdminRoute> {
  // The page and its script load when first asked for, not with the mock.
  let assets: Promise<{ page: string; script: string }> | undefined
  const load = () => {
    assets ??= Promise.all([import('./dashboard-page.ts'), import('./dashboard-script.ts')]).then(
      ([{ dashboardPage }, { dashboardScript }]) => ({
        page: dashboardPage(),
        script: dashboardScript(CONFIG),
      }),
    )
    return assets
  }
  const headers = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' }
  return [
    {
      method: 'GET',
      path: DASHBOARD_ASSETS[0] as string,
      run: ({ basePath }) => ({
        status: 308,
        headers: { location: `${basePath}${ADMIN_PREFIX}/` },
      }),
    },
    {
      method: 'GET',
      path: DASHBOARD_ASSETS[1] as string,
      run: async () => ({
        status: 200,
        headers: {
          ...headers,
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy':
            "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        },
        body: (await load()).page,
      }),
    },
    {
      method: 'GET',
      path: DASHBOARD_ASSETS[2] as string,
      run: async () => ({
        status: 200,
        headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' },
        body: (await load()).script,
      }),
    },
  ]
}
