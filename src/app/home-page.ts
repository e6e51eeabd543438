import type { MockRequest, MockResponse } from '../base/http/types.ts'
import { ADMIN_PREFIX, OPENAPI_PATH } from '../spec/paths.ts'
import { API_PREFIX } from '../spec/routes.ts'
import { escapeHtml } from '../utils/escape-html.ts'

/**
 * Whether a request's `Accept` asks for HTML before JSON, as a browser's
 * navigation does (`text/html,…,*\/*;q=0.8`): `text/html` is named with a
 * weight above 0 and above that of every range JSON falls under
 * (`application/json`, `application/*`, `*\/*`). A tie, or no `Accept`
 * (curl, fetch: `*\/*`), is JSON.
 *
 * @example
 * prefersHtml('text/html,application/xhtml+xml,*\/*;q=0.8') // true
 * prefersHtml('*\/*') // false
 */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false
  let html = 0
  let json = 0
  // At most 64 ranges are read: an Accept is a short list, and the rest cannot tip it.
  for (const range of accept.split(',', 64)) {
    const [type = '', ...parameters] = range.split(';', 8).map((part) => part.trim().toLowerCase())
    const q = weightOf(parameters)
    if (type === 'text/html') html = Math.max(html, q)
    else if (type === 'application/json' || type === 'application/*' || type === '*/*')
      json = Math.max(json, q)
  }
  return html > 0 && html > json
}

/** The `q` of a media range's parameters: 1 when absent, 0 when not a weight. */
function weightOf(parameters: ReadonlyArray<string>): number {
  const q = parameters.find((parameter) => parameter.startsWith('q='))
  if (q === undefined) return 1
  const value = q.slice(2)
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0
}

/**
 * The page a browser gets at the mock's root (`GET /` under the base path,
 * when its `Accept` prefers HTML): where the API, its OpenAPI document and,
 * when the control API is on, the dashboard are. Static: no data, no secret,
 * nothing fetched.
 *
 * @example
 * homePage({ basePath: '', dashboard: true }).status // 200
 */
export function homePage(options: {
  basePath: string
  dashboard: boolean
  /** Where the request was sent (`http://127.0.0.1:4010`), for the example; `undefined` when unknown. */
  origin?: string | undefined
}): MockResponse {
  const base = escapeHtml(options.basePath)
  const origin = escapeHtml(options.origin ?? '')
  const dashboard = options.dashboard
    ? `<li><a href="${base}${ADMIN_PREFIX}/">The dashboard</a>: the requests your app sends, live; errors and delays to force; each key's quota.</li>`
    : '<li>The dashboard is off (<code>--no-admin</code>).</li>'
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>petstore-mock</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
code { font: 0.9em ui-monospace, monospace; background: #f2f4f7; padding: 0.1em 0.3em; border-radius: 4px; overflow-wrap: anywhere; }
li { margin: 0.5rem 0; }
</style>
</head>
<body>
<h1>petstore-mock</h1>
<p>A mock of the Animal Adoption Service API. Nothing is served at this address itself:</p>
<ul>
${dashboard}
<li>The API, under <code>${base}${API_PREFIX}</code>, with a key: <code>curl -H 'Authorization: Bearer sk_test_free' '${origin}${base}${API_PREFIX}/pets?limit=3'</code></li>
<li><a href="${base}${OPENAPI_PATH}">The OpenAPI document</a> of the API.</li>
</ul>
</body>
</html>
`
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
    body,
  }
}

/** Whether a request is a browser opening the mock's root: `GET` or `HEAD` of `/`, HTML preferred. */
export function opensHome(request: MockRequest, path: string): boolean {
  return (
    path === '/' &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    prefersHtml(request.headers.get('accept'))
  )
}
