import { type HttpHandler, HttpResponse, http } from 'msw'
import { ADMIN_PREFIX } from '../admin/admin-api.ts'
import type { App } from '../app/create-app.ts'
import { MAX_BODY_BYTES } from '../middleware/payload-limit.ts'
import { API_PREFIX, ROUTES } from '../operations/routes.ts'

/** The client address of in-process requests, for limits without a valid key. */
export const IN_PROCESS_ADDRESS = 'in-process'

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
  const prefix = base === '*' ? '' : new URL(base).pathname.replace(/\/$/, '')
  const resolver = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    const path =
      prefix && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname
    const { body, tooLarge } = await readBody(request)
    const response = await app.handle({
      method: request.method.toUpperCase(),
      path: path || '/',
      query: url.searchParams,
      headers: request.headers,
      body,
      bodyTooLarge: tooLarge,
      clientAddress: IN_PROCESS_ADDRESS,
      signal: request.signal,
    })
    return new HttpResponse(response.body ?? null, {
      status: response.status,
      headers: response.headers,
    })
  }
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

async function readBody(request: Request): Promise<{ body: string | null; tooLarge: boolean }> {
  if (request.body === null) return { body: null, tooLarge: false }
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_BODY_BYTES) return { body: null, tooLarge: true }
  const text = await request.text()
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES)
    return { body: null, tooLarge: true }
  return { body: text === '' ? null : text, tooLarge: false }
}
