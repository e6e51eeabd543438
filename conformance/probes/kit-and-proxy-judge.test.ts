import zlib from 'node:zlib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeContent } from '../../src/adapter/node/decode-content.ts'
import type { ExchangeCheckId } from '../../src/judge/catalogue.ts'
import { catalogue } from '../../src/judge/catalogue.ts'
import type { OperationId } from '../../src/judge/check-definition.ts'
import { createExchangeJudge } from '../../src/judge/judge-exchange.ts'
import { type CallerKnows, judgeOneExchange } from '../../src/judge/judge-one-exchange.ts'
import type { ResultCollector } from '../model/result-collector.ts'
import type { Exchange } from '../model/types.ts'
import { decode } from '../transport/undici-transport.ts'
import { assertRule, KIT_KNOWS, kitSentOf } from './response-checks.ts'

const BASE = 'http://127.0.0.1:4010'

/** The checks the kit judges with `assertRule` (one exchange), by operation. */
const EXCHANGE_CHECKS = catalogue.filter((check) => check.judgeExchange !== undefined)

/** What the kit decides of one exchange with each of its one-exchange rules: the ids that fail. */
function kitVerdict(exchange: Exchange): Array<string> {
  const failed: Array<string> = []
  const collector = {
    assert: (
      id: string,
      _operation: string,
      _exchange: Exchange,
      _expected: string,
      problem?: string,
    ) => {
      if (problem !== undefined) failed.push(id)
      return problem === undefined
    },
  } as unknown as ResultCollector
  for (const check of EXCHANGE_CHECKS) {
    if (!(check.operations as ReadonlyArray<string>).includes(exchange.operation)) continue
    assertRule(collector, check.id as ExchangeCheckId, exchange.operation as never, exchange)
  }
  return failed.sort()
}

/** What the proxy's judge decides of the same exchange, kept to the same rules. */
function proxyVerdict(exchange: Exchange, truncated?: boolean): Array<string> {
  const url = new URL(exchange.request.url)
  const ids = new Set(EXCHANGE_CHECKS.map((check) => check.id as string))
  const response = exchange.response as NonNullable<Exchange['response']>
  return createExchangeJudge()({
    method: exchange.request.method,
    path: url.pathname,
    query: url.search.slice(1),
    requestHeaders: exchange.request.headers,
    requestBody: exchange.request.body,
    status: response.status,
    responseHeaders: response.headers,
    responseBody: response.body,
    ...(truncated === undefined ? {} : { responseTruncated: truncated }),
    receivedAt: exchange.receivedAt,
  })
    .map((violation) => violation.check as string)
    .filter((id) => ids.has(id))
    .sort()
}

/** A path segment of `/v1/pets/{petId}`: ids, their percent-encodings and bad escapes. */
const petIdSegment = fc.oneof(
  fc.constantFrom(
    '1',
    '%31',
    '%',
    '%z',
    '%zz',
    '%E0%A4%A',
    '%C3%28',
    '1%',
    'abc',
    '-1',
    '9007199254740993',
  ),
  fc.stringMatching(/^[0-9a-z%]{1,8}$/),
)

/** A body the server may answer `getPet` with. */
const petBody = fc.oneof(
  fc.constantFrom('{"id":1,"name":"Rex","status":"available","categoryId":1}', '', '{', '[]'),
  fc.record({ id: fc.integer(), name: fc.string() }).map((pet) => JSON.stringify(pet)),
)

/**
 * Statuses a request may get whoever sent it: on 400, 401, 404, 429 and
 * 5xx the kit knows more (its requests carry the valid key within the limit)
 * and may rightly decide more than the proxy.
 */
const status = fc.constantFrom(200, 201, 204, 301, 403, 409, 422)

const exchangeOf = (
  operation: OperationId,
  path: string,
  code: number,
  body: string,
): Exchange => ({
  id: 1,
  operation,
  credential: 'valid',
  request: { method: 'GET', url: `${BASE}${path}`, headers: {} },
  response: {
    status: code,
    headers: { 'content-type': 'application/json' },
    body,
    truncated: false,
  },
  receivedAt: 1,
  durationMs: 1,
})

