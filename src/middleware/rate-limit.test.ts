import { Agent, request } from 'undici'
import { beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from '../clock/create-fake-clock.ts'
import { MAX_BODY_BYTES } from '../spec/limits.ts'
import { call } from '../test-utils/call.ts'
import { withMockServer } from '../test-utils/with-mock-server.ts'

const START = Date.UTC(2026, 0, 1, 12, 0, 20)
const clock = createFakeClock(START)
const free = { authorization: 'Bearer sk_test_free' }
const json = { ...free, 'content-type': 'application/json' }

function rateHeaders(headers: Record<string, unknown>) {
  return {
    limit: Number(headers['x-ratelimit-limit']),
    remaining: Number(headers['x-ratelimit-remaining']),
    reset: Number(headers['x-ratelimit-reset']),
  }
}

describe('rate limiting over HTTP', () => {
  const mock = withMockServer({ clock })
  const api = () => `${mock.current.url}/v1`

  beforeEach(async () => {
    clock.set(START)
    await mock.current.petstore.reset()
  })

  it('puts the headers on every response, errors included', async () => {
    const minuteReset = (START - 20_000 + 60_000) / 1000
    const responses = [
      await call(`${api()}/pets`, { headers: free }),
      await call(`${api()}/pets?limit=0`, { headers: free }),
      await call(`${api()}/pets`, { headers: { authorization: 'Bearer nope' } }),
      await call(`${api()}/pets/999999`, { headers: free }),
      await call(`${api()}/nowhere`, { headers: free }),
      await call(`${api()}/pets`, { method: 'DELETE', headers: free }),
      await call(`${api()}/pets`, {
        method: 'POST',
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
      expect((await call(`${api()}/pets?limit=1`, { headers: free })).status).toBe(200)
    }
    const limited = await call(`${api()}/store/orders`, { headers: free })
    expect(limited.status).toBe(429)
    expect(limited.headers['content-type']).toBe('application/json')
    expect(limited.headers['retry-after']).toBe('40')
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
      rateHeaders(
        (await call(`${api()}/pets`, { headers: { authorization: 'Bearer sk_test_pro' } })).headers,
      ),
    ).toMatchObject({ limit: 300, remaining: 299 })
    clock.advance(40_000)
    const next = await call(`${api()}/pets`, { headers: free })
    expect(next.status).toBe(200)
    expect(rateHeaders(next.headers)).toEqual({
      limit: 60,
      remaining: 59,
      reset: (START + 100_000) / 1000,
    })
  })

  it('bans a key that keeps sending, then lets it back after the ban', async () => {
    for (let i = 0; i < 60; i++) await call(`${api()}/pets?limit=1`, { headers: free })
    const refused = []
    for (let i = 0; i < 11; i++) refused.push(await call(`${api()}/pets`, { headers: free }))
    expect(refused.map((response) => response.body.code)).toEqual([
      ...Array(10).fill('rate_limited'),
      'key_banned',
    ])
    const banned = refused[10]
    expect(banned?.status).toBe(429)
    expect(banned?.headers['retry-after']).toBe('300')
    expect(rateHeaders(banned?.headers ?? {})).toEqual({
      limit: 60,
      remaining: 0,
      reset: (START + 300_000) / 1000,
    })
    expect(banned?.body.message).toBe(
      'This API key kept sending while rate limited and is banned; retry after 300 s.',
    )
    expect(mock.current.petstore.state().rateLimit.clients).toContainEqual(
      expect.objectContaining({
        client: 'key:sk_test_free',
        bannedUntil: (START + 300_000) / 1000,
      }),
    )
    clock.advance(299_000)
    const still = await call(`${api()}/pets`, { headers: free })
    expect([still.body.code, still.headers['retry-after']]).toEqual(['key_banned', '1'])
    clock.advance(1_000)
    expect((await call(`${api()}/pets`, { headers: free })).status).toBe(200)
  })

  it('limits requests without a valid key per address at the Free plan, bans included', async () => {
    const anonymous = []
    for (let i = 0; i < 71; i++) anonymous.push(await call(`${api()}/pets`))
    expect(anonymous.slice(0, 60).every((response) => response.status === 401)).toBe(true)
    expect(anonymous[59]?.headers['www-authenticate']).toBe('Bearer realm="petstore"')
    expect(anonymous.slice(60).map((response) => response.body.code)).toEqual([
      ...Array(10).fill('rate_limited'),
      'key_banned',
    ])
    expect(anonymous[70]?.body.message).toMatch(/^This client kept sending/)
    // A wrong key counts against the same address.
    const wrongKey = await call(`${api()}/pets`, { headers: { authorization: 'Bearer sk_wrong' } })
    expect(wrongKey.body.code).toBe('key_banned')
    // A valid key is limited on its own.
    expect((await call(`${api()}/pets`, { headers: free })).status).toBe(200)
    expect(mock.current.petstore.state().rateLimit.clients.map((usage) => usage.client)).toEqual([
      'address:127.0.0.1',
      'key:sk_test_free',
    ])
  })

  it('lets exactly 60 of 200 concurrent requests through, each Remaining value once', async () => {
    const agent = new Agent({ connections: 200 })
    try {
      const responses = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const response = await request(`${api()}/pets?limit=1`, {
            headers: free,
            dispatcher: agent,
          })
          const body = (await response.body.json()) as { code?: string }
          return { status: response.statusCode, code: body.code, ...rateHeaders(response.headers) }
        }),
      )
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
    } finally {
      await agent.close()
    }
  })

  it('does not count CORS preflights', async () => {
    for (let i = 0; i < 100; i++) {
      const preflight = await call(`${api()}/pets`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
      })
      expect(preflight.status).toBe(204)
    }
    const response = await call(`${api()}/pets`, {
      headers: { ...free, origin: 'http://localhost:5173' },
    })
    expect(rateHeaders(response.headers).remaining).toBe(59)
    expect(response.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining')
  })
})

