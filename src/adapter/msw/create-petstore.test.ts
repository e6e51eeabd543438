import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeClock } from '../../base/clock/create-fake-clock.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { MAX_BODY_BYTES } from '../../spec/limits.ts'
import { Pet, Pets } from '../../spec/pet.ts'
import { FETCH_STREAM_IDLE_MS } from '../fetch/fetch-stream.ts'
import { createPetstore } from './create-petstore.ts'

const AUTH = { authorization: 'Bearer sk_test_enterprise' }
const server = setupServer()

beforeAll(() => {
  // msw 2 reads `onUnhandledRequest`, msw 3 `onUnhandledFrame`; each one's types reject the other.
  server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as Parameters<
    typeof server.listen
  >[0])
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('createPetstore', () => {
  it('matches any origin by default', async () => {
    const petstore = createPetstore()
    server.use(...petstore.handlers)
    for (const origin of ['http://localhost:3000', 'https://api.example.com', 'https://x.test']) {
      const response = await fetch(`${origin}/v1/pets?limit=2`, { headers: AUTH })
      expect(response.status, origin).toBe(200)
      expect(Pets.parse(await response.json())).toHaveLength(2)
    }
  })

  it('matches only its baseUrl when given one', async () => {
    const petstore = createPetstore({ baseUrl: 'https://api.example.com' })
    // Whatever the petstore leaves unmatched falls through to this marker.
    server.use(
      ...petstore.handlers,
      http.all('*', () => new Response(null, { status: 299 })),
    )
    const response = await fetch('https://api.example.com/v1/pets?limit=1', { headers: AUTH })
    expect(response.status).toBe(200)
    for (const url of [
      'https://other.example.com/v1/pets',
      'http://api.example.com/v1/pets',
      'https://api.example.com:8443/v1/pets',
    ]) {
      expect((await fetch(url, { headers: AUTH })).status, url).toBe(299)
    }
  })

  it('serves the API under the path of its baseUrl', async () => {
    for (const baseUrl of ['https://example.com/api', 'https://example.com/api/v1']) {
      const petstore = createPetstore({ baseUrl })
      server.resetHandlers(...petstore.handlers)
      const response = await fetch('https://example.com/api/v1/pets/1', { headers: AUTH })
      expect(response.status, baseUrl).toBe(200)
      expect(Pet.parse(await response.json()).id).toBe(1)
      const unknown = await fetch('https://example.com/api/v1/nope', { headers: AUTH })
      expect(unknown.status).toBe(404)
    }
  })

  it('puts the base path in Location, Link and the served document', async () => {
    const petstore = createPetstore({ baseUrl: 'https://api.example.com/api' })
    server.resetHandlers(...petstore.handlers)
    const created = await fetch('https://api.example.com/api/v1/pets', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    })
    expect(created.status).toBe(201)
    const { id } = Pet.parse(await created.json())
    expect(created.headers.get('location')).toBe(`/api/v1/pets/${id}`)
    const fetched = await fetch(`https://api.example.com${created.headers.get('location')}`, {
      headers: AUTH,
    })
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('link')).toBe('</api/v1/pets>; rel="successor-version"')
    const document = await (await fetch('https://api.example.com/api/openapi.json')).json()
    expect(document.servers.map((entry: { url: string }) => entry.url)).toEqual([
      'https://api.example.com/api/v1',
    ])
    expect(petstore.openapi().servers).toEqual(document.servers)
    // Outside the base path the mock claims nothing.
    server.use(http.all('https://api.example.com/v1/*', () => new Response(null, { status: 299 })))
    expect((await fetch('https://api.example.com/v1/pets', { headers: AUTH })).status).toBe(299)
  })

  it('rejects a baseUrl that is not an absolute URL', () => {
    expect(() => createPetstore({ baseUrl: '/v1' })).toThrow(/not an absolute URL/)
    expect(() => createPetstore({ baseUrl: '/v1' })).toThrow(
      expect.objectContaining({ name: 'ConfigError', code: 'ERR_PETSTORE_INVALID_OPTION' }),
    )
  })

  it('restores the seeded data on reset()', async () => {
    const petstore = createPetstore()
    server.use(...petstore.handlers)
    const before = await (await fetch('http://x.test/v1/pets?limit=100', { headers: AUTH })).text()
    const created = await fetch('http://x.test/v1/pets', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Temp', categoryId: 1 }),
    })
    const pet = Pet.parse(await created.json())
    expect((await fetch(`http://x.test/v1/pets/${pet.id}`, { headers: AUTH })).status).toBe(200)
    await petstore.reset()
    expect((await fetch(`http://x.test/v1/pets/${pet.id}`, { headers: AUTH })).status).toBe(404)
    const after = await (await fetch('http://x.test/v1/pets?limit=100', { headers: AUTH })).text()
    expect(after).toBe(before)
    const again = await fetch('http://x.test/v1/pets', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Temp', categoryId: 1 }),
    })
    expect(Pet.parse(await again.json()).id).toBe(pet.id)
  })

  it('answers requests made during reset() from the whole reloaded data', async () => {
    const petstore = createPetstore()
    const list = () =>
      petstore.fetch(new Request('http://x.test/v1/pets?limit=100', { headers: AUTH }))
    const before = await (await list()).text()
    const resetting = petstore.reset()
    const during = list()
    await resetting
    expect(await (await during).text()).toBe(before)
  })

  it('exposes the @msw/data collections as db', async () => {
    const petstore = createPetstore({ pets: 5, orders: 3 })
    await petstore.ready
    expect(petstore.db.pets.count()).toBe(5)
    expect(petstore.db.orders.count()).toBe(3)
    expect(petstore.db.categories.count()).toBe(6)
    server.use(...petstore.handlers)
    await petstore.db.pets.create({ id: 500, name: 'Arranged', categoryId: 2, status: 'sold' })
    const response = await fetch('http://x.test/v1/pets/500', { headers: AUTH })
    expect(await response.json()).toEqual({
      id: 500,
      name: 'Arranged',
      categoryId: 2,
      status: 'sold',
    })
    const listed = Pets.parse(
      await (await fetch('http://x.test/v1/pets?status=sold&limit=100', { headers: AUTH })).json(),
    )
    expect(listed.at(-1)?.id).toBe(500)
    await petstore.db.pets.delete((q) => q.where({ id: 500 }))
    expect((await fetch('http://x.test/v1/pets/500', { headers: AUTH })).status).toBe(404)
  })

  it('loads the collections when first read, holding what the store holds by then', async () => {
    const petstore = createPetstore({ pets: 5, orders: 3 })
    const created = await petstore.fetch(
      new Request('http://x.test/v1/pets', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Before db', categoryId: 1 }),
      }),
    )
    expect(created.status).toBe(201)
    // Read before `ready`: made at once (filled once `ready` resolves).
    const { db } = petstore
    await petstore.ready
    expect(db.pets.count()).toBe(6)
    expect(db.pets.findFirst((q) => q.where({ id: 6 }))?.name).toBe('Before db')
    await petstore.reset()
    expect(db.pets.count()).toBe(5)
  })

  it('answers through fetch() without msw', async () => {
    const petstore = createPetstore({ baseUrl: 'https://api.example.com/base' })
    const response = await petstore.fetch(
      new Request('https://api.example.com/base/v1/pets/1', { headers: AUTH }),
    )
    expect(response.status).toBe(200)
    expect(Pet.parse(await response.json()).id).toBe(1)
  })

  it('serves its OpenAPI document', async () => {
    const petstore = createPetstore()
    server.use(...petstore.handlers)
    const response = await fetch('http://x.test/openapi.json')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(petstore.openapi('http://x.test/v1'))
  })

  describe('bodies over 1 MiB', () => {
    it('answers 413 to a declared body', async () => {
      const petstore = createPetstore()
      server.use(...petstore.handlers)
      const response = await fetch('http://x.test/v1/pets', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: 'x'.repeat(MAX_BODY_BYTES + 1),
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
    })

    it('answers 413 to a streamed body without reading all of it', async () => {
      const petstore = createPetstore()
      server.use(...petstore.handlers)
      let pulled = 0
      const chunk = new Uint8Array(64 * 1024).fill(120)
      // An endless body: only the mock's limit stops the reading.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const response = await fetch('http://x.test/v1/pets', {
        method: 'POST',
        headers: AUTH,
        body,
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(413)
      expect(await response.json()).toMatchObject({ code: 'payload_too_large', status: 413 })
      expect(pulled).toBeLessThan(4 * MAX_BODY_BYTES)
    })
  })

  describe('options', () => {
    it.each([
      [{ seed: -1 }, /seed/],
      [{ pets: 1.5 }, /pets/],
      [{ orders: -2 }, /orders/],
      [{ categories: 0, pets: 3 }, /category/],
      [{ clock: { now: 5 } }, /clock/],
    ])('rejects %j with a clear ConfigError', (options, message) => {
      expect(() => createPetstore(options as never)).toThrow(message)
      expect(() => createPetstore(options as never)).toThrow(/^\[petstore-mock\] Failed to/)
    })
  })
})

