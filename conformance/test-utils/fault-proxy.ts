import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the proxy received it. */
export interface ProxiedRequest {
  method: string
  /** Path and query, e.g. `/v1/pets?limit=1`. */
  path: string
  headers: Record<string, string>
  body: string
}

/** A response on its way back (lower-cased headers). */
export interface ProxiedResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * One fault: which requests it applies to and what it changes. `request`
 * rewrites the request before forwarding, `respond` answers without
 * forwarding, `response` rewrites the upstream response.
 */
export interface FaultRule {
  when?: (request: ProxiedRequest) => boolean
  request?: (request: ProxiedRequest) => ProxiedRequest
  respond?: (request: ProxiedRequest) => ProxiedResponse
  response?: (response: ProxiedResponse, request: ProxiedRequest) => ProxiedResponse
}

/** A running proxy. */
export interface FaultProxy {
  /** The origin of the proxy, e.g. `http://127.0.0.1:PORT`. */
  url: string
  /** Replaces the rules (an empty list forwards everything unchanged). */
  setRules: (rules: Array<FaultRule>) => void
  close: () => Promise<void>
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length'])

function forward(target: URL, request: ProxiedRequest): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(name) && name !== 'host') {
        headers[name] = value
      }
    }
    if (request.body !== '') {
      headers['content-length'] = String(Buffer.byteLength(request.body))
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers,
        // A fresh connection per request: a kept-alive socket can be closed by
        // the mock's idle timer (real time) just as it is reused, and the POST
        // on it is lost (ECONNRESET, answered 502) on a slow machine.
        agent: false,
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const out: Record<string, string> = {}
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) {
              out[name] = Array.isArray(value) ? value.join(', ') : value
            }
          }
          resolve({
            status: response.statusCode ?? 502,
            headers: out,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        })
        response.on('error', reject)
      },
    )
    upstream.on('error', reject)
    upstream.end(request.body === '' ? undefined : request.body)
  })
}

/**
 * A small HTTP proxy in front of the real mock that breaks one rule on
 * purpose (drop a header, change a status, rewrite a body, let a request
 * without a key through), to prove that each conformance check fails when
 * its rule is broken.
 *
 * @example
 * const proxy = await createFaultProxy({ target: mock.url, rules: [dropHeader('x-ratelimit-reset')] })
 * await runConformance({ baseUrl: `${proxy.url}/v1`, token: 'sk_test_enterprise' })
 * await proxy.close()
 */
export async function createFaultProxy(options: {
  target: string
  rules?: Array<FaultRule>
}): Promise<FaultProxy> {
  const target = new URL(options.target)
  let rules = options.rules ?? []
  // No server-side keep-alive timer: the client closes its idle connections
  // itself, so a request never meets a socket the proxy is closing in real time.
  const server = http.createServer({ keepAliveTimeout: 0 }, (req, res) => {
    const chunks: Array<Buffer> = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) {
          headers[name] = Array.isArray(value) ? value.join(', ') : value
        }
      }
      const original: ProxiedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      try {
        const active = rules.filter((rule) => !rule.when || rule.when(original))
        let request = original
        for (const rule of active) {
          request = rule.request ? rule.request(request) : request
        }
        const responder = active.find((rule) => rule.respond)
        let response = responder?.respond
          ? responder.respond(request)
          : await forward(target, request)
        for (const rule of active) {
          response = rule.response ? rule.response(response, original) : response
        }
        res.writeHead(response.status, {
          ...response.headers,
          'content-length': Buffer.byteLength(response.body),
        })
        res.end(response.body)
      } catch (error) {
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(`fault proxy: ${(error as Error).message}`)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    setRules(next) {
      rules = next
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** The path without the query. */
export const pathOf = (request: ProxiedRequest): string => request.path.split('?')[0] ?? ''

/** The query parameters of a request. */
export const queryOf = (request: ProxiedRequest): URLSearchParams =>
  new URL(request.path, 'http://x').searchParams

/**
 * Parses a JSON body, `undefined` when it is not JSON.
 *
 * @example
 * jsonOf('{"a":1}') // { a: 1 }
 */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * Rewrites the JSON body of matching responses.
 *
 * @example
 * rewriteJson((body) => ({ ...body, status: 'x' }), (request) => request.method === 'POST')
 */
export function rewriteJson(
  change: (body: unknown, request: ProxiedRequest) => unknown,
  when?: (request: ProxiedRequest) => boolean,
): FaultRule {
  return {
    ...(when ? { when } : {}),
    response: (response, request) => ({
      ...response,
      body: JSON.stringify(change(jsonOf(response.body), request)),
    }),
  }
}

/**
 * Changes headers of matching responses (`undefined` removes one).
 *
 * @example
 * setHeaders({ 'x-ratelimit-reset': undefined })
 */
export function setHeaders(
  change: Record<string, string | undefined | ((value: string | undefined) => string | undefined)>,
  when?: (request: ProxiedRequest) => boolean,
): FaultRule {
  return {
    ...(when ? { when } : {}),
    response: (response) => {
      const headers = { ...response.headers }
      for (const [name, value] of Object.entries(change)) {
        const next = typeof value === 'function' ? value(headers[name]) : value
        if (next === undefined) {
          delete headers[name]
        } else {
          headers[name] = next
        }
      }
      return { ...response, headers }
    },
  }
}

/**
 * Rewrites matching requests before they are forwarded.
 *
 * @example
 * rewriteRequest((request) => ({ ...request, headers: { ...request.headers, authorization: 'Bearer sk_test_enterprise' } }))
 */
export function rewriteRequest(
  change: (request: ProxiedRequest) => ProxiedRequest,
  when?: (request: ProxiedRequest) => boolean,
): FaultRule {
  return { ...(when ? { when } : {}), request: change }
}
