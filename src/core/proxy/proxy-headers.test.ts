import type http from 'node:http'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { type RawServer, startRawServer } from '../../test-utils/raw-server.ts'
import type { JournalEntry } from '../journal/journal-entry.ts'
import { FORWARDED_REQUEST_HEADERS } from './forwarded-headers.ts'

/**
 * What the proxy does with the headers a caller or an upstream sends, over
 * real HTTP: names such as `constructor` pass both ways as sent, two
 * `Authorization` headers are refused (never forwarded joined), the headers
 * that say where a request came from are not forwarded, an upstream's cookie
 * loses its `Domain`, and a body that cannot be decoded is journaled as cut.
 */

const KEY = 'Bearer sk_test_free'
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** A raw upstream that records what it receives and answers with `answer`. */
async function upstream(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
): Promise<RawServer & { seen: Array<http.IncomingMessage> }> {
  const seen: Array<http.IncomingMessage> = []
  const server = await startRawServer((req, res) => {
    seen.push(req)
    answer(req, res)
  })
  closers.push(server.close)
  return Object.assign(server, { seen })
}

async function proxy(url: string): Promise<RunningServer> {
  const mock = await startServer({ port: 0, host: '127.0.0.1', proxy: `${url}/v1` })
  closers.push(() => mock.close())
  return mock
}

/** The journal entry of the last request. */
async function lastEntry(mock: RunningServer): Promise<JournalEntry> {
  const response = await request(`${mock.url}/__mock/requests?limit=1`)
  expect(response.statusCode).toBe(200)
  const [entry] = (await response.body.json()) as Array<JournalEntry>
  return entry as JournalEntry
}

describe('the proxy and hostile header names', () => {
  it('forwards no header named constructor, __proto__ or toString (none is on its list), and passes one back as sent', async () => {
    const server = await upstream((_, res) =>
      res
        .writeHead(200, {
          'content-type': 'application/json',
          constructor: 'from-upstream',
          hasOwnProperty: 'h',
        })
        .end('[]'),
    )
    const mock = await proxy(server.url)
    const response = await request(`${mock.url}/v1/pets`, {
      headers: ['authorization', KEY, 'constructor', 'c1', '__proto__', 'p1', 'toString', 't1'],
    })
    await response.body.text()
    expect(response.statusCode).toBe(200)
    expect(response.headers.constructor).toBe('from-upstream')
    expect(response.headers.hasownproperty).toBe('h')
    const sent = server.seen.at(-1)?.headersDistinct ?? {}
    expect(Object.hasOwn(sent, 'constructor')).toBe(false)
    expect(Object.hasOwn(sent, '__proto__')).toBe(false)
    expect(Object.hasOwn(sent, 'tostring')).toBe(false)
    expect(sent.authorization).toEqual([KEY])
    const entry = await lastEntry(mock)
    expect(Object.hasOwn(entry.response.headers, 'constructor')).toBe(false)
  })
})

describe('the proxy and repeated Authorization', () => {
  it.each([
    ['two Authorization headers', ['authorization', KEY, 'authorization', 'Bearer sk_test_pro']],
    ['a joined value', ['authorization', `${KEY}, Bearer sk_test_pro`]],
  ])('answers %s with 401 and forwards nothing', async (_, headers) => {
    const server = await upstream()
    const mock = await proxy(server.url)
    const response = await request(`${mock.url}/v1/pets`, { headers })
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"')
    expect(await response.body.json()).toMatchObject({ code: 'unauthorized', status: 401 })
    expect(server.seen).toHaveLength(0)
  })

  it('is what the mock answers too', async () => {
    const mock = await startServer({ port: 0, host: '127.0.0.1' })
    closers.push(() => mock.close())
    const response = await request(`${mock.url}/v1/pets`, {
      headers: ['authorization', KEY, 'authorization', 'Bearer sk_test_pro'],
    })
    expect(response.statusCode).toBe(401)
    expect(await response.body.json()).toMatchObject({ code: 'unauthorized', status: 401 })
  })
})

