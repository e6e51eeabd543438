import { type HttpHandler, http } from 'msw'
import { ADMIN_PREFIX } from '../admin/admin-api.ts'
import type { App } from '../app/create-app.ts'
import { API_PREFIX, ROUTES } from '../operations/routes.ts'
import { basePathOf, normalizeBaseUrl } from './base-url.ts'
import { toFetchResponse, toMockRequest } from './to-mock-request.ts'

/**
 * Turns the app into msw request handlers: one per operation (so that
 * `server.use()` overrides read naturally), then catch-alls that answer
 * 404/405 under `/v1`, the control API and `/openapi.json`.
 *
 * @example
 * const handlers = createHandlers(app, { baseUrl: 'https://api.example.com' })
 */
export function createHandlers(app: App, options: { baseUrl?: string } = {}): Array<HttpHandler> {
  const base = normalizeBaseUrl(options.baseUrl)
  const prefix = basePathOf(options.baseUrl)
  const resolver = async ({ request }: { request: Request }) =>
    toFetchResponse(await app.handle(await toMockRequest(request, prefix)))
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
