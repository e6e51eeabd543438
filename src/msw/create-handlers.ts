import { type HttpHandler, http } from 'msw'
import { ADMIN_PREFIX } from '../admin/admin-api.ts'
import { normalizeBaseUrl } from '../options/base-url.ts'
import { API_PREFIX, ROUTES } from '../spec/routes.ts'

/**
 * Turns the mock's `fetch` into msw request handlers: one per operation (so
 * that `server.use()` overrides read naturally), then catch-alls that answer
 * 404/405 under `/v1`, the control API and `/openapi.json`.
 *
 * @example
 * const core = createPetstoreCore({ baseUrl: 'https://api.example.com' })
 * const handlers = createHandlers(core.fetch, { baseUrl: 'https://api.example.com' })
 */
export function createHandlers(
  fetch: (request: Request) => Promise<Response>,
  options: { baseUrl?: string } = {},
): Array<HttpHandler> {
  const base = normalizeBaseUrl(options.baseUrl)
  const resolver = ({ request }: { request: Request }) => fetch(request)
  const operationHandlers = ROUTES.map((route) => {
    const path = `${base}${route.path.replace(/\{(\w+)\}/g, ':$1')}`
    return route.method === 'GET' ? http.get(path, resolver) : http.post(path, resolver)
  })
  return [
    ...operationHandlers,
    http.all(`${base}${API_PREFIX}`, resolver),
    http.all(`${base}${API_PREFIX}/*`, resolver),
    http.all(`${base}${ADMIN_PREFIX}/*`, resolver),
    http.get(`${base}/openapi.json`, resolver),
  ]
}