describe('the proxy and the headers that say where a request came from', () => {
  it('forwards only the headers it chooses: none that says where a request came from, which host, path or method it meant', async () => {
    const server = await upstream()
    const mock = await proxy(server.url)
    const stripped = {
      forwarded: 'for=10.0.0.1;host=admin.internal;proto=https',
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-host': 'admin.internal',
      'x-forwarded-proto': 'https',
      'x-forwarded-prefix': '/admin',
      'x-forwarded-port': '443',
      'x-forwarded-server': 'edge',
      'x-original-url': '/admin/users',
      'x-rewrite-url': '/admin/users',
      'x-real-ip': '10.0.0.2',
      'true-client-ip': '10.0.0.3',
      'cf-connecting-ip': '10.0.0.4',
      'x-client-ip': '10.0.0.5',
      'x-cluster-client-ip': '10.0.0.6',
      'fastly-client-ip': '10.0.0.7',
      'x-original-forwarded-for': '10.0.0.8',
      via: '1.1 edge',
      'x-host': 'admin.internal',
      'x-original-host': 'admin.internal',
      'x-forwarded-server-host': 'admin.internal',
      'x-http-method-override': 'DELETE',
      'x-http-method': 'DELETE',
      'x-method-override': 'DELETE',
      'x-original-uri': '/admin',
      'x-original-method': 'DELETE',
      'x-envoy-original-path': '/admin',
      'x-envoy-external-address': '10.0.0.9',
      origin: 'http://evil.test',
      referer: 'http://evil.test/page',
      'x-api-key': 'not-the-spec-s',
    }
    const kept = {
      authorization: KEY,
      accept: 'application/json',
      'accept-language': 'fr',
      'if-none-match': '"v1"',
      'user-agent': 'app/1',
      'x-request-id': 'r1',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      'idempotency-key': 'k1',
    }
    const response = await request(`${mock.url}/v1/pets`, { headers: { ...kept, ...stripped } })
    await response.body.text()
    expect(response.statusCode).toBe(200)
    const sent = server.seen.at(-1)?.headers ?? {}
    for (const name of Object.keys(stripped)) expect(sent[name], name).toBeUndefined()
    for (const [name, value] of Object.entries(kept)) expect(sent[name], name).toBe(value)
    // And what the judge read is what the upstream acted on: a GET.
    expect(server.seen.at(-1)?.method).toBe('GET')
    expect((await lastEntry(mock)).method).toBe('GET')
  })

  it('forwards no header of a generated name that is not on its list', async () => {
    const server = await upstream()
    const mock = await proxy(server.url)
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,24}$/), async (name) => {
        const response = await request(`${mock.url}/v1/pets`, {
          headers: { authorization: KEY, [name]: 'v' },
        })
        await response.body.text()
        const sent = server.seen.at(-1)?.headers ?? {}
        const lower = name.toLowerCase()
        expect(sent[lower] !== undefined, lower).toBe(
          FORWARDED_REQUEST_HEADERS.has(lower) || lower === 'host',
        )
      }),
      { numRuns: 60, seed: 33 },
    )
  })

  it.each([
    ['a query parameter', '/v1/pets?_method=DELETE', undefined, undefined],
    [
      'a JSON field',
      '/v1/pets',
      '{"name":"Rex","categoryId":1,"_method":"DELETE"}',
      'application/json',
    ],
    ['a form field', '/v1/pets', 'name=Rex&_method=DELETE', 'application/x-www-form-urlencoded'],
  ])('refuses a method override in %s with 400, sending nothing', async (_, path, body, type) => {
    const server = await upstream()
    const mock = await proxy(server.url)
    const response = await request(`${mock.url}${path}`, {
      method: 'POST',
      headers:
        type === undefined ? { authorization: KEY } : { authorization: KEY, 'content-type': type },
      body,
    })
    expect(response.statusCode).toBe(400)
    expect(await response.body.json()).toMatchObject({ code: 'invalid_request' })
    expect(server.seen).toHaveLength(0)
  })
})

