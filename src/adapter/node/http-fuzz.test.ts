import fc from 'fast-check'
import { Agent, request } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../spec/error-body.ts'
import { withMockServer } from '../../test-utils/with-mock-server.ts'

/**
 * Property: whatever a client sends (arbitrary JSON, bytes, content types,
 * encodings, header combinations) to any route of the API or the control API
 * over real HTTP, the answer is well formed and never a 5xx; every 4xx is an
 * Error body whose `status` is the HTTP status; and a refused request changes
 * no data and no queued scenario. Seeded and bounded: the same cases on every run.
 */

const SEED = 20_261_123
const RUNS = 1_000
const KEY = 'sk_test_enterprise'

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
const PATHS = [
  '/v1/pets',
  '/v1/pets/1',
  '/v1/store/orders',
  '/v1',
  '/v1/nothing',
  '/openapi.json',
  '/',
  '/__mock/reset',
  '/__mock/state',
  '/__mock/scenarios',
  '/__mock/nothing',
] as const

/** A JSON value nested `depth` levels deep, in arrays or objects. */
const deep = fc
  .tuple(fc.integer({ min: 1, max: 6_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  )

const jsonText = fc.oneof(
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 30 }),
      categoryId: fc.integer({ min: 1, max: 6 }),
    })
    .map((value) => JSON.stringify(value)),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        name: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 3 })),
        categoryId: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(1)),
        status: fc.oneof(fc.constantFrom('available', 'pending', 'sold'), fc.string()),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        status: fc.oneof(fc.constantFrom(400, 401, 404, 429), fc.integer(), fc.string()),
        times: fc.oneof(fc.integer({ min: -2, max: 10_000 }), fc.string()),
        method: fc.oneof(fc.constantFrom('GET', 'POST'), fc.string()),
        path: fc.oneof(fc.constantFrom('/v1/pets', '/v1/pets/{petId}'), fc.string()),
        delay: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.string()),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
  deep.map((text) => `{"name":${text},"categoryId":1}`),
  deep,
)

const body = fc.oneof(
  fc.constant(undefined),
  { arbitrary: jsonText.map((text) => Buffer.from(text)), weight: 3 },
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  jsonText.map((text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])),
  jsonText.map((text) =>
    Buffer.concat([
      Buffer.from(text.slice(0, 5)),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(text.slice(5)),
    ]),
  ),
  jsonText.map((text) => Buffer.from(text, 'utf16le')),
)

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 4 },
  fc.constant(undefined),
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/json; charset=utf-16',
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/merge-patch+json',
    'application/octet-stream',
    '',
  ),
  fc.string({ maxLength: 40 }),
)

const authorization = fc.oneof(
  { arbitrary: fc.constant([`Bearer ${KEY}`]), weight: 6 },
  fc.constant(undefined),
  fc.constantFrom(
    [`Bearer ${KEY}`],
    ['Bearer sk_test_free'],
    ['Bearer sk_nope'],
    [`Basic ${KEY}`],
    ['Bearer '],
    ['Bearer a b c'],
    [`Bearer ${KEY}`, 'Bearer sk_test_free'],
    [`Bearer ${KEY}, Bearer sk_test_pro`],
  ),
  fc.string({ maxLength: 60 }).map((value) => [value]),
)

const headerValue = fc.string({ maxLength: 60 })

/** Usually absent: each header is in about one case in seven, so most cases get past the guards. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary, weight: 1 })

const extraHeaders = fc.record({
  prefer: sometimes(
    fc.oneof(
      fc.constantFrom(
        'code=400',
        'code=401',
        'code=404',
        'code=429',
        'delay=1',
        'code=429, delay=2',
        'code=',
        'delay=-1',
        'delay=99999999',
      ),
      headerValue,
    ),
  ),
  host: sometimes(
    fc.oneof(
      fc.constantFrom('localhost', 'evil.example', '127.0.0.1:1', '[::1]', 'a, b'),
      headerValue,
    ),
  ),
  origin: sometimes(
    fc.oneof(fc.constantFrom('http://localhost:5173', 'null', 'https://evil.example'), headerValue),
  ),
  'sec-fetch-site': sometimes(
    fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'weird'),
  ),
  'sec-fetch-mode': sometimes(fc.constantFrom('cors', 'no-cors', 'navigate', 'same-origin')),
  'content-encoding': sometimes(fc.constantFrom('gzip', 'br', 'identity', 'x-nonsense')),
  'access-control-request-method': sometimes(fc.constantFrom('POST', 'DELETE', 'GET')),
  'access-control-request-headers': sometimes(
    fc.constantFrom('content-type', 'authorization, prefer', 'x-a'),
  ),
  accept: sometimes(fc.constantFrom('application/json', 'text/html', '*/*')),
})

