import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPetstore } from '../../adapter/msw/create-petstore.ts'
import {
  createRequestListener,
  type RequestLogEntry,
} from '../../adapter/node/create-request-listener.ts'
import { createFakeClock } from '../../base/clock/create-fake-clock.ts'
import type { MockRequest, MockResponse } from '../../base/http/types.ts'
import { useTransports } from '../../test-utils/use-transports.ts'
import { SIMULATED_STATUSES } from '../simulation/simulated-statuses.ts'
import { sleep, type Timers } from '../simulation/sleep.ts'

const START = Date.UTC(2026, 0, 1, 12, 0, 15, 500)
const clock = createFakeClock(START)
const free = { authorization: 'Bearer sk_test_free' }

describe.each(useTransports({ clock }))('errors on demand ($name)', (transport) => {
  const call = (url: string, headers: Record<string, string> = free) =>
    transport.send('GET', url, { headers })
  const pets = () => '/v1/pets'

  beforeEach(async () => {
    clock.set(START)
    await transport.petstore.reset()
  })

  it.each([400, 401, 404, 429, 500, 503])(
    'forces %i by Prefer and by __code, with an Error body and the rate-limit headers',
    async (status) => {
      for (const [url, headers] of [
        [pets(), { ...free, prefer: `code=${status}` }],
        [`${pets()}?__code=${status}`, free],
      ] as const) {
        const response = await call(url, headers)
        expect(response.status).toBe(status)
        expect(response.headers.get('content-type')).toBe('application/json')
        expect(response.body).toEqual({
          code: SIMULATED_STATUSES[status]?.code,
          message: SIMULATED_STATUSES[status]?.message,
          status,
        })
        expect(response.headers.get('x-ratelimit-limit')).toBe('60')
        expect(response.headers.get('x-ratelimit-reset')).toBe(
          String((START - 15_500 + 60_000) / 1000),
        )
        expect(response.headers.get('www-authenticate')).toBe(
          status === 401 ? 'Bearer realm="petstore"' : null,
        )
        if (status === 429) {
          expect(response.headers.get('x-ratelimit-remaining')).toBe('0')
          // 12:00:15.5 → the window resets at 12:01:00.
          expect(response.headers.get('retry-after')).toBe('45')
        }
      }
    },
  )

  it('combines code and delay, ignores unknown preferences and keeps the first instance', async () => {
    expect(
      (await call(pets(), { ...free, prefer: 'respond-async, code=503, delay=5' })).status,
    ).toBe(503)
    expect((await call(pets(), { ...free, prefer: 'return=minimal; foo="bar"' })).status).toBe(200)
    expect((await call(pets(), { ...free, prefer: 'code=404, code=500' })).status).toBe(404)
    expect((await call(pets(), { ...free, prefer: 'CODE="429"' })).status).toBe(429)
    expect((await call(`${pets()}?__code=500&__delay=5`)).status).toBe(500)
  })

  it('uses the query only when Prefer states neither code nor delay', async () => {
    expect((await call(`${pets()}?__code=500`, { ...free, prefer: 'code=404' })).status).toBe(404)
    expect((await call(`${pets()}?__code=500`, { ...free, prefer: 'delay=1' })).status).toBe(200)
    expect((await call(`${pets()}?__code=500`, { ...free, prefer: 'return=minimal' })).status).toBe(
      500,
    )
  })

  it('answers 400 naming the supported codes and the delay range', async () => {
    const cases = [
      [
        { ...free, prefer: 'code=418' },
        '',
        'Prefer: code must be one of 400, 401, 404, 429, 500, 503, got "418".',
      ],
      [free, '?__code=abc', '__code must be one of 400, 401, 404, 429, 500, 503, got "abc".'],
      [
        { ...free, prefer: 'code' },
        '',
        'Prefer: code must be one of 400, 401, 404, 429, 500, 503, got "".',
      ],
      [
        { ...free, prefer: 'delay=60001' },
        '',
        'Prefer: delay must be a whole number of milliseconds from 0 to 60000, got "60001".',
      ],
      [
        free,
        '?__delay=-5',
        '__delay must be a whole number of milliseconds from 0 to 60000, got "-5".',
      ],
      [
        free,
        '?__delay=1.5',
        '__delay must be a whole number of milliseconds from 0 to 60000, got "1.5".',
      ],
    ] as const
    for (const [headers, query, message] of cases) {
      const response = await call(`${pets()}${query}`, headers)
      expect(response.status).toBe(400)
      expect(response.body).toEqual({ code: 'invalid_simulation', message, status: 400 })
      expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull()
    }
  })

  it('checks the key before forcing anything, and counts forced responses', async () => {
    const response = await call(pets(), { prefer: 'code=500' })
    expect(response.status).toBe(401)
    await call(pets(), { ...free, prefer: 'code=500' })
    expect((await call(pets(), free)).headers.get('x-ratelimit-remaining')).toBe('58')
  })

  it('forces responses with simulate(), consumed per matching request', async () => {
    const { petstore } = transport
    const scenario = petstore.simulate({ status: 503, times: 2, method: 'GET', path: '/v1/pets' })
    expect(scenario).toMatchObject({ status: 503, remaining: 2 })
    expect(petstore.state().scenarios).toEqual([scenario])
    expect((await call('/v1/store/orders')).status).toBe(200)
    const forced = await call('/v1/pets')
    expect(forced.status).toBe(503)
    expect(forced.body).toEqual({
      code: 'service_unavailable',
      message: 'The service is unavailable (simulated).',
      status: 503,
    })
    expect((await call('/v1/pets')).status).toBe(503)
    expect((await call('/v1/pets')).status).toBe(200)
    expect(petstore.state().scenarios).toEqual([])
  })

  it('drops scenarios on clearSimulations() and reset()', async () => {
    const { petstore } = transport
    petstore.simulate({ status: 500, times: 10 })
    petstore.clearSimulations()
    expect((await call('/v1/pets')).status).toBe(200)
    petstore.simulate({ status: 500, times: 10 })
    await petstore.reset()
    expect((await call('/v1/pets')).status).toBe(200)
  })
})

