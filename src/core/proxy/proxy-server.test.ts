import http from 'node:http'
import net from 'node:net'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ReferenceOptions,
  type ReferenceServer,
  startReferenceServer,
} from '../../../conformance/test-utils/reference-server.ts'
import { withFetch } from '../../adapter/fetch/fetch-transport.ts'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { createUndiciUpstream } from '../../adapter/node/undici-upstream.ts'
import { createPetstoreCore, type PetstoreOptions } from '../../app/create-petstore-core.ts'
import { ErrorBody } from '../../spec/error-body.ts'
import { MAX_BODY_BYTES, PROXY_LIMITS } from '../../spec/limits.ts'
import {
  errorBody,
  type HttpHandler,
  type RawServer,
  startRawServer,
} from '../../test-utils/raw-server.ts'
import type { ProxyLimits } from './read-upstream-body.ts'

const KEY = { authorization: 'Bearer sk_ref' }
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function reference(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const server = await startReferenceServer(options)
  closers.push(server.close)
  return server
}

async function raw(handler: HttpHandler): Promise<RawServer> {
  const server = await startRawServer(handler)
  closers.push(server.close)
  return server
}

/** The mock in front of `upstream` over real HTTP, its upstream bounds shortened by `limits`. */
async function proxyMock(
  upstream: string,
  options: PetstoreOptions & { limits?: Partial<ProxyLimits> } = {},
): Promise<RunningServer> {
  const { limits, ...petstoreOptions } = options
  const petstore = createPetstoreCore(
    { proxy: upstream, ...petstoreOptions },
    {
      upstream: (target) => {
        const client = createUndiciUpstream(target, { ...PROXY_LIMITS, ...limits })
        closers.push(client.close)
        return client
      },
    },
  )
  const mock = await startServer({ port: 0, petstore: withFetch(petstore) })
  closers.push(() => mock.close())
  return mock
}

/** `X-RateLimit-Limit` and `X-RateLimit-Remaining` of an answer (a reset must be there too). */
function rateLimitHeaders(headers: Record<string, unknown>): Array<unknown> {
  expect(headers['x-ratelimit-reset']).toMatch(/^\d+$/)
  return [headers['x-ratelimit-limit'], headers['x-ratelimit-remaining']]
}

/** Sends raw bytes and resolves with everything the server sent until it closed or went quiet. */
function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    let received = ''
    const socket = net.connect(Number(port), hostname, () => socket.write(text))
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      received += chunk
      if (/\r\n\r\n/.test(received) && /"status":\d+\}$/.test(received)) socket.end()
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(received))
  })
}

