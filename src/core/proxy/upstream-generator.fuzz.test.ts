import type net from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import fc from 'fast-check'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ERROR_CODES } from '../../spec/error-codes.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { type RawServer, startRawServer } from '../../test-utils/raw-server.ts'
import { createFetchUpstream } from './fetch-upstream.ts'
import { parseProxyTarget } from './proxy-target.ts'

/**
 * Property: whatever an upstream answers (any status from 100 to 599, 1xx
 * informational answers before the final one, a body or none whatever the
 * method, a declared length above or below the real one, chunked or not,
 * compressed or not, or said to be and not, huge number literals, the
 * connection closed or reset midway, nothing at all), the proxy gives the
 * caller the upstream's status or one of its own documented ones (502
 * `upstream_unreachable` / `upstream_too_large`, 504 `upstream_timeout`, 503
 * `service_unavailable`) with a well-formed Error body, and keeps serving:
 * after each answer, `GET /openapi.json` answers 200. The process never ends
 * (an uncaught error fails the run). Seeded and bounded.
 */

const SEED = 20_261_126
const RUNS = 120
const KEY = { authorization: 'Bearer sk_test_free' }
const OWN_CODES = new Map<number, Set<string>>([
  [502, new Set(['upstream_unreachable', 'upstream_too_large'])],
  [503, new Set(['service_unavailable'])],
  [504, new Set(['upstream_timeout'])],
])

type Encoding = 'identity' | 'gzip' | 'br' | 'deflate' | 'gzip, br' | 'says-gzip' | 'unknown'
type Framing = 'exact' | 'more' | 'over-bound' | 'less' | 'none' | 'chunked' | 'length-and-chunked'
type Ending = 'end' | 'close-mid' | 'reset-mid' | 'stall-mid' | 'no-answer'

interface Plan {
  method: 'GET' | 'HEAD' | 'POST'
  informational: Array<number>
  status: number
  body: Uint8Array
  encoding: Encoding
  framing: Framing
  ending: Ending
  /** How far a declared length is off. */
  off: number
}

const pets = fc
  .array(
    fc.record({
      // Written as text: ids beyond 2^53 and beyond int64 as they come on the wire.
      id: fc.oneof(
        fc.integer({ min: 1, max: 1000 }).map(String),
        fc.constantFrom('9007199254740993', '9223372036854775808', '1'.repeat(40)),
      ),
      name: fc.string({ maxLength: 8 }),
      categoryId: fc.integer({ min: 1, max: 6 }),
    }),
    { maxLength: 4 },
  )
  .map(
    (list) =>
      `[${list.map((pet) => `{"id":${pet.id},"name":${JSON.stringify(pet.name)},"categoryId":${pet.categoryId}}`).join(',')}]`,
  )
const body = fc
  .oneof(
    pets,
    fc.integer({ min: 1, max: 300_000 }).map((digits) => '9'.repeat(digits)),
    fc
      .integer({ min: 1, max: 2000 })
      .map((count) => `[${Array.from({ length: count }, () => '1'.repeat(25)).join(',')}]`),
    fc.constant('{"code":"not_found","message":"No pet.","status":404}'),
    fc.constant(''),
    fc.string({ maxLength: 40 }),
  )
  .map((text) => new TextEncoder().encode(text))
const plan: fc.Arbitrary<Plan> = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST'),
  informational: fc.array(fc.constantFrom(100, 102, 103), { maxLength: 2 }),
  status: fc.oneof(
    fc.integer({ min: 100, max: 599 }),
    fc.constantFrom(200, 201, 204, 304, 404, 500, 502, 503, 504),
  ),
  body: fc.oneof(body, fc.uint8Array({ maxLength: 64 })),
  encoding: fc.constantFrom<Encoding>(
    'identity',
    'identity',
    'gzip',
    'br',
    'deflate',
    'gzip, br',
    'says-gzip',
    'unknown',
  ),
  framing: fc.constantFrom<Framing>(
    'exact',
    'exact',
    'more',
    'over-bound',
    'less',
    'none',
    'chunked',
    'length-and-chunked',
  ),
  ending: fc.oneof(
    { arbitrary: fc.constant<Ending>('end'), weight: 12 },
    { arbitrary: fc.constantFrom<Ending>('close-mid', 'reset-mid'), weight: 3 },
    { arbitrary: fc.constantFrom<Ending>('stall-mid', 'no-answer'), weight: 1 },
  ),
  off: fc.integer({ min: 1, max: 100 }),
})

/** The body as the plan sends it: compressed, or said to be. */
function encoded(plan: Plan): Uint8Array {
  switch (plan.encoding) {
    case 'gzip':
      return gzipSync(plan.body)
    case 'br':
      return brotliCompressSync(plan.body)
    case 'deflate':
      return deflateSync(plan.body)
    case 'gzip, br':
      return brotliCompressSync(gzipSync(plan.body))
    default:
      return plan.body
  }
}

