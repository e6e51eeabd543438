import { type HttpHandler, http } from 'msw'
import { ADMIN_PREFIX } from '../admin/admin-api.ts'
import type { App } from '../app/create-app.ts'
import { API_PREFIX, ROUTES } from '../operations/routes.ts'
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

/**
 * The path under which `/v1` lives for a base URL: `''` for any origin or a
 * bare origin, `/api` for `https://example.com/api`.
 *
 * @example
 * basePathOf('https://example.com/api/v1') // '/api'
 */
export function basePathOf(baseUrl: string | undefined): string {
  const base = normalizeBaseUrl(baseUrl)
  return base === '*' ? '' : new URL(base).pathname.replace(/\/$/, '')
}

/**
 * `undefined` matches any origin (`*`); otherwise the origin and path prefix
 * under which `/v1` lives (a trailing `/v1` is dropped).
 */
function normalizeBaseUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined || baseUrl === '*') return '*'
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(
      `[petstore-mock] Failed to create the handlers: baseUrl "${baseUrl}" is not an absolute URL.`,
    )
  }
  const path = url.pathname.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '')
  return `${url.origin}${path}`
}
