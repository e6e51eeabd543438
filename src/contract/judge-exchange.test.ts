import { describe, expect, it } from 'vitest'
import { type CheckId, catalogue } from './catalogue.ts'
import { createExchangeJudge, type JudgedExchange } from './judge-exchange.ts'
import { MAX_BUCKETS } from './response-rules.ts'

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)
const KEY = { Authorization: 'Bearer sk_test_free' }
const rateLimit = (remaining: number, reset = NOW / 1000 + 60) => ({
  'X-RateLimit-Limit': '60',
  'X-RateLimit-Remaining': String(remaining),
  'X-RateLimit-Reset': String(reset),
})
const errorOf = (status: number, extra: Record<string, string> = {}) => ({
  status,
  responseHeaders: { 'Content-Type': 'application/json', ...rateLimit(58), ...extra },
  responseBody: JSON.stringify({ code: 'x', message: 'y', status }),
})

/** A conforming `GET /v1/pets`, changed by `change`. */
function exchange(change: Partial<JudgedExchange> = {}): JudgedExchange {
  return {
    method: 'GET',
    path: '/v1/pets',
    query: '',
    requestHeaders: KEY,
    status: 200,
    responseHeaders: {
      'Content-Type': 'application/json; charset=utf-8',
      Date: new Date(NOW).toUTCString(),
      ...rateLimit(59),
    },
    responseBody: '[{"id":1,"name":"Rex","categoryId":1}]',
    receivedAt: NOW,
    ...change,
  }
}

/** For each response rule: exchanges in a row whose last breaks exactly that rule. */
const broken: Record<string, Array<JudgedExchange>> = {
  'server.no-5xx': [exchange(errorOf(503))],
  'response.json': [exchange({ responseBody: '[{"id":1,' })],
  'error.body': [
    exchange({
      ...errorOf(404),
      path: '/v1/pets/7',
      responseBody: JSON.stringify({ code: 'not_found', message: 'No pet', status: 400 }),
    }),
  ],
  'ratelimit.headers': [
    exchange({
      responseHeaders: {
        'Content-Type': 'application/json',
        ...rateLimit(59),
        'X-RateLimit-Reset': 'soon',
      },
    }),
  ],
  'ratelimit.values': [
    exchange({ responseHeaders: { 'Content-Type': 'application/json', ...rateLimit(61) } }),
  ],
  'ratelimit.remaining-decreases': [exchange(), exchange({ receivedAt: NOW + 10 })],
  'ratelimit.retry-after': [exchange({ ...errorOf(429, rateLimit(0)) })],
  'ratelimit.429-remaining': [
    exchange({ ...errorOf(429, { ...rateLimit(3), 'Retry-After': '5' }) }),
  ],
  'auth.www-authenticate': [exchange({ ...errorOf(401), requestHeaders: {} })],
}