const query = fc.oneof(
  fc.constant(''),
  fc
    .record(
      {
        limit: fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), headerValue),
        status: fc.oneof(fc.constantFrom('available', 'sold'), headerValue),
        __code: fc.oneof(fc.constantFrom('400', '404', '429'), headerValue),
        __delay: fc.oneof(fc.constantFrom('0', '2'), headerValue),
      },
      { requiredKeys: [] },
    )
    .map((params) => `?${new URLSearchParams(params as Record<string, string>).toString()}`),
  fc.constantFrom('?limit=%', '?%zz', '?a=1&a=2&limit=1&limit=2'),
)

const path = fc.oneof(
  fc.constantFrom(...PATHS),
  fc.string({ maxLength: 30 }).map((segment) => `/v1/pets/${encodeURIComponent(segment)}`),
  fc.constantFrom(
    '/v1/pets/%',
    '/v1/pets/%E0%A4%A',
    '//v1/pets',
    '/__mock/../v1/pets',
    '/v1/pets/9223372036854775808',
  ),
)

/** The routes that do something, often; any method on any path, sometimes. */
const target = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      { method: 'POST', path: '/v1/pets' },
      { method: 'POST', path: '/v1/pets' },
      { method: 'POST', path: '/__mock/scenarios' },
      { method: 'POST', path: '/__mock/reset' },
      { method: 'DELETE', path: '/__mock/scenarios' },
      { method: 'GET', path: '/v1/pets' },
      { method: 'GET', path: '/v1/pets/1' },
      { method: 'GET', path: '/v1/store/orders' },
      { method: 'GET', path: '/__mock/state' },
    ),
    weight: 3,
  },
  fc.record({ method: fc.constantFrom(...METHODS), path }),
)

const requestCase = fc.record({
  target,
  query,
  body,
  contentType,
  authorization,
  headers: extraHeaders,
})

type Case = typeof requestCase extends fc.Arbitrary<infer T> ? T : never

/**
 * Prefer and __code ask only for 4xx here (any 5xx the property sees is a
 * failure of the mock), and delays stay short: every number in them becomes a
 * 4xx status or at most 20.
 */
function tame(value: Case): Case {
  const numbers = (text: string) =>
    text.replace(/\d+/g, (digits) => {
      const number = Number(digits)
      if (number >= 500 && number < 600) return '400'
      return (number >= 400 && number < 500) || number <= 20 ? digits : '20'
    })
  const { prefer } = value.headers
  return {
    ...value,
    query: numbers(value.query),
    headers: prefer === undefined ? value.headers : { ...value.headers, prefer: numbers(prefer) },
  }
}

describe('any input over HTTP', () => {
  const mock = withMockServer({ seed: 1 })
  const dispatcher = new Agent({ keepAliveTimeout: 1_000, connections: 4 })
  afterAll(() => dispatcher.close())

  const snapshot = () => {
    const { data, scenarios } = mock.current.petstore.state()
    return { data, scenarios }
  }

  it('answers well-formed, never 5xx, and a refusal changes nothing', async () => {
    let sent = 0
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(requestCase.map(tame), async (value) => {
        // A queued scenario could force a 5xx later: each case starts without one.
        mock.current.petstore.clearSimulations()
        const headers: Array<string> = []
        for (const [name, headerValue] of Object.entries(value.headers)) {
          if (headerValue !== undefined) headers.push(name, headerValue)
        }
        for (const auth of value.authorization ?? []) headers.push('authorization', auth)
        if (value.contentType !== undefined) headers.push('content-type', value.contentType)
        const before = snapshot()
        const { method, path } = value.target
        const url = `${mock.current.url}${path}${value.query}`
        let response: Awaited<ReturnType<typeof request>>
        try {
          response = await request(url, {
            method,
            headers,
            body: method === 'GET' || method === 'HEAD' ? undefined : value.body,
            dispatcher,
          })
        } catch (error) {
          // A reset or a dropped connection is the server's failure; anything else is undici
          // refusing to send the case (an invalid header value): nothing reached the mock.
          const code = (error as { code?: string }).code ?? ''
          if (/SOCKET|ECONNRESET|CLOSED|TIMEOUT|EPIPE/.test(code)) throw error
          expect(snapshot()).toEqual(before)
          return
        }
        sent++
        const { statusCode } = response
        const text = await response.body.text()
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1)
        expect(statusCode, text).toBeLessThan(500)
        expect(statusCode).toBeGreaterThanOrEqual(200)
        if (new URL(url).pathname.startsWith('/__mock')) {
          expect(response.headers['access-control-allow-origin']).toBeUndefined()
        }
        if (statusCode >= 400) {
          if (method !== 'HEAD') {
            expect(response.headers['content-type']).toBe('application/json')
            const error = ErrorBody.parse(JSON.parse(text))
            expect(error.status).toBe(statusCode)
          }
          expect(snapshot()).toEqual(before)
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    // The cases reach past the guards: successes and many kinds of refusal.
    expect(sent).toBeGreaterThan(RUNS / 2)
    expect(statuses.get(201)).toBeGreaterThan(0)
    expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(2)
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(5)
  }, 60_000)
})