describe("the proxy and the upstream's active content", () => {
  it('sandboxes every answer, whatever its type, status and own policy, and lets no Clear-Site-Data through', async () => {
    const answers: Array<{ status: number; headers: Record<string, string> }> = []
    const server = await upstream((_, res) => {
      const next = answers.shift() ?? { status: 200, headers: {} }
      res.writeHead(next.status, next.headers).end('<script>parent.steer()</script>')
    })
    const mock = await proxy(server.url)
    const policy = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(
        "script-src * 'unsafe-inline'",
        'sandbox allow-scripts allow-same-origin',
        '',
      ),
      fc.stringMatching(/^[a-z-]{1,12}( [a-z*:'-]{1,12}){0,2}(; [a-z-]{1,12})?$/),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'text/html',
          'image/svg+xml',
          'application/xhtml+xml',
          'text/javascript',
          'application/json',
          'text/plain',
          'application/octet-stream',
        ),
        fc.constantFrom(200, 201, 400, 404, 500),
        policy,
        async (type, status, own) => {
          const headers: Record<string, string> = { 'content-type': type, 'clear-site-data': '"*"' }
          if (own !== undefined) headers['content-security-policy'] = own
          answers.push({ status, headers })
          const response = await request(`${mock.url}/v1/pets`, { headers: { authorization: KEY } })
          await response.body.text()
          expect(response.statusCode).toBe(status)
          const policies = String(response.headers['content-security-policy']).split(',')
          expect(policies.map((each) => each.trim())).toContain('sandbox')
          if (own !== undefined && own.trim() !== '') expect(policies.length).toBe(2)
          expect(response.headers['x-content-type-options']).toBe('nosniff')
          expect(response.headers['clear-site-data']).toBeUndefined()
        },
      ),
      { numRuns: 40, seed: 33 },
    )
  })
})

describe("the proxy and the upstream's cookies", () => {
  it('passes each Set-Cookie on without its Domain, so that it stays on the mock host', async () => {
    const server = await upstream((_, res) => {
      res.setHeader('set-cookie', [
        'sid=1; Domain=127.0.0.1; Path=/; HttpOnly',
        'theme=dark;domain=.localhost;Max-Age=60',
        'plain=2; Path=/',
      ])
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
    })
    const mock = await proxy(server.url)
    const response = await request(`${mock.url}/v1/pets`, { headers: { authorization: KEY } })
    await response.body.text()
    expect(response.headers['set-cookie']).toEqual([
      'sid=1; Path=/; HttpOnly',
      'theme=dark;Max-Age=60',
      'plain=2; Path=/',
    ])
  })
})

describe('the journal of an upstream body that cannot be decoded', () => {
  it.each([
    ['a bomb (decodes past the bound)', gzipSync(Buffer.alloc(9 * 1024 * 1024, 0x20))],
    ['a broken gzip body', Buffer.from('not gzip at all')],
  ])('journals %s as cut, not as an empty body', async (_, body) => {
    const server = await upstream((_, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        .end(body),
    )
    const mock = await proxy(server.url)
    const response = await request(`${mock.url}/v1/pets`, { headers: { authorization: KEY } })
    expect(Buffer.from(await response.body.arrayBuffer())).toEqual(body)
    const entry = await lastEntry(mock)
    expect(entry.response).toMatchObject({ body: null, bodyTruncated: true })
    const har = await request(`${mock.url}/__mock/requests.har`)
    const { log } = (await har.body.json()) as {
      log: { entries: Array<{ response: { content: { comment?: string } } }> }
    }
    expect(log.entries.at(-1)?.response.content.comment).toMatch(/could not be decoded/)
  })
})