describe('createExchangeJudge', () => {
  it('finds no violation in a conforming exchange, nor in a conforming series', () => {
    const judge = createExchangeJudge()
    expect(judge(exchange())).toEqual([])
    expect(
      judge(exchange({ responseHeaders: { ...exchange().responseHeaders, ...rateLimit(58) } })),
    ).toEqual([])
    expect(judge(exchange({ ...errorOf(404, rateLimit(57)), path: '/v1/pets/7' }))).toEqual([])
    expect(judge(exchange({ ...errorOf(429, { ...rateLimit(0), 'Retry-After': '5' }) }))).toEqual(
      [],
    )
    expect(
      judge(
        exchange({
          ...errorOf(401, { 'WWW-Authenticate': 'Bearer realm="x"' }),
          requestHeaders: {},
        }),
      ),
    ).toEqual([])
  })

  it('has a broken exchange for every response rule of the catalogue', () => {
    const responseRules = catalogue.filter((check) => check.judge).map((check) => check.id)
    expect(Object.keys(broken).sort()).toEqual([...responseRules].sort())
  })

  it.each(Object.entries(broken))(
    'names exactly %s, with the catalogue level and section',
    (id, series) => {
      const judge = createExchangeJudge()
      const before = series.slice(0, -1).flatMap((item) => judge(item))
      const violations = judge(series.at(-1) as JudgedExchange)
      const check = catalogue.find((entry) => entry.id === id)
      expect(before).toEqual([])
      expect(violations).toEqual([
        {
          check: id as CheckId,
          level: check?.level,
          section: check?.section,
          message: expect.any(String),
        },
      ])
    },
  )

  it('knows the operation from method and path', () => {
    const judge = createExchangeJudge()
    const notJson = {
      responseBody: 'ok',
      responseHeaders: { 'Content-Type': 'text/plain', ...rateLimit(59) },
    }
    // The spec describes pet bodies, not those of orders or undocumented methods.
    expect(judge(exchange({ ...notJson, path: '/v1/store/orders' }))).toEqual([])
    expect(
      judge(exchange({ ...notJson, method: 'DELETE', path: '/v1/pets/7', requestHeaders: {} })),
    ).toEqual([])
    expect(
      judge(exchange({ ...notJson, path: '/v1/pets/7', requestHeaders: {} })).map((v) => v.check),
    ).toEqual(['response.json'])
    // A 401 of orders needs no WWW-Authenticate (advisory, pet operations only).
    expect(
      judge(exchange({ ...errorOf(401), path: '/v1/store/orders', requestHeaders: {} })),
    ).toEqual([])
  })

  it('follows Remaining per credential, not across overlapping requests', () => {
    const judge = createExchangeJudge()
    expect(judge(exchange())).toEqual([])
    // Another key has its own counter.
    expect(judge(exchange({ requestHeaders: { authorization: 'Bearer sk_test_pro' } }))).toEqual([])
    // Sent before the previous response arrived: the two may come in any order.
    expect(judge(exchange({ sentAt: NOW - 5, receivedAt: NOW + 5 }))).toEqual([])
    // A new window (another Reset) starts over.
    expect(
      judge(
        exchange({
          responseHeaders: {
            'Content-Type': 'application/json',
            ...rateLimit(59, NOW / 1000 + 120),
          },
        }),
      ),
    ).toEqual([])
    expect(judge(exchange({ receivedAt: NOW + 20, sentAt: NOW + 15 })).map((v) => v.check)).toEqual(
      [],
    )
    expect(judge(exchange({ receivedAt: NOW + 30, sentAt: NOW + 25 })).map((v) => v.check)).toEqual(
      ['ratelimit.remaining-decreases'],
    )
  })

  it('remembers at most MAX_BUCKETS credentials, the least recently seen forgotten first', () => {
    const judge = createExchangeJudge()
    const withKey = (key: string, receivedAt: number) =>
      exchange({ requestHeaders: { Authorization: `Bearer ${key}` }, receivedAt })
    judge(withKey('first', NOW))
    for (let i = 0; i < MAX_BUCKETS; i++) {
      judge(withKey(`other-${i}`, NOW + 1 + i))
    }
    // 'first' was forgotten: its repeated Remaining is not compared.
    expect(judge(withKey('first', NOW + 1000))).toEqual([])
    // The most recent one is still remembered.
    expect(judge(withKey(`other-${MAX_BUCKETS - 1}`, NOW + 1001)).map((v) => v.check)).toEqual([
      'ratelimit.remaining-decreases',
    ])
  })

  it('does not ask a HEAD response for an Error body', () => {
    const judge = createExchangeJudge()
    const head = {
      ...errorOf(404, rateLimit(59)),
      method: 'HEAD',
      path: '/v1/pets/7',
      responseBody: '',
    }
    expect(judge(exchange(head))).toEqual([])
    expect(
      judge(
        exchange({
          ...head,
          method: 'GET',
          receivedAt: NOW + 1,
          responseHeaders: errorOf(404, rateLimit(58)).responseHeaders,
        }),
      ).map((v) => v.check),
    ).toEqual(['error.body', 'response.json'])
  })

  it('does not judge JSON it could not read whole', () => {
    const judge = createExchangeJudge()
    expect(judge(exchange({ responseBody: '[{"id":1,', responseTruncated: true }))).toEqual([])
  })
})