/** Timers that this file owns: nothing else in the process can change their count. */
function ownTimers() {
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
  return { live, timers }
}

const delays = ownTimers()
/** Resolves when the delay has started, then when its signal has aborted. */
let onSleep = () => {}
let onAbort = () => {}
const waits: Array<number> = []

describe.each(
  useTransports({
    clock: {
      now: () => START,
      sleep(ms, signal) {
        waits.push(ms)
        signal?.addEventListener('abort', () => onAbort(), { once: true })
        const wait = sleep(ms, signal, delays.timers)
        onSleep()
        return wait
      },
    },
  }),
)('a delay the client gives up on ($name)', (transport) => {
  it('is cancelled: the request ends at once and no timer is left behind', async () => {
    waits.length = 0
    const sleeping = new Promise<void>((resolve) => {
      onSleep = resolve
    })
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve
    })
    const controller = new AbortController()
    const pending = transport
      .send('GET', '/v1/pets', {
        headers: { ...free, prefer: 'delay=60000' },
        signal: controller.signal,
      })
      .then(
        (response) => response.status,
        (error: Error) => error.name,
      )
    await sleeping
    expect(waits).toEqual([60_000])
    expect(delays.live.size).toBe(1)
    controller.abort()
    // The server learns of it when the connection closes; in-process at once.
    await aborted
    expect(delays.live.size).toBe(0)
    // fetch() rejects; the mock's own fetch answers 499, the code for "client went away".
    expect(await pending).toBe(transport.name === 'fetch' ? 499 : 'AbortError')
    expect(delays.live.size).toBe(0)
  })
})

describe('errors on demand over HTTP', () => {
  it('stops waiting, and answers nothing, when the client goes away during a delay', async () => {
    const petstore = createPetstore({ clock })
    const handled: Array<Promise<MockResponse>> = []
    let onArrival = () => {}
    const arrived = new Promise<void>((resolve) => {
      onArrival = resolve
    })
    const app = {
      answer(mockRequest: MockRequest) {
        const result = petstore.app.handle(mockRequest)
        handled.push(result)
        onArrival()
        return result
      },
    }
    const log: Array<RequestLogEntry> = []
    const server = http.createServer(
      createRequestListener(app, { log: (entry) => log.push(entry) }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const controller = new AbortController()
      const pending = request(`http://127.0.0.1:${port}/v1/pets`, {
        headers: { ...free, prefer: 'delay=5000' },
        signal: controller.signal,
      })
      await arrived
      controller.abort()
      await expect(pending).rejects.toThrow()
      // Had the timer run its 5 s, the app would answer 200; it gives up instead.
      expect(await handled[0]).toEqual({ status: 499, headers: expect.any(Object) })
      expect(log).toEqual([])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('errors on demand in the app', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits exactly the delay asked for', async () => {
    const petstore = createPetstore({ clock: createFakeClock(START) })
    await petstore.ready
    vi.useFakeTimers()
    let settled: MockResponse | undefined
    void petstore.app
      .handle({
        method: 'GET',
        path: '/v1/pets',
        query: new URLSearchParams('limit=1'),
        headers: new Headers({ ...free, prefer: 'delay=300, code=503' }),
        body: null,
        clientAddress: 'test',
      })
      .then((response) => {
        settled = response
      })
    await vi.advanceTimersByTimeAsync(299)
    expect(settled).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled?.status).toBe(503)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('says in Retry-After the wait the rate limiter works out, for windows of any length', async () => {
    // Windows 7 times shorter last 8571 ms: their resets fall between whole seconds.
    const fake = createFakeClock(START)
    const petstore = createPetstore({ clock: fake, rateLimit: { scale: 7, banAfter: 1 } })
    await petstore.ready
    const get = (headers: Record<string, string>) =>
      petstore.fetch(new Request('http://localhost/v1/pets?limit=1', { headers }))
    for (const step of [0, 190, 911, 2_345, 4_999]) {
      fake.advance(step)
      const forced = await get({ ...free, prefer: 'code=503' })
      // What the limiter itself says once the client's window is spent.
      let refused = await get(free)
      while (refused.status !== 429) refused = await get(free)
      expect(forced.headers.get('retry-after'), `after ${step} ms`).toBe(
        refused.headers.get('retry-after'),
      )
      await petstore.reset()
    }
  })
})