describe('createPetstore with msw', () => {
  const API = 'https://api.example.com'
  const START = Date.UTC(2026, 0, 1, 8, 0, 0)
  const clock = createFakeClock(START)
  const petstore = createPetstore({ baseUrl: API, clock })
  const free = { authorization: 'Bearer sk_test_free' }

  beforeEach(async () => {
    clock.set(START)
    await petstore.reset()
    server.use(...petstore.handlers)
  })

  it('throws a ConfigError naming the field of a bad scenario', () => {
    expect(() => petstore.simulate({ status: 418 })).toThrow(ConfigError)
    expect(() => petstore.simulate({ status: 418 })).toThrow(
      '[petstore-mock] Failed to queue the scenario: Field "status" must be one of 400, 401, 404, 429, 500, 503.',
    )
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
    expect((await fetch(`${API}/v1/pets`, { headers: free })).status).toBe(500)
    expect((await fetch(`${API}/v1/pets`, { headers: free })).status).toBe(200)
  })

  describe('the examples of docs/testing.md', () => {
    it('rehearses a 429 with petstore.simulate()', async () => {
      // docs/testing.md: petstore.simulate
      petstore.simulate({ status: 429, times: 1, path: '/v1/pets' })
      const response = await fetch('https://api.example.com/v1/pets', {
        headers: { authorization: 'Bearer sk_test_free' },
      })
      expect(response.status).toBe(429)
      expect(response.headers.get('retry-after')).toBe('60')
      expect(await response.json()).toMatchObject({ code: 'rate_limited' })
    })

    it('rehearses a real ban by moving the clock', async () => {
      // docs/testing.md: fake clock
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
      // docs/testing.md: server.use
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
})

describe('createPetstore default onError', () => {
  it('logs a failure of the mock as one formatted line with a stable code, then its stack', async () => {
    const lines: Array<unknown> = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      lines.push(args)
    })
    try {
      const petstore = createPetstore({
        persistence: {
          load: () => undefined,
          append: () => Promise.reject(new Error('disk broke')),
          reset: () => Promise.resolve(),
        },
      })
      const response = await petstore.fetch(
        new Request('http://x.test/v1/pets', {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
        }),
      )
      expect(response.status).toBe(500)
      expect(lines).toEqual([
        ['[petstore-mock] Failed to answer a request: Error: disk broke (ERR_PETSTORE_INTERNAL).'],
        [expect.stringMatching(/^\s+at /)],
      ])
    } finally {
      spy.mockRestore()
    }
  })
})

describe('createPetstore onRequest', () => {
  it.each([
    ['x', 'string'],
    [null, 'null'],
    [{}, 'object'],
  ])(
    'refuses %j as a listener with ERR_PETSTORE_INVALID_OPTION, and keeps answering',
    async (value, kind) => {
      const lines: Array<unknown> = []
      const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
        lines.push(args)
      })
      try {
        const petstore = createPetstore()
        expect(() => petstore.onRequest(value as never)).toThrow(
          expect.objectContaining({
            name: 'ConfigError',
            code: 'ERR_PETSTORE_INVALID_OPTION',
            message: `[petstore-mock] Failed to listen for requests: the listener must be a function, got ${kind}.`,
          }),
        )
        const response = await petstore.fetch(
          new Request('http://x.test/v1/pets/1', { headers: AUTH }),
        )
        expect(response.status).toBe(200)
        expect(lines).toEqual([])
      } finally {
        spy.mockRestore()
      }
    },
  )

  it('reports a listener that throws once, as its own failure, and answers as usual', async () => {
    const lines: Array<unknown> = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      lines.push(args)
    })
    try {
      const petstore = createPetstore()
      petstore.onRequest(() => {
        throw new Error('listener broke')
      })
      const seen: Array<number> = []
      petstore.onRequest((entry) => seen.push(entry.status))
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await petstore.fetch(
          new Request('http://x.test/v1/pets/1', { headers: AUTH }),
        )
        expect(response.status).toBe(200)
      }
      expect(seen).toEqual([200, 200, 200])
      expect(lines).toEqual([
        ['[petstore-mock] Failed to run a request listener: Error: listener broke.'],
      ])
    } finally {
      spy.mockRestore()
    }
  })
})

