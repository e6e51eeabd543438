import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../core/journal/journal-entry.ts'
import { FORWARDED_REQUEST_HEADERS } from '../../core/proxy/forwarded-headers.ts'
import { type RawServer, startRawServer } from '../../test-utils/raw-server.ts'
import { type RunningServer, startServer } from './start-server.ts'

/**
 * Property: a client that names things after `Object.prototype`'s members
 * (query names, header names, JSON keys, path segments: `__proto__`,
 * `constructor`, `toString`, `hasOwnProperty`, `valueOf`, … and random
 * ones) sends them to every route of the mock and of the proxy (a mock with
 * `--proxy` and `--record` in front of another mock, and one in front of a
 * server that echoes every header it gets), and after each request every
 * surface reads back: the journal, its HAR, the violations, the state, the
 * dashboard's page, the event stream opened with `?since=` (its first
 * event) and the recorder's file, each 200 with well-formed JSON; no answer
 * is a 5xx, the process stays up, each query name the journal shows is its
 * own entry, and every header name the proxy forwards (and no other) goes
 * through it and back as sent.
 * Seeded and bounded.
 */

const SEED = 20_261_126
const RUNS = 120
const KEY = 'Bearer sk_test_enterprise'

/** Every member of `Object.prototype`, and the names that reach or replace it. */
const HOSTILE = [
  ...Object.getOwnPropertyNames(Object.prototype),
  '__proto__',
  'constructor',
  'prototype',
]

/** A name from the pool, or a random one. */
const name = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 4 },
  fc.string({ minLength: 1, maxLength: 12 }),
)
/** A header name: a token (RFC 9110 §5.6.2) from the pool, or a random one. */
const headerName = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 4 },
  fc.constantFrom(...FORWARDED_REQUEST_HEADERS),
  fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/),
)
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('1', 'x', 'Rex\u202e', '\u2069\u202e', 'available'),
)
/** A JSON value whose object keys are drawn from the pool. */
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(name, tie('value')), { maxLength: 4 }).map(entriesObject),
  ),
})).value

/** An object with these own entries, `__proto__` included as a key (as `JSON.parse` makes it). */
function entriesObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return object
}