describe('rate limiting over HTTP, switched off', () => {
  const offClock = createFakeClock(START)
  const mock = withMockServer({ clock: offClock, rateLimit: { enabled: false } })

  it('never answers 429 but still sends the headers, Remaining stopping at 0', async () => {
    const responses = []
    for (let i = 0; i < 80; i++) {
      responses.push(await call(`${mock.current.url}/v1/pets?limit=1`, { headers: free }))
    }
    expect(responses.every((response) => response.status === 200)).toBe(true)
    expect(responses.map((response) => rateHeaders(response.headers).remaining).slice(57)).toEqual([
      2,
      1,
      0,
      ...Array(20).fill(0),
    ])
    expect(rateHeaders(responses[79]?.headers ?? {})).toMatchObject({
      limit: 60,
      reset: (START + 40_000) / 1000,
    })
    expect(mock.current.petstore.state().rateLimit).toMatchObject({
      enabled: false,
      clients: [expect.objectContaining({ minute: expect.objectContaining({ used: 80 }) })],
    })
  })
})

describe('rate limiting over HTTP, scaled and configured', () => {
  const scaledClock = createFakeClock(START)
  const mock = withMockServer({
    clock: scaledClock,
    rateLimit: { scale: 10, banAfter: 2, banDurationMs: 60_000 },
    enterprise: { perMinute: 3, perDay: 5 },
    keys: { sk_big: { plan: 'enterprise', perMinute: 2, perDay: 1_000 } },
  })
  const get = (key: string) =>
    call(`${mock.current.url}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${key}` } })

  it('runs windows and bans N times shorter, with configured Enterprise limits', async () => {
    const minute = []
    for (let i = 0; i < 4; i++) minute.push(await get('sk_test_enterprise'))
    expect(minute.map((response) => response.status)).toEqual([200, 200, 200, 429])
    // 12:00:20 in windows of 6 s: the next starts at 12:00:24.
    expect(minute[3]?.headers['retry-after']).toBe('4')
    scaledClock.advance(4_000)
    const day = []
    for (let i = 0; i < 3; i++) day.push(await get('sk_test_enterprise'))
    expect(day.map((response) => [response.status, rateHeaders(response.headers).limit])).toEqual([
      [200, 5],
      [200, 5],
      [429, 5],
    ])
    // Scaled days of 8,640 s count from the epoch (1767268824 s = 204,545 days + 24 s).
    expect(day[2]?.headers['retry-after']).toBe(String(8_640 - (((START + 4_000) / 1000) % 8_640)))
    expect(day[2]?.headers['retry-after']).toBe('8616')

    const own = []
    for (let i = 0; i < 5; i++) own.push(await get('sk_big'))
    expect(own.map((response) => response.body?.code)).toEqual([
      undefined,
      undefined,
      'rate_limited',
      'rate_limited',
      'key_banned',
    ])
    expect(own[4]?.headers['retry-after']).toBe('6')
    scaledClock.advance(6_000)
    expect((await get('sk_big')).status).toBe(200)
  })
})
