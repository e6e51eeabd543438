import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from './clock/create-fake-clock.ts'
import { createPetstore } from './create-petstore.ts'
import { ConfigError } from './errors/config-error.ts'
import { sleep, type Timers } from './simulation/sleep.ts'

const API = 'https://api.example.com'
const START = Date.UTC(2026, 0, 1, 8, 0, 0)
const clock = createFakeClock(START)
const petstore = createPetstore({
  baseUrl: API,
  clock,
  keys: { sk_tiny: { plan: 'enterprise', perMinute: 5, perDay: 12 } },
})
const server = setupServer(...petstore.handlers)
const unhandled = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const
const free = { authorization: 'Bearer sk_test_free' }

const get = (path: string, headers: Record<string, string> = free) =>
  fetch(`${API}${path}`, { headers })

beforeAll(() => server.listen(unhandled))
beforeEach(async () => {
  clock.set(START)
  await petstore.reset()
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('createPetstore in-process: rate limits', () => {
  it('lets exactly 60 of 200 concurrent requests through, each Remaining value once', async () => {
    const responses = await Promise.all(Array.from({ length: 200 }, () => get('/v1/pets?limit=1')))
    const ok = responses.filter((response) => response.status === 200)
    expect(ok).toHaveLength(60)
    expect(
      ok
        .map((response) => Number(response.headers.get('x-ratelimit-remaining')))
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 60 }, (_, i) => i))
    const codes = await Promise.all(
      responses
        .filter((response) => response.status === 429)
        .map(async (response) => (await response.json()).code),
    )
    expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(10)
    expect(codes.filter((code) => code === 'key_banned')).toHaveLength(130)
  })

  it('moves through a minute and a day with the clock, without waiting', async () => {
    for (let i = 0; i < 60; i++) await get('/v1/pets?limit=1')
    expect((await get('/v1/pets')).headers.get('retry-after')).toBe('60')
    clock.advance(60_000)
    expect((await get('/v1/pets')).headers.get('x-ratelimit-remaining')).toBe('59')

    // An Enterprise key of 5 a minute and 12 a day: two full minutes, then 2 more.
    const tiny = { authorization: 'Bearer sk_tiny' }
    const statuses = []
    for (let minute = 0; minute < 3; minute++) {
      for (let i = 0; i < 6; i++) statuses.push((await get('/v1/pets?limit=1', tiny)).status)
      clock.advance(60_000)
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
      String((Date.UTC(2026, 0, 2) - clock.now()) / 1000),
    )
    clock.set(Date.UTC(2026, 0, 2))
    expect((await get('/v1/pets', tiny)).headers.get('x-ratelimit-remaining')).toBe('4')
  })

  it('reports and clears bans through state() and reset()', async () => {
    for (let i = 0; i < 71; i++) await get('/v1/pets')
    expect(petstore.state().rateLimit.clients).toEqual([
      expect.objectContaining({
        client: 'key:sk_test_free',
        bannedUntil: (START + 300_000) / 1000,
      }),
    ])
    clock.advance(300_000)
    expect(petstore.state().rateLimit.clients[0]?.bannedUntil).toBeUndefined()
    for (let i = 0; i < 71; i++) await get('/v1/pets')
    await petstore.reset()
    expect(petstore.state().rateLimit.clients).toEqual([])
    expect((await get('/v1/pets')).status).toBe(200)
  })
})