describe('createPetstore fetch with a body stream that fails', () => {
  it('answers 400 with an Error body and journals the request', async () => {
    const petstore = createPetstore()
    let pulls = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('{"name":"Rex"'))
        else controller.error(new Error('boom'))
      },
    })
    const response = await petstore.fetch(
      new Request('http://x.test/v1/pets', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'invalid_request',
      message: 'The request body could not be read: boom.',
      status: 400,
    })
    expect(petstore.requests({ method: 'POST' })).toMatchObject([{ status: 400 }])
  })
})

describe('createPetstore event streams over fetch', () => {
  const events = (petstore: ReturnType<typeof createPetstore>) =>
    petstore.fetch(new Request('http://x.test/__mock/events'))

  it('holds no listener for a stream that is never read, and frees it on cancel', async () => {
    const petstore = createPetstore()
    // More unread streams than the listener cap: none of them subscribes.
    const unread = await Promise.all(Array.from({ length: 1_001 }, () => events(petstore)))
    expect(unread.every((response) => response.status === 200)).toBe(true)
    const waiting = petstore.waitForRequest({}, { timeout: 1_000 })
    await petstore.fetch(new Request('http://x.test/v1/pets/1', { headers: AUTH }))
    expect((await waiting).path).toBe('/v1/pets/1')
    // Read streams hold a listener until they are cancelled.
    const readers = await Promise.all(
      Array.from({ length: 1_000 }, async () => {
        const reader = (await events(petstore)).body?.getReader()
        await reader?.read()
        return reader
      }),
    )
    await expect(petstore.waitForRequest({}, { timeout: 1 })).rejects.toMatchObject({
      code: 'ERR_PETSTORE_TOO_MANY_LISTENERS',
    })
    await Promise.all(readers.map((reader) => reader?.cancel()))
    const again = petstore.waitForRequest({}, { timeout: 1_000 })
    await petstore.fetch(new Request('http://x.test/v1/pets/2', { headers: AUTH }))
    expect((await again).path).toBe('/v1/pets/2')
  })

  it(`ends a stream its reader leaves unread for ${FETCH_STREAM_IDLE_MS} ms`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const petstore = createPetstore()
      const reader = (await events(petstore)).body?.getReader()
      await reader?.read()
      await petstore.fetch(new Request('http://x.test/v1/pets/1', { headers: AUTH }))
      await vi.advanceTimersByTimeAsync(FETCH_STREAM_IDLE_MS)
      // The listener is gone: the cap is free again for 1000 more.
      for (let i = 0; i < 1_000; i++) petstore.onRequest(() => {})
      expect(() => petstore.onRequest(() => {})).toThrow(
        expect.objectContaining({ name: 'PetstoreError', code: 'ERR_PETSTORE_TOO_MANY_LISTENERS' }),
      )
      // The stream has ended: what it held back is for GET /__mock/requests?since= to catch up.
      expect(await reader?.read()).toEqual({ done: true, value: undefined })
    } finally {
      vi.useRealTimers()
    }
  })
})