/** Writes the plan's answer on the socket. */
function answer(plan: Plan, socket: net.Socket): void {
  if (plan.ending === 'no-answer') return
  for (const code of plan.informational) socket.write(`HTTP/1.1 ${code} Info\r\n\r\n`)
  const bytes = encoded(plan)
  const head = [`HTTP/1.1 ${plan.status} Whatever`, 'content-type: application/json']
  if (plan.encoding !== 'identity') {
    head.push(
      `content-encoding: ${plan.encoding === 'says-gzip' ? 'gzip' : plan.encoding === 'unknown' ? 'x-unknown' : plan.encoding}`,
    )
  }
  const length = {
    exact: bytes.byteLength,
    more: bytes.byteLength + plan.off,
    // Over the proxy's bound: what a HEAD of a large resource, or a 304, states.
    'over-bound': PROXY_LIMITS.maxResponseBytes + plan.off,
    less: Math.max(0, bytes.byteLength - plan.off),
    none: undefined,
    chunked: undefined,
    'length-and-chunked': bytes.byteLength,
  }[plan.framing]
  if (length !== undefined) head.push(`content-length: ${length}`)
  const chunked = plan.framing === 'chunked' || plan.framing === 'length-and-chunked'
  if (chunked) head.push('transfer-encoding: chunked')
  head.push('connection: close')
  socket.write(`${head.join('\r\n')}\r\n\r\n`)
  const framed = chunked
    ? Buffer.concat([
        Buffer.from(`${bytes.byteLength.toString(16)}\r\n`),
        bytes,
        Buffer.from(bytes.byteLength > 0 ? '\r\n0\r\n\r\n' : '\r\n'),
      ])
    : Buffer.from(bytes)
  const half = framed.subarray(0, Math.floor(framed.byteLength / 2))
  switch (plan.ending) {
    case 'end':
      socket.end(framed)
      return
    case 'close-mid':
      socket.end(half)
      return
    case 'reset-mid':
      socket.write(half, () => socket.resetAndDestroy())
      return
    case 'stall-mid':
      socket.write(half)
      return
  }
}

describe('the proxy against an upstream that answers anything', () => {
  let upstream: RawServer
  let mock: RunningServer
  let current: Plan | undefined

  beforeAll(async () => {
    upstream = await startRawServer(({ socket }) => {
      if (current !== undefined) answer(current, socket)
    }, 'socket')
    mock = await startServer({
      port: 0,
      proxy: `${upstream.url}/v1`,
      // Short, so that an upstream that stalls costs the run little.
      proxyLimits: { connectTimeoutMs: 300, headersTimeoutMs: 300, bodyTimeoutMs: 300 },
    })
  })
  afterAll(async () => {
    await mock.close()
    await upstream.close()
  })

  it('passes the status on or answers one of its own with an Error body, and keeps serving', async () => {
    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(plan, async (drawn) => {
        current = drawn
        const response = await request(`${mock.url}/v1/pets`, {
          method: drawn.method,
          headers: drawn.method === 'POST' ? { ...KEY, 'content-type': 'application/json' } : KEY,
          body: drawn.method === 'POST' ? '{"name":"Rex","categoryId":1}' : undefined,
        })
        const text = await response.body.text()
        const { statusCode } = response
        seen.add(statusCode)
        const label = `${JSON.stringify({ ...drawn, body: drawn.body.byteLength })} -> ${statusCode} ${text.slice(0, 200)}`
        const own = OWN_CODES.get(statusCode)
        if (statusCode !== drawn.status) {
          expect(own, label).toBeDefined()
        }
        if (own !== undefined && drawn.method !== 'HEAD') {
          let parsed: { code?: string; status?: number; message?: string } | undefined
          try {
            parsed = JSON.parse(text)
          } catch {
            parsed = undefined
          }
          const ours = parsed !== undefined && own.has(parsed.code ?? '')
          if (statusCode !== drawn.status || ours) {
            expect(parsed, label).toMatchObject({ status: statusCode })
            expect(typeof parsed?.message, label).toBe('string')
            expect(ERROR_CODES[parsed?.code as keyof typeof ERROR_CODES], label).toBe(statusCode)
            if (statusCode !== drawn.status) expect(own.has(parsed?.code ?? ''), label).toBe(true)
          }
        }
        const document = await request(`${mock.url}/openapi.json`)
        await document.body.dump()
        expect(document.statusCode, label).toBe(200)
      }),
      { seed: SEED, numRuns: RUNS },
    )
    // The runs reached both what is passed on and the proxy's own answers.
    expect([...seen].some((status) => OWN_CODES.has(status))).toBe(true)
    expect([...seen].some((status) => status < 300)).toBe(true)
  }, 120_000)

  it('in-process (Fetch): resolves with the status or rejects with one of its own errors', async () => {
    const limits = {
      ...PROXY_LIMITS,
      connectTimeoutMs: 150,
      headersTimeoutMs: 150,
      bodyTimeoutMs: 300,
    }
    const fetchUpstream = createFetchUpstream(
      parseProxyTarget(`${upstream.url}/v1`),
      (request) => fetch(request),
      limits,
    )
    await fc.assert(
      fc.asyncProperty(plan, async (drawn) => {
        current = drawn
        const label = JSON.stringify({ ...drawn, body: drawn.body.byteLength })
        try {
          const answer = await fetchUpstream({
            method: drawn.method,
            path: '/v1/pets',
            headers: {},
            body: drawn.method === 'POST' ? new TextEncoder().encode('{}') : null,
          })
          expect(answer.status, label).toBe(drawn.status)
          expect(answer.body.byteLength, label).toBeLessThanOrEqual(PROXY_LIMITS.maxResponseBytes)
        } catch (error) {
          expect(error, label).toBeInstanceOf(ApiError)
          const { code, status } = error as ApiError
          expect(OWN_CODES.get(status)?.has(code), `${label} -> ${status} ${code}`).toBe(true)
        }
      }),
      { seed: SEED, numRuns: 60 },
    )
  }, 120_000)
})