describe('createPetstore in-process: errors on demand', () => {
  it('forces responses with simulate(), consumed per matching request', async () => {
    const scenario = petstore.simulate({ status: 503, times: 2, method: 'GET', path: '/v1/pets' })
    expect(scenario).toMatchObject({ status: 503, remaining: 2 })
    expect(petstore.state().scenarios).toEqual([scenario])
    expect((await get('/v1/store/orders')).status).toBe(200)
    const forced = await get('/v1/pets')
    expect(forced.status).toBe(503)
    expect(await forced.json()).toEqual({
      code: 'service_unavailable',
      message: 'The service is unavailable (simulated).',
      status: 503,
    })
    expect((await get('/v1/pets')).status).toBe(503)
    expect((await get('/v1/pets')).status).toBe(200)
    expect(petstore.state().scenarios).toEqual([])
  })

  it('drops scenarios on clearSimulations() and reset()', async () => {
    petstore.simulate({ status: 500, times: 10 })
    petstore.clearSimulations()
    expect((await get('/v1/pets')).status).toBe(200)
    petstore.simulate({ status: 500, times: 10 })
    await petstore.reset()
    expect((await get('/v1/pets')).status).toBe(200)
  })

  it('throws a ConfigError naming the field of a bad scenario', () => {
    expect(() => petstore.simulate({ status: 418 })).toThrow(ConfigError)
    expect(() => petstore.simulate({ status: 418 })).toThrow(
      '[petstore-mock] Failed to queue the scenario: Field "status" must be one of 400, 401, 404, 429, 500, 503.',
    )
  })

  it('honours Prefer and __code in-process', async () => {
    const preferred = await get('/v1/pets', { ...free, prefer: 'code=401' })
    expect(preferred.status).toBe(401)
    expect(preferred.headers.get('www-authenticate')).toBe('Bearer realm="petstore"')
    expect((await get('/v1/pets?__code=404')).status).toBe(404)
  })

  it('composes with server.use() overrides', async () => {
    server.use(
      http.get(
        `${API}/v1/pets`,
        () =>
          HttpResponse.json(
            { code: 'internal_error', message: 'Boom.', status: 500 },
            { status: 500 },
          ),
        { once: true },
      ),
    )
    expect((await get('/v1/pets')).status).toBe(500)
    expect((await get('/v1/pets')).status).toBe(200)
  })
})

describe('README examples', () => {
  it('rehearses a 429 with petstore.simulate()', async () => {
    // README: petstore.simulate
    petstore.simulate({ status: 429, times: 1, path: '/v1/pets' })
    const response = await fetch('https://api.example.com/v1/pets', {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(await response.json()).toMatchObject({ code: 'rate_limited' })
  })

  it('rehearses a real ban by moving the clock', async () => {
    // README: fake clock
    const send = () =>
      fetch('https://api.example.com/v1/pets', {
        headers: { authorization: 'Bearer sk_test_free' },
      })
    for (let i = 0; i < 60; i++) await send()
    expect((await send()).status).toBe(429) // rate_limited
    for (let i = 0; i < 9; i++) await send()
    const banned = await send()
    expect(await banned.json()).toMatchObject({ code: 'key_banned' })
    expect(banned.headers.get('retry-after')).toBe('300')
    clock.advance(300_000)
    expect((await send()).status).toBe(200)
  })

  it('overrides one response with server.use()', async () => {
    // README: server.use
    server.use(
      http.get(
        'https://api.example.com/v1/pets',
        () =>
          HttpResponse.json(
            { code: 'service_unavailable', message: 'Down for maintenance.', status: 503 },
            { status: 503, headers: { 'retry-after': '120' } },
          ),
        { once: true },
      ),
    )
    const response = await fetch('https://api.example.com/v1/pets', {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(response.status).toBe(503)
  })
})

describe('createPetstore in-process: a delay the client gives up on', () => {
  it('is cancelled: the fetch rejects at once and no timer is left behind', async () => {
    // The delay runs on timers this test owns, so nothing else in the process can change the count.
    const live = new Set<number>()
    let next = 0
    const timers: Timers = {
      setTimeout: () => {
        next++
        live.add(next)
        return next
      },
      clearTimeout: (handle: never) => {
        live.delete(handle)
      },
    }
    let onSleep = () => {}
    const sleeping = new Promise<void>((resolve) => {
      onSleep = resolve
    })
    const waits: Array<number> = []
    const delayed = createPetstore({
      baseUrl: API,
      clock: {
        now: () => START,
        sleep: (ms, signal) => {
          waits.push(ms)
          const wait = sleep(ms, signal, timers)
          onSleep()
          return wait
        },
      },
    })
    server.use(...delayed.handlers)
    const controller = new AbortController()
    const pending = fetch(`${API}/v1/pets`, {
      headers: { ...free, prefer: 'delay=60000' },
      signal: controller.signal,
    })
    await sleeping
    expect(waits).toEqual([60_000])
    expect(live.size).toBe(1)
    controller.abort()
    // The abort reaches the delay synchronously: its timer is gone before anything else runs.
    expect(live.size).toBe(0)
    await expect(pending).rejects.toThrow(/abort/i)
    expect(live.size).toBe(0)
  })
})