describe("the kit's and the proxy's judges", () => {
  it('read the same request the same way: bad percent-escapes in the pet id included', () => {
    fc.assert(
      fc.property(petIdSegment, status, petBody, (segment, code, body) => {
        const exchange = exchangeOf('getPet', `/v1/pets/${segment}`, code, body)
        expect(kitVerdict(exchange)).toEqual(proxyVerdict(exchange))
      }),
      { seed: 35, numRuns: 300 },
    )
  })

  it('give the same verdict on list queries, well-formed or not', () => {
    const query = fc.stringMatching(/^(limit=[0-9a-z%-]{0,4}|status=[a-z%]{0,9}|&){0,3}$/)
    fc.assert(
      fc.property(query, status, (raw, code) => {
        const exchange = exchangeOf('listPets', `/v1/pets?${raw}`, code, '[]')
        expect(kitVerdict(exchange)).toEqual(proxyVerdict(exchange))
      }),
      { seed: 35, numRuns: 200 },
    )
  })

  it('decode every list of codings alike (the one decoder), and judge what it gives alike', async () => {
    const encoders: Record<string, (bytes: Buffer) => Buffer> = {
      gzip: zlib.gzipSync,
      'x-gzip': zlib.gzipSync,
      br: zlib.brotliCompressSync,
      deflate: zlib.deflateSync,
      identity: (bytes) => bytes,
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...Object.keys(encoders), 'zstd', 'GZIP'), { maxLength: 3 }),
        petBody,
        async (codings, body) => {
          let bytes: Buffer = Buffer.from(body)
          for (const coding of codings)
            bytes = (encoders[coding.toLowerCase()] ?? ((b) => b))(bytes)
          const header = codings.join(', ')
          const kit = await decode(bytes, header, 1 << 20)
          const proxy = await decodeContent(bytes, header, 1 << 20)
          const proxyText = proxy.ok ? Buffer.from(proxy.bytes).toString('utf8') : undefined
          if (body !== '' && codings.some((coding) => coding === 'zstd')) {
            expect(proxy.ok).toBe(false)
            expect(kit.body).toMatch(/unknown Content-Encoding/)
            return
          }
          if (codings.includes('zstd')) return
          expect(kit.body).toBe(body)
          expect(proxyText).toBe(body)
          const exchange = exchangeOf('getPet', '/v1/pets/1', 200, kit.body)
          expect(kitVerdict(exchange)).toEqual(proxyVerdict({ ...exchange }))
        },
      ),
      { seed: 35, numRuns: 150 },
    )
  })

  it('differ only in what the caller knows (authorized, truncated): both are the one judge with those inputs', () => {
    /** The one judge's verdict with explicit inputs. */
    const oneVerdict = (exchange: Exchange, known: CallerKnows) => {
      const response = exchange.response as NonNullable<Exchange['response']>
      return judgeOneExchange(
        {
          ...kitSentOf(exchange),
          status: response.status,
          responseHeaders: response.headers,
          responseBody: response.body,
        },
        known,
      )
        .filter(
          ({ judgement }) =>
            judgement !== undefined && 'problem' in judgement && judgement.problem !== undefined,
        )
        .map(({ check }) => check.id as string)
        .sort()
    }
    const anyStatus = fc.constantFrom(200, 201, 204, 400, 401, 404, 409, 429, 500, 503)
    const listBody = fc.constantFrom('[]', '[{"id":1,"name":"Rex","categoryId":1}]', '[', '{}')
    let differed = 0
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(
            fc.constant<OperationId>('getPet'),
            petIdSegment.map((id) => `/v1/pets/${id}`),
            petBody,
          ),
          fc.tuple(
            fc.constant<OperationId>('listPets'),
            fc.constantFrom('/v1/pets?limit=1', '/v1/pets?status=sold', '/v1/pets'),
            listBody,
          ),
        ),
        anyStatus,
        fc.boolean(),
        ([operation, path, body], code, truncated) => {
          const exchange = exchangeOf(operation, path, code, body)
          expect(kitVerdict(exchange)).toEqual(oneVerdict(exchange, KIT_KNOWS))
          const proxy = proxyVerdict(exchange, truncated)
          expect(proxy).toEqual(oneVerdict(exchange, { authorized: false, truncated }))
          if (proxy.join() !== kitVerdict(exchange).join()) differed += 1
        },
      ),
      { seed: 35, numRuns: 300 },
    )
    // The inputs matter: on a 401, 429 or 5xx, or a truncated body, the two may rightly differ.
    expect(differed).toBeGreaterThan(0)
  })
})
