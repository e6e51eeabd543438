import { beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from '../../base/clock/create-fake-clock.ts'
import type { Context, Middleware, MockResponse } from '../../base/http/types.ts'
import type { ApiKey } from '../../spec/api-key.ts'
import { MAX_BODY_BYTES } from '../../spec/limits.ts'
import { useTransports } from '../../test-utils/use-transports.ts'
import type { RateLimitDecision, RateLimiter } from '../plans/create-rate-limiter.ts'
import { rateLimit } from './rate-limit.ts'

const START = Date.UTC(2026, 0, 1, 12, 0, 20)
const clock = createFakeClock(START)
const free = { authorization: 'Bearer sk_test_free' }
const json = { ...free, 'content-type': 'application/json' }

function rateHeaders(headers: Headers) {
  return {
    limit: Number(headers.get('x-ratelimit-limit')),
    remaining: Number(headers.get('x-ratelimit-remaining')),
    reset: Number(headers.get('x-ratelimit-reset')),
  }
}

describe.each(useTransports({ clock }))('rate limiting ($name)', (transport) => {
  const get = (path: string, headers: Record<string, string> = free) =>
    transport.send('GET', path, { headers })

  beforeEach(async () => {
    clock.set(START)
    await transport.petstore.reset()
  })

  it('puts the headers on every response, errors included', async () => {
    const minuteReset = (START - 20_000 + 60_000) / 1000
    const responses = [
      await get('/v1/pets'),
      await get('/v1/pets?limit=0'),
      await get('/v1/pets', { authorization: 'Bearer nope' }),
      await get('/v1/pets/999999'),
      await get('/v1/nowhere'),
      await transport.send('DELETE', '/v1/pets', { headers: free }),
      await transport.send('POST', '/v1/pets', {
        headers: json,
        body: 'x'.repeat(MAX_BODY_BYTES + 1),
      }),
    ]
    expect(responses.map((response) => response.status)).toEqual([
      200, 400, 401, 404, 404, 405, 413,
    ])
    expect(responses.map((response) => rateHeaders(response.headers))).toEqual([
      { limit: 60, remaining: 59, reset: minuteReset },
      { limit: 60, remaining: 58, reset: minuteReset },
      // No valid key: counted against the address, at the Free plan.
      { limit: 60, remaining: 59, reset: minuteReset },
      { limit: 60, remaining: 57, reset: minuteReset },
      { limit: 60, remaining: 56, reset: minuteReset },
      { limit: 60, remaining: 55, reset: minuteReset },
      { limit: 60, remaining: 54, reset: minuteReset },
    ])
  })

  it('answers the 61st request of a minute with 429, Retry-After and an Error body', async () => {
    for (let i = 0; i < 60; i++) {
      expect((await get('/v1/pets?limit=1')).status).toBe(200)
    }
    const limited = await get('/v1/store/orders')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('content-type')).toBe('application/json')
    expect(limited.headers.get('retry-after')).toBe('40')
    expect(rateHeaders(limited.headers)).toEqual({
      limit: 60,
      remaining: 0,
      reset: (START + 40_000) / 1000,
    })
    expect(limited.body).toEqual({
      code: 'rate_limited',
      message: 'Rate limit of 60 requests per minute exceeded; retry after 40 s.',
      status: 429,
    })
    // Other keys have their own quota.
    expect(
      rateHeaders((await get('/v1/pets', { authorization: 'Bearer sk_test_pro' })).headers),
    ).toMatchObject({ limit: 300, remaining: 299 })
    clock.advance(40_000)
    const next = await get('/v1/pets')
    expect(next.status).toBe(200)
    expect(rateHeaders(next.headers)).toEqual({
      limit: 60,
      remaining: 59,
      reset: (START + 100_000) / 1000,
    })
  })

  it('bans a key that keeps sending, then lets it back after the ban', async () => {
    for (let i = 0; i < 60; i++) await get('/v1/pets?limit=1')
    const refused = []
    for (let i = 0; i < 11; i++) refused.push(await get('/v1/pets'))
    expect(refused.map((response) => response.body.code)).toEqual([
      ...Array(10).fill('rate_limited'),
      'key_banned',
    ])
    const banned = refused[10]
    expect(banned?.status).toBe(429)
    expect(banned?.headers.get('retry-after')).toBe('300')
    expect(rateHeaders(banned?.headers ?? new Headers())).toEqual({
      limit: 60,
      remaining: 0,
      reset: (START + 300_000) / 1000,
    })
    expect(banned?.body.message).toBe(
      'This API key kept sending while rate limited and is banned; retry after 300 s.',
    )
    expect(transport.petstore.state().rateLimit.clients).toContainEqual(
      expect.objectContaining({
        client: 'key:sk_test_free',
        bannedUntil: (START + 300_000) / 1000,
      }),
    )
    clock.advance(299_000)
    const still = await get('/v1/pets')
    expect([still.body.code, still.headers.get('retry-after')]).toEqual(['key_banned', '1'])
    clock.advance(1_000)
    expect((await get('/v1/pets')).status).toBe(200)
  })

  it('limits requests without a valid key per address at the Free plan, bans included', async () => {
    const anonymous = []
    for (let i = 0; i < 71; i++) anonymous.push(await get('/v1/pets', {}))
    expect(anonymous.slice(0, 60).every((response) => response.status === 401)).toBe(true)
    expect(anonymous[59]?.headers.get('www-authenticate')).toBe('Bearer realm="petstore"')
    expect(anonymous.slice(60).map((response) => response.body.code)).toEqual([
      ...Array(10).fill('rate_limited'),
      'key_banned',
    ])
    expect(anonymous[70]?.body.message).toMatch(/^This client kept sending/)
    // A wrong key counts against the same address.
    const wrongKey = await get('/v1/pets', { authorization: 'Bearer sk_wrong' })
    expect(wrongKey.body.code).toBe('key_banned')
    // A valid key is limited on its own.
    expect((await get('/v1/pets')).status).toBe(200)
    expect(transport.petstore.state().rateLimit.clients.map((usage) => usage.client)).toEqual([
      `address:${transport.clientAddress}`,
      'key:sk_test_free',
    ])
  })

  it('lets exactly 60 of 200 concurrent requests through, each Remaining value once', async () => {
    const responses = (
      await Promise.all(Array.from({ length: 200 }, () => get('/v1/pets?limit=1')))
    ).map((response) => ({
      status: response.status,
      code: response.body.code as string | undefined,
      ...rateHeaders(response.headers),
    }))
    const ok = responses.filter((response) => response.status === 200)
    expect(ok).toHaveLength(60)
    expect(ok.map((response) => response.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i),
    )
    const refused = responses.filter((response) => response.status === 429)
    expect(refused).toHaveLength(140)
    expect(refused.filter((response) => response.code === 'rate_limited')).toHaveLength(10)
    expect(refused.filter((response) => response.code === 'key_banned')).toHaveLength(130)
    expect(refused.every((response) => response.remaining === 0)).toBe(true)
  })

  it('does not count CORS preflights', async () => {
    for (let i = 0; i < 100; i++) {
      const preflight = await transport.send('OPTIONS', '/v1/pets', {
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(204)
    }
    const response = await get('/v1/pets', { ...free, origin: 'http://localhost:5173' })
    expect(rateHeaders(response.headers).remaining).toBe(59)
    expect(response.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining')
  })
})

describe.each(useTransports({ clock: createFakeClock(START), rateLimit: { enabled: false } }))(
  'rate limiting switched off ($name)',
  (transport) => {
    it('never answers 429 but still sends the headers, Remaining stopping at 0', async () => {
      const responses = []
      for (let i = 0; i < 80; i++) {
        responses.push(await transport.send('GET', '/v1/pets?limit=1', { headers: free }))
      }
      expect(responses.every((response) => response.status === 200)).toBe(true)
      expect(
        responses.map((response) => rateHeaders(response.headers).remaining).slice(57),
      ).toEqual([2, 1, 0, ...Array(20).fill(0)])
      expect(rateHeaders(responses[79]?.headers ?? new Headers())).toMatchObject({
        limit: 60,
        reset: (START + 40_000) / 1000,
      })
      expect(transport.petstore.state().rateLimit).toMatchObject({
        enabled: false,
        clients: [expect.objectContaining({ minute: expect.objectContaining({ used: 80 }) })],
      })
    })
  },
)

const scaledClock = createFakeClock(START)

describe.each(
  useTransports({
    clock: scaledClock,
    rateLimit: { scale: 10, banAfter: 2, banDurationMs: 60_000 },
    enterprise: { perMinute: 3, perDay: 5 },
    keys: { sk_big: { plan: 'enterprise', perMinute: 2, perDay: 1_000 } },
  }),
)('rate limiting scaled and configured ($name)', (transport) => {
  const get = (key: string) =>
    transport.send('GET', '/v1/pets?limit=1', { headers: { authorization: `Bearer ${key}` } })

  beforeEach(() => {
    scaledClock.set(START)
  })

  it('runs windows and bans N times shorter, with configured Enterprise limits', async () => {
    const minute = []
    for (let i = 0; i < 4; i++) minute.push(await get('sk_test_enterprise'))
    expect(minute.map((response) => response.status)).toEqual([200, 200, 200, 429])
    // 12:00:20 in windows of 6 s: the next starts at 12:00:24.
    expect(minute[3]?.headers.get('retry-after')).toBe('4')
    scaledClock.advance(4_000)
    const day = []
    for (let i = 0; i < 3; i++) day.push(await get('sk_test_enterprise'))
    expect(day.map((response) => [response.status, rateHeaders(response.headers).limit])).toEqual([
      [200, 5],
      [200, 5],
      [429, 5],
    ])
    // Scaled days of 8,640 s count from the epoch (1767268824 s = 204,545 days + 24 s).
    expect(day[2]?.headers.get('retry-after')).toBe(
      String(8_640 - (((START + 4_000) / 1000) % 8_640)),
    )
    expect(day[2]?.headers.get('retry-after')).toBe('8616')

    const own = []
    for (let i = 0; i < 5; i++) own.push(await get('sk_big'))
    expect(own.map((response) => response.body?.code)).toEqual([
      undefined,
      undefined,
      'rate_limited',
      'rate_limited',
      'key_banned',
    ])
    expect(own[4]?.headers.get('retry-after')).toBe('6')
    scaledClock.advance(6_000)
    expect((await get('sk_big')).status).toBe(200)
  })
})

const MORNING = Date.UTC(2026, 0, 1, 8, 0, 0)
const morningClock = createFakeClock(MORNING)

describe.each(
  useTransports({
    clock: morningClock,
    keys: { sk_tiny: { plan: 'enterprise', perMinute: 5, perDay: 12 } },
  }),
)('rate limiting over minutes and days ($name)', (transport) => {
  const get = (path: string, headers: Record<string, string> = free) =>
    transport.send('GET', path, { headers })

  beforeEach(async () => {
    morningClock.set(MORNING)
    await transport.petstore.reset()
  })

  it('moves through a minute and a day with the clock, without waiting', async () => {
    for (let i = 0; i < 60; i++) await get('/v1/pets?limit=1')
    expect((await get('/v1/pets')).headers.get('retry-after')).toBe('60')
    morningClock.advance(60_000)
    expect((await get('/v1/pets')).headers.get('x-ratelimit-remaining')).toBe('59')

    // An Enterprise key of 5 a minute and 12 a day: two full minutes, then 2 more.
    const tiny = { authorization: 'Bearer sk_tiny' }
    const statuses = []
    for (let minute = 0; minute < 3; minute++) {
      for (let i = 0; i < 6; i++) statuses.push((await get('/v1/pets?limit=1', tiny)).status)
      morningClock.advance(60_000)
    }
    expect(statuses).toEqual([
      ...[200, 200, 200, 200, 200, 429],
      ...[200, 200, 200, 200, 200, 429],
      ...[200, 200, 429, 429, 429, 429],
    ])
    const dayLimited = await get('/v1/pets', tiny)
    expect(dayLimited.headers.get('x-ratelimit-limit')).toBe('12')
    expect(dayLimited.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 0, 2) / 1000))
    expect(dayLimited.headers.get('retry-after')).toBe(
      String((Date.UTC(2026, 0, 2) - morningClock.now()) / 1000),
    )
    morningClock.set(Date.UTC(2026, 0, 2))
    expect((await get('/v1/pets', tiny)).headers.get('x-ratelimit-remaining')).toBe('4')
  })

  it('reports and clears bans through state() and reset()', async () => {
    for (let i = 0; i < 71; i++) await get('/v1/pets')
    expect(transport.petstore.state().rateLimit.clients).toEqual([
      expect.objectContaining({
        client: 'key:sk_test_free',
        bannedUntil: (MORNING + 300_000) / 1000,
      }),
    ])
    morningClock.advance(300_000)
    expect(transport.petstore.state().rateLimit.clients[0]?.bannedUntil).toBeUndefined()
    for (let i = 0; i < 71; i++) await get('/v1/pets')
    await transport.petstore.reset()
    expect(transport.petstore.state().rateLimit.clients).toEqual([])
    expect((await get('/v1/pets')).status).toBe(200)
  })
})

describe('the refusal the rate-limit middleware keeps', () => {
  const key: ApiKey = { key: 'sk_test_free', plan: 'free', perMinute: 60, perDay: 1000 }
  const limited = (change: Partial<RateLimitDecision> = {}): RateLimitDecision => ({
    outcome: 'limited',
    window: 'minute',
    limit: 60,
    remaining: 0,
    reset: 1_767_268_860,
    retryAfter: 40,
    ...change,
  })
  /** What the middleware answers, for the decision its stub limiter gives next. */
  const answer = (middleware: Middleware, apiKey?: ApiKey) => {
    const ctx = { request: { clientAddress: '127.0.0.1' }, headers: {}, apiKey } as Context
    return { response: middleware(ctx, () => ({ status: 200, headers: {} })), headers: ctx.headers }
  }
  const stub = (decisions: Array<RateLimitDecision>): RateLimiter => ({
    enabled: true,
    hit: () => decisions.shift() as RateLimitDecision,
    usage: () => [],
    reset: () => {},
  })

  it('is answered byte for byte as a refusal made afresh, whatever changes between requests', () => {
    // Each a refusal after the one before: the same again, then one thing changed at a time.
    const sequence: Array<[RateLimitDecision, ApiKey | undefined]> = [
      [limited(), key],
      [limited(), key],
      [limited({ retryAfter: 39, reset: 1_767_268_861 }), key],
      [limited({ retryAfter: 39 }), undefined],
      [limited({ retryAfter: 39, limit: 1000, window: 'day' }), undefined],
      [limited({ retryAfter: 39, limit: 1000, window: 'day', outcome: 'banned' }), undefined],
      [limited({ retryAfter: 39, limit: 1000, window: 'day', outcome: 'banned' }), key],
      [limited({ retryAfter: 300, outcome: 'banned' }), key],
    ]
    const kept = rateLimit(stub(sequence.map(([decision]) => decision)))
    const answers = sequence.map(([, apiKey]) => answer(kept, apiKey))
    sequence.forEach(([decision, apiKey], index) => {
      // A middleware that has refused nothing yet makes its refusal afresh.
      const fresh = answer(rateLimit(stub([decision])), apiKey)
      const kept = answers[index] as typeof fresh
      expect(kept).toEqual(fresh)
      expect((kept.response as MockResponse).body).toBe((fresh.response as MockResponse).body)
    })
    // Six bodies: a limited key and a limited address are told the same.
    expect(new Set(answers.map(({ response }) => (response as MockResponse).body)).size).toBe(6)
  })

  it('hands each request its own response and headers', () => {
    const kept = rateLimit(stub([limited(), limited()]))
    const first = answer(kept, key).response as MockResponse
    const second = answer(kept, key).response as MockResponse
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
    expect(second.headers).not.toBe(first.headers)
  })
})