/** A scenario whose `match` fields are named from the pool; it only ever forces a 4xx or a delay of 0. */
const scenario = fc
  .record(
    {
      status: fc.constantFrom(400, 401, 404, 429),
      delay: fc.constant(0),
      times: fc.integer({ min: 1, max: 3 }),
      path: fc.constantFrom('/v1/pets', '/v1/pets/{petId}'),
      match: fc.record(
        {
          query: fc.array(fc.tuple(name, text), { maxLength: 3 }).map(entriesObject),
          headers: fc.array(fc.tuple(headerName, text), { maxLength: 3 }).map(entriesObject),
          body: fc.array(fc.tuple(name, json), { maxLength: 3 }).map(entriesObject),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['status'] },
  )
  .chain((value) => fc.oneof(fc.constant<unknown>(value), json))

/** Every route of the mock, with a path segment from the pool where the route has one. */
const target = fc.oneof(
  fc.constantFrom(
    { method: 'GET', path: '/v1/pets' },
    { method: 'GET', path: '/v1/pets/1' },
    { method: 'GET', path: '/v1/store/orders' },
    { method: 'HEAD', path: '/v1/pets' },
    { method: 'OPTIONS', path: '/v1/pets' },
    { method: 'GET', path: '/openapi.json' },
    { method: 'GET', path: '/__mock/state' },
    { method: 'GET', path: '/__mock/scenarios' },
    { method: 'DELETE', path: '/__mock/scenarios' },
    { method: 'GET', path: '/__mock/requests' },
    { method: 'GET', path: '/__mock/requests.har' },
    { method: 'GET', path: '/__mock/violations' },
    { method: 'GET', path: '/__mock/' },
    { method: 'GET', path: '/__mock/dashboard.js' },
  ),
  fc.constantFrom('/v1/pets/', '/v1/', '/__mock/scenarios/', '/__mock/').chain((prefix) =>
    name.map((segment) => ({
      method: prefix === '/__mock/scenarios/' ? 'DELETE' : 'GET',
      path: `${prefix}${encodeURIComponent(segment)}`,
    })),
  ),
  json.map((body) => ({ method: 'POST', path: '/v1/pets', body })),
  scenario.map((body) => ({ method: 'POST', path: '/__mock/scenarios', body })),
  fc.constant({ method: 'POST', path: '/__mock/reset', body: {} }),
)

/**
 * Headers the echo server does not send back, nor the test expect through
 * the proxy: the connection's own, those the proxy sets or drops, and those
 * the test sends itself.
 */
const NOT_ECHOED = new Set([
  'host',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'content-type',
  'expect',
  'authorization',
  'prefer',
  'forwarded',
  'x-original-url',
  'x-rewrite-url',
  'date',
  'set-cookie',
  'content-encoding',
])

const requestCase = fc.record({
  through: fc.constantFrom('mock', 'proxy', 'echo'),
  target,
  query: fc.array(fc.tuple(name, text), { maxLength: 4 }),
  headers: fc.array(fc.tuple(headerName, fc.stringMatching(/^[ -~]{0,12}$/)), { maxLength: 3 }),
})

describe('names from outside, sent to every route, read back from every surface', () => {
  let upstream: RunningServer
  let proxy: RunningServer
  let mock: RunningServer
  /** A server that answers a pet list with every end-to-end header it got, and the proxy in front of it. */
  let echo: RawServer
  let echoProxy: RunningServer
  const echoed: Array<Record<string, string>> = []
  const file = join(mkdtempSync(join(tmpdir(), 'petstore-hostile-')), 'recorded.json')
  const dispatcher = new Agent({ keepAliveTimeout: 1_000, connections: 4 })

  beforeAll(async () => {
    upstream = await startServer({ port: 0, host: '127.0.0.1', seed: 1 })
    proxy = await startServer({
      port: 0,
      host: '127.0.0.1',
      seed: 1,
      proxy: `${upstream.url}/v1`,
      record: file,
    })
    mock = await startServer({ port: 0, host: '127.0.0.1', seed: 1 })
    echo = await startRawServer((req, res) => {
      const got = Object.create(null) as Record<string, string>
      for (const [key, values] of Object.entries(req.headersDistinct)) {
        if (!NOT_ECHOED.has(key) && values !== undefined) got[key] = values.join(', ')
      }
      echoed.push(got)
      for (const [key, value] of Object.entries(got)) res.setHeader(key, value)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('[{"id":1,"name":"Rex","categoryId":1}]')
    })
    echoProxy = await startServer({ port: 0, host: '127.0.0.1', proxy: `${echo.url}/v1` })
  })
  afterAll(async () => {
    await dispatcher.close()
    await echoProxy?.close()
    await echo?.close()
    await proxy?.close()
    await upstream?.close()
    await mock?.close()
  })

  /** A GET of a surface: 200, and its JSON as parsed. */
  const read = async (server: RunningServer, path: string): Promise<unknown> => {
    const response = await request(`${server.url}${path}`, { dispatcher })
    const body = await response.body.text()
    expect(response.statusCode, `${path}: ${body}`).toBe(200)
    return path === '/__mock/' ? body : JSON.parse(body)
  }

  /** The first `request` event of the stream opened with `?since=`, then the stream is closed. */
  const firstEvent = async (server: RunningServer, since: number): Promise<unknown> => {
    const controller = new AbortController()
    const response = await request(`${server.url}/__mock/events?since=${since}`, {
      dispatcher,
      signal: controller.signal,
    })
    expect(response.statusCode).toBe(200)
    let received = ''
    try {
      for await (const chunk of response.body) {
        received += chunk.toString()
        const data = /event: request\ndata: (.*)\n\n/.exec(received)
        if (data) return JSON.parse(data[1] as string)
      }
    } finally {
      controller.abort()
    }
    throw new Error(`the event stream ended without an event: ${received}`)
  }

  it('answers every request below 500 and every surface reads back as JSON', async () => {
    let sent = 0
    /** Names of the pool seen whole on the far side: through the proxy and back, and in the journal. */
    const echoedNames = new Set<string>()
    /** Names of the pool sent through the proxy that are not on its list, so never forwarded. */
    const unforwardedNames = new Set<string>()
    const journaledNames = new Set<string>()
    await fc.assert(
      fc.asyncProperty(requestCase, async ({ through, target, query, headers }) => {
        const server = through === 'proxy' ? proxy : through === 'echo' ? echoProxy : mock
        const echoes = echoed.length
        const search = new URLSearchParams(query).toString()
        const url = `${server.url}${target.path}${search === '' ? '' : `?${search}`}`
        const sentHeaders = ['authorization', KEY, ...headers.flat()]
        const body = 'body' in target ? JSON.stringify(target.body) : undefined
        if (body !== undefined) sentHeaders.push('content-type', 'application/json')
        let status: number
        let answered: Record<string, unknown> = {}
        try {
          const response = await request(url, {
            method: target.method as 'GET',
            headers: sentHeaders,
            body,
            dispatcher,
          })
          status = response.statusCode
          answered = response.headers
          const answer = await response.body.text()
          expect(status, `${target.method} ${url}: ${answer}`).toBeLessThan(500)
        } catch (error) {
          // undici refuses some header names or values before sending; a dropped connection is a failure.
          const code = (error as { code?: string }).code ?? ''
          if (/SOCKET|ECONNRESET|CLOSED|TIMEOUT|EPIPE/.test(code)) throw error
          if (!(error instanceof Error) || !/header|argument/i.test(error.message)) throw error
          return
        }
        sent++
        if (through === 'echo' && echoed.length > echoes) {
          // Every name the proxy forwards reaches the upstream as sent, and comes back as sent; no other does.
          const expected = Object.create(null) as Record<string, string>
          for (const [key, value] of headers) {
            const lower = key.toLowerCase()
            if (NOT_ECHOED.has(lower)) continue
            if (!FORWARDED_REQUEST_HEADERS.has(lower)) {
              unforwardedNames.add(lower)
              continue
            }
            const seen = expected[lower]
            expected[lower] = seen === undefined ? value.trim() : `${seen}, ${value.trim()}`
          }
          const got = echoed.at(-1) as Record<string, string>
          for (const key of Object.keys(got)) {
            expect(FORWARDED_REQUEST_HEADERS.has(key), `upstream got ${key}`).toBe(true)
          }
          for (const [key, value] of Object.entries(expected)) {
            echoedNames.add(key)
            expect(got[key], `upstream got ${key}`).toBe(value)
            expect(answered[key], `caller got ${key}`).toBe(value)
          }
        }
        const behind = through === 'proxy' ? [upstream] : []
        for (const each of [server, ...behind]) {
          const entries = (await read(each, '/__mock/requests')) as Array<JournalEntry>
          await read(each, '/__mock/requests.har')
          await read(each, '/__mock/violations')
          await read(each, '/__mock/state')
          expect(await read(each, '/__mock/')).toContain('petstore-mock')
          const last = entries.at(-1)
          if (last !== undefined) {
            expect(await firstEvent(each, last.id - 1)).toMatchObject({ id: last.id })
          }
        }
        // Each query name of a journaled API request is an entry of its own, whatever it is named.
        const journaled = target.path.startsWith('/__mock') ? [] : query.map(([key]) => key)
        if (journaled.length > 0) {
          const [entry] = (await read(server, '/__mock/requests?limit=1')) as Array<JournalEntry>
          const names = Object.keys((entry as JournalEntry).query)
          for (const key of journaled) {
            expect(names, key).toContain(key)
            journaledNames.add(key)
          }
        }
        if (through === 'proxy') {
          await proxy.petstore.ready
          try {
            JSON.parse(readFileSync(file, 'utf8'))
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    expect(sent).toBeGreaterThan(RUNS / 2)
    // The cases reach the far side with the names that matter.
    for (const key of ['constructor', '__proto__', 'tostring']) {
      expect(unforwardedNames).toContain(key)
    }
    expect(echoedNames.size).toBeGreaterThan(0)
    for (const key of ['constructor', '__proto__', 'toString'])
      expect(journaledNames).toContain(key)
    // The recorder saw the upstream's pets: FILE holds them once the proxy has stopped.
    await proxy.close()
    expect(JSON.parse(readFileSync(file, 'utf8')).pets.length).toBeGreaterThan(0)
  }, 120_000)
})