describe('petstore-mock --proxy over HTTP', () => {
  it('forwards method, path under the base, query, body and Authorization; drops hop-by-hop headers', async () => {
    const seen: Array<{
      method?: string
      url?: string
      headers: Record<string, unknown>
      body: string
    }> = []
    const upstream = await raw((req, res) => {
      let body = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => {
        body += chunk
      })
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body })
        res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' })
        res.end('{"id":1,"name":"Rex","categoryId":1}')
      })
    })
    const mock = await proxyMock(`${upstream.url}/api/v1`)
    // node:http sends the hop-by-hop headers that undici refuses to.
    const response = await new Promise<{
      status?: number
      headers: http.IncomingHttpHeaders
      body: string
    }>((resolve, reject) => {
      const outgoing = http.request(`${mock.url}/v1/pets?limit=3&status=sold`, {
        method: 'POST',
        headers: {
          ...KEY,
          'content-type': 'application/json',
          connection: 'keep-alive, x-secret',
          'x-secret': 'hop',
          'keep-alive': 'timeout=5',
          'proxy-authorization': 'Basic abc',
          te: 'trailers',
          'x-request-id': 'kept',
        },
        agent: false,
      })
      outgoing.on('response', (incoming) => {
        let body = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => {
          body += chunk
        })
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode, headers: incoming.headers, body }),
        )
      })
      outgoing.on('error', reject)
      outgoing.end('{"name":"Rex","categoryId":1}')
    })
    expect(response.status).toBe(201)
    expect(response.headers['x-upstream']).toBe('yes')
    expect(response.body).toBe('{"id":1,"name":"Rex","categoryId":1}')
    expect(seen).toHaveLength(1)
    const [forwarded] = seen
    expect(forwarded?.method).toBe('POST')
    expect(forwarded?.url).toBe('/api/v1/pets?limit=3&status=sold')
    expect(forwarded?.body).toBe('{"name":"Rex","categoryId":1}')
    expect(forwarded?.headers.authorization).toBe('Bearer sk_ref')
    expect(forwarded?.headers['x-request-id']).toBe('kept')
    expect(forwarded?.headers.host).toBe(new URL(upstream.url).host)
    for (const name of ['x-secret', 'keep-alive', 'proxy-authorization', 'te']) {
      expect(forwarded?.headers[name], name).toBeUndefined()
    }
    const [entry] = mock.petstore.requests()
    expect(entry).toMatchObject({
      answeredBy: 'upstream',
      status: 201,
      response: { body: '{"id":1,"name":"Rex","categoryId":1}', bodyTruncated: false },
    })
    // This upstream sends no X-RateLimit-* headers (spec §8).
    expect(entry?.violations.map((violation) => violation.check)).toEqual(['ratelimit.headers'])
    // A header no one chose to show is passed on, not journaled.
    expect(entry?.response.headers['x-upstream']).toBeUndefined()
  })

  it('forwards /v1 to / of an upstream given as its origin root (no path)', async () => {
    const urls: Array<string | undefined> = []
    const upstream = await raw((req, res) => {
      urls.push(req.url)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
    const mock = await proxyMock(upstream.url)
    for (const path of ['/v1', '/v1?x=1', '/v1/pets?limit=2&api_key=qsecret777']) {
      const response = await request(`${mock.url}${path}`, { headers: KEY })
      await response.body.text()
      expect(response.statusCode, path).toBe(200)
    }
    // A credential in the query goes upstream as sent; the journal masks it.
    expect(urls).toEqual(['/', '/?x=1', '/pets?limit=2&api_key=qsecret777'])
    expect(mock.petstore.requests()[2]?.query).toEqual({ limit: '2', api_key: '...' })
  })

  it('passes a compressed answer on byte for byte and judges its decoded copy', async () => {
    const upstream = await reference({ compression: 'gzip' })
    const mock = await proxyMock(upstream.baseUrl)
    const direct = await request(`${upstream.baseUrl}/pets?limit=2`, {
      headers: { ...KEY, 'accept-encoding': 'gzip' },
    })
    const directBytes = Buffer.from(await direct.body.arrayBuffer())
    const response = await request(`${mock.url}/v1/pets?limit=2`, {
      headers: { ...KEY, 'accept-encoding': 'gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    const bytes = Buffer.from(await response.body.arrayBuffer())
    expect(bytes.equals(directBytes)).toBe(true)
    // The judge read the decoded copy: gzip bytes would not be JSON.
    expect(mock.petstore.requests().at(-1)).toMatchObject({
      answeredBy: 'upstream',
      violations: [],
    })
    expect(mock.petstore.requests().at(-1)?.response.body).toMatch(/^\[\{"id":1,"name":"Pet 1"/)
  })

  it("refuses a body over the mock's bound with 413 and forwards nothing of it", async () => {
    const upstream = await raw((_req, res) => res.writeHead(201).end('{}'))
    const mock = await proxyMock(`${upstream.url}/v1`)
    const response = await request(`${mock.url}/v1/pets`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: `"${'x'.repeat(MAX_BODY_BYTES)}"`,
    })
    expect(response.statusCode).toBe(413)
    expect(await response.body.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
    expect(upstream.requests).toBe(0)
    expect(rateLimitHeaders(response.headers)).toEqual(['60', '59'])
  })

  it('passes repeated Set-Cookie headers on as separate lines (RFC 6265 §3)', async () => {
    const upstream = await raw((_req, res) => {
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT'])
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    const mock = await proxyMock(`${upstream.url}/v1`)
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    await response.body.dump()
    expect(response.headers['set-cookie']).toEqual([
      'a=1; Path=/',
      'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT',
    ])
  })

  it('answers 503 with Retry-After past the bound of requests in flight, sending nothing more', async () => {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let arrived = () => {}
    const first = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const upstream = await raw((_req, res) => {
      arrived()
      void released.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'))
    })
    const mock = await proxyMock(`${upstream.url}/v1`, { limits: { maxInFlight: 1 } })
    const slow = request(`${mock.url}/v1/pets`, { headers: KEY })
    await first
    const refused = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe(String(PROXY_LIMITS.busyRetryAfterS))
    expect(rateLimitHeaders(refused.headers)).toEqual(['60', '59'])
    expect(ErrorBody.parse(await refused.body.json())).toMatchObject({
      code: 'service_unavailable',
      status: 503,
    })
    expect(upstream.requests).toBe(1)
    release()
    const answered = await slow
    expect(answered.statusCode).toBe(200)
    await answered.body.dump()
    // The bound is of requests in flight: once answered, the next one is sent.
    const next = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(next.statusCode).toBe(200)
    await next.body.dump()
  })

  it('passes a redirect back as it is, without following it', async () => {
    const upstream = await raw((_req, res) => {
      res.writeHead(302, { location: 'http://elsewhere.invalid/v1/pets' }).end()
    })
    const mock = await proxyMock(`${upstream.url}/v1`)
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('http://elsewhere.invalid/v1/pets')
    await response.body.dump()
    expect(upstream.requests).toBe(1)
  })

  // The proxy's own refusal of a path carries the mock's rate-limit headers; an
  // absolute-form target is refused before the request reaches the API.
  it.each([
    ['an absolute-form target', 'GET http://127.0.0.1:1/v1/pets HTTP/1.1', false],
    ['a dot segment', 'GET /v1/../admin HTTP/1.1', true],
    ['an encoded dot segment', 'GET /v1/%2e%2e/admin HTTP/1.1', true],
    ['an encoded slash', 'GET /v1/pets%2f..%2f..%2fadmin HTTP/1.1', true],
  ])('refuses %s with a 400 Error body and contacts nobody', async (_name, line, counted) => {
    const upstream = await raw((_req, res) => res.writeHead(200).end('[]'))
    const mock = await proxyMock(`${upstream.url}/v1`)
    const host = new URL(mock.url).host
    const received = await rawExchange(
      mock.url,
      `${line}\r\nHost: ${host}\r\nAuthorization: Bearer sk_ref\r\n\r\n`,
    )
    expect(received).toMatch(/^HTTP\/1\.1 400 /)
    const body = ErrorBody.parse(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)))
    expect(body).toMatchObject({ code: 'invalid_request', status: 400 })
    expect(body.message).toMatch(/proxy forwards only/)
    expect(upstream.requests).toBe(0)
    expect(/\r\nx-ratelimit-limit: 60\r\n/i.test(received)).toBe(counted)
  })

  it('answers 502 upstream_unreachable when nothing listens upstream', async () => {
    const closed = await raw(() => {})
    const url = closed.url
    await closed.close()
    const mock = await proxyMock(`${url}/v1`)
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(response.statusCode).toBe(502)
    expect(ErrorBody.parse(await response.body.json())).toMatchObject({
      code: 'upstream_unreachable',
      status: 502,
    })
    expect(mock.petstore.requests()[0]).toMatchObject({
      answeredBy: 'mock',
      code: 'upstream_unreachable',
    })
    // The mock's own answer carries the mock's rate-limit headers, counted by its limiter.
    const second = await request(`${mock.url}/v1/pets`, { headers: KEY })
    await second.body.dump()
    expect(rateLimitHeaders(response.headers)).toEqual(['60', '59'])
    expect(rateLimitHeaders(second.headers)).toEqual(['60', '58'])
    expect(Number(second.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000)
  })

  it('answers 504 upstream_timeout when the upstream sends no headers in time', async () => {
    const upstream = await raw(() => {})
    const mock = await proxyMock(`${upstream.url}/v1`, { limits: { headersTimeoutMs: 100 } })
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(response.statusCode).toBe(504)
    const body = ErrorBody.parse(await response.body.json())
    expect(body).toMatchObject({ code: 'upstream_timeout', status: 504 })
    expect(body.message).toMatch(/did not send its headers within 100 ms/)
    expect(rateLimitHeaders(response.headers)).toEqual(['60', '59'])
  })

  it('answers 504 when the body stalls, and 502 upstream_too_large beyond the size bound', async () => {
    const upstream = await raw((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      if (req.url?.includes('big')) res.end(`[${'0,'.repeat(600)}0]`)
      else res.write('[')
    })
    const mock = await proxyMock(`${upstream.url}/v1`, {
      limits: { bodyTimeoutMs: 100, maxResponseBytes: 1000 },
    })
    const stalled = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(stalled.statusCode).toBe(504)
    expect(await stalled.body.json()).toMatchObject({ code: 'upstream_timeout' })
    const big = await request(`${mock.url}/v1/big`, { headers: KEY })
    expect(big.statusCode).toBe(502)
    const body = ErrorBody.parse(await big.body.json())
    expect(body).toMatchObject({ code: 'upstream_too_large', status: 502 })
    expect(body.message).toMatch(/over 1000 bytes/)
  })

  it('forces Prefer, __code and scenarios without contacting the upstream; a delay adds to its time', async () => {
    const upstream = await reference()
    const sleeps: Array<number> = []
    let now = Date.UTC(2026, 0, 1)
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms)
        now += ms
      },
    }
    const mock = await proxyMock(upstream.baseUrl, { clock })
    const before = upstream.requests()
    const forced = await request(`${mock.url}/v1/pets`, { headers: { ...KEY, prefer: 'code=503' } })
    expect(forced.statusCode).toBe(503)
    expect(await forced.body.json()).toMatchObject({ code: 'service_unavailable', status: 503 })
    const query = await request(`${mock.url}/v1/pets?__code=429`, { headers: KEY })
    expect(query.statusCode).toBe(429)
    await query.body.dump()
    mock.petstore.simulate({ status: 500, path: '/v1/pets/{petId}' })
    const scenario = await request(`${mock.url}/v1/pets/1`, { headers: KEY })
    expect(scenario.statusCode).toBe(500)
    await scenario.body.dump()
    expect(upstream.requests()).toBe(before)
    const delayed = await request(`${mock.url}/v1/pets?limit=1&__delay=300`, { headers: KEY })
    expect(delayed.statusCode).toBe(200)
    expect(await delayed.body.json()).toHaveLength(1)
    expect(sleeps).toEqual([300])
    expect(upstream.requests()).toBe(before + 1)
    expect(
      mock.petstore.requests().map((entry) => [entry.status, entry.forced, entry.answeredBy]),
    ).toEqual([
      [503, 'prefer', 'mock'],
      [429, 'query', 'mock'],
      [500, 'scenario', 'mock'],
      [200, 'query', 'upstream'],
    ])
  })

  it('forwards Prefer and __code/__delay only when the mock did not use them', async () => {
    const seen: Array<{ url?: string; prefer?: string }> = []
    const upstream = await raw((req, res) => {
      seen.push({ url: req.url, prefer: req.headers.prefer as string | undefined })
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    const clock = { now: () => Date.UTC(2026, 0, 1), sleep: async () => {} }
    const mock = await proxyMock(`${upstream.url}/v1`, { clock })
    const send = async (path: string, headers: Record<string, string> = {}) =>
      (await request(`${mock.url}${path}`, { headers: { ...KEY, ...headers } })).body.dump()
    await send('/v1/pets?limit=1&__delay=5&x=%2B1')
    await send('/v1/pets?__code=7', { prefer: 'delay=5' })
    await send('/v1/pets?limit=2', { prefer: 'return=minimal' })
    expect(seen).toEqual([
      { url: '/v1/pets?limit=1&x=%2B1', prefer: undefined },
      { url: '/v1/pets?__code=7', prefer: undefined },
      { url: '/v1/pets?limit=2', prefer: 'return=minimal' },
    ])
  })

  it('neither counts nor limits proxied requests: the upstream rate-limit headers are what the caller sees', async () => {
    const upstream = await reference({ rateLimit: { limit: 1000, windowS: 60 } })
    const mock = await proxyMock(upstream.baseUrl)
    for (let i = 0; i < 3; i++) {
      const response = await request(`${mock.url}/v1/pets?limit=1`, { headers: KEY })
      expect(response.headers['x-ratelimit-limit']).toBe('1000')
      expect(response.headers['x-ratelimit-remaining']).toBe(String(1000 - i - 1))
      await response.body.dump()
    }
    expect(mock.petstore.state().rateLimit.clients).toEqual([])
  })
})

describe('requests judged as the caller sent them', () => {
  it("shows a bad limit, status, petId, body or a missing key as the caller's, with request.* ids", async () => {
    const upstream = await reference()
    const mock = await proxyMock(upstream.baseUrl)
    const send = async (
      path: string,
      init: { method?: 'POST'; headers?: Record<string, string>; body?: string } = {},
    ) => {
      const response = await request(`${mock.url}${path}`, { headers: KEY, ...init })
      await response.body.dump()
      return mock.petstore
        .requests()
        .at(-1)
        ?.violations.map((violation) => violation.check)
    }
    expect(await send('/v1/pets?limit=2')).toEqual([])
    expect(await send('/v1/pets?limit=0')).toEqual(['request.limit'])
    expect(await send('/v1/pets?status=lost&limit=abc')).toEqual([
      'request.limit',
      'request.status',
    ])
    expect(await send('/v1/pets/abc')).toEqual(['request.pet-id'])
    expect(await send('/v1/pets/9223372036854775807')).toEqual([])
    expect(
      await send('/v1/pets', {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: '{"name":"Rex","categoryId":1.5}',
      }),
    ).toEqual(['request.body'])
    expect(
      await send('/v1/pets', {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: `{"name":"${'n'.repeat(300)}","categoryId":9223372036854775807}`,
      }),
    ).toEqual([])
    expect(await send('/v1/pets', { headers: {} })).toEqual(['request.auth'])
    const [violation] = mock.petstore.requests({ violations: true })[0]?.violations ?? []
    expect(violation).toMatchObject({ level: 'required', section: '§4.1, §8', source: 'request' })
    expect(violation?.message).toMatch(/the caller's mistake, not the server's/)
    expect(violation?.message).toContain('"limit" must be an integer from 1 to 100, got "0"')
  })
})

describe("the caller's mistakes apart from the upstream's violations", () => {
  it('gives each violation its source and summarises them apart, over GET /__mock/violations too', async () => {
    const upstream = await reference({ fault: 'error-status-as-string-on-404' })
    const mock = await proxyMock(upstream.baseUrl)
    for (const path of ['/v1/pets/999', '/v1/pets?limit=0']) {
      await (await request(`${mock.url}${path}`, { headers: KEY })).body.dump()
    }
    const [upstreamBug, callerMistake] = mock.petstore.requests()
    expect(upstreamBug?.violations.map((v) => [v.check, v.source])).toEqual([
      ['error.body', 'response'],
    ])
    expect(callerMistake?.violations.map((v) => [v.check, v.source])).toEqual([
      ['request.limit', 'request'],
    ])
    const summary = async (query: string) => {
      const response = await request(`${mock.url}/__mock/violations${query}`)
      return { status: response.statusCode, body: (await response.body.json()) as object }
    }
    expect((await summary('')).body).toMatchObject({
      'error.body': { count: 1, source: 'response' },
      'request.limit': { count: 1, source: 'request' },
    })
    expect(Object.keys((await summary('?source=response')).body)).toEqual(['error.body'])
    expect(Object.keys((await summary('?source=request')).body)).toEqual(['request.limit'])
    expect(Object.keys(mock.petstore.violations('response'))).toEqual(['error.body'])
    for (const bad of ['?source=server', '?source=request&source=response', '?source=__proto__']) {
      const refused = await summary(bad)
      expect(refused.status).toBe(400)
      expect(ErrorBody.parse(refused.body)).toMatchObject({ code: 'invalid_request' })
    }
  })
})

describe('--proxy-fallback mock over HTTP', () => {
  it('answers with the mock where the upstream has no route, and says who answered', async () => {
    const upstream = await reference({ ordersStatus: 404, tokens: ['sk_test_free'] })
    const mock = await proxyMock(upstream.baseUrl, { proxyFallback: 'mock' })
    const auth = { authorization: 'Bearer sk_test_free' }
    const orders = await request(`${mock.url}/v1/store/orders?limit=2`, { headers: auth })
    expect(orders.statusCode).toBe(200)
    expect(await orders.body.json()).toHaveLength(2)
    const missing = await request(`${mock.url}/v1/pets/999999`, { headers: auth })
    expect(missing.statusCode).toBe(404)
    expect(await missing.body.json()).toMatchObject({ message: 'No pet 999999.' })
    const put = await request(`${mock.url}/v1/pets`, { method: 'PUT', headers: auth })
    expect(put.statusCode).toBe(405)
    await put.body.dump()
    expect(
      mock.petstore.requests().map((entry) => [entry.path, entry.answeredBy, entry.fallback]),
    ).toEqual([
      ['/v1/store/orders', 'mock', 'no-route'],
      ['/v1/pets/999999', 'upstream', null],
      ['/v1/pets', 'mock', 'no-route'],
    ])
  })

  it('tells a missing route from a missing record by the Error code of a 404', async () => {
    const upstream = await raw((req, res) => {
      const route = req.url === '/v1/pets/1'
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(route ? errorBody(404, 'route_not_found') : errorBody(404, 'not_found'))
    })
    const mock = await proxyMock(`${upstream.url}/v1`, { proxyFallback: 'mock' })
    const auth = { authorization: 'Bearer sk_test_free' }
    const routeMissing = await request(`${mock.url}/v1/pets/1`, { headers: auth })
    expect(routeMissing.statusCode).toBe(200)
    expect(await routeMissing.body.json()).toMatchObject({ id: 1 })
    const recordMissing = await request(`${mock.url}/v1/pets/2`, { headers: auth })
    expect(recordMissing.statusCode).toBe(404)
    expect(await recordMissing.body.json()).toMatchObject({ code: 'not_found' })
    expect(mock.petstore.requests().map((entry) => entry.answeredBy)).toEqual(['mock', 'upstream'])
  })

  it('never answers a request the upstream may have received: a dropped POST is 502, never a second create', async () => {
    // The upstream reads the create, then drops the connection: before its
    // status line, or after its headers and part of the body.
    const upstream = await raw((req, res) => {
      if (req.url?.includes('partial')) {
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' })
        res.write('{"id":')
        setTimeout(() => res.destroy(), 20)
      } else {
        res.destroy()
      }
    })
    const mock = await proxyMock(`${upstream.url}/v1`, { proxyFallback: 'mock' })
    const auth = { authorization: 'Bearer sk_test_free', 'content-type': 'application/json' }
    const before = mock.petstore.state().data.pets
    for (const path of ['/v1/pets', '/v1/pets?partial=1']) {
      const created = await request(`${mock.url}${path}`, {
        method: 'POST',
        headers: auth,
        body: '{"name":"Rex","categoryId":1}',
      })
      expect(created.statusCode, path).toBe(502)
      expect(await created.body.json()).toMatchObject({ code: 'upstream_unreachable' })
    }
    expect(mock.petstore.state().data.pets).toBe(before)
    // A GET acts on nothing: the mock may answer it in the upstream's place.
    const list = await request(`${mock.url}/v1/pets?limit=1`, { headers: auth })
    expect(list.statusCode).toBe(200)
    await list.body.dump()
    expect(
      mock.petstore.requests().map((entry) => [entry.method, entry.status, entry.fallback]),
    ).toEqual([
      ['POST', 502, null],
      ['POST', 502, null],
      ['GET', 200, 'unreachable'],
    ])
  })

  it('answers with the mock when the upstream cannot be reached', async () => {
    const closed = await raw(() => {})
    const url = closed.url
    await closed.close()
    const mock = await proxyMock(`${url}/v1`, { proxyFallback: 'mock' })
    const response = await request(`${mock.url}/v1/pets?limit=1`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toHaveLength(1)
    expect(response.headers['x-ratelimit-limit']).toBe('60')
    expect(mock.petstore.requests()[0]).toMatchObject({
      answeredBy: 'mock',
      status: 200,
      fallback: 'unreachable',
    })
    // Refused before anything was sent: a create is the mock's to answer.
    const created = await request(`${mock.url}/v1/pets`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_free', 'content-type': 'application/json' },
      body: '{"name":"Rex","categoryId":1}',
    })
    expect(created.statusCode).toBe(201)
    expect(mock.petstore.requests()[1]).toMatchObject({ status: 201, fallback: 'unreachable' })
  })
})
