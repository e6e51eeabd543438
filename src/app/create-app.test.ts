import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../base/clock/create-fake-clock.ts'
import type { MockRequest, MockResponse } from '../base/http/types.ts'
import { createPetstoreCore } from './create-petstore-core.ts'

const START = Date.UTC(2026, 0, 1, 12, 0, 20)

/** A request as a transport makes it, with the headers a client sends. */
function request(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body: string | null = null,
): MockRequest {
  const queryAt = target.indexOf('?')
  const rawQuery = queryAt === -1 ? '' : target.slice(queryAt + 1)
  return {
    method,
    path: queryAt === -1 ? target : target.slice(0, queryAt),
    query: new URLSearchParams(rawQuery),
    rawQuery,
    headers: new Headers({ host: '127.0.0.1:4010', ...headers }),
    body,
    clientAddress: '127.0.0.1',
  }
}

const free = { authorization: 'Bearer sk_test_free' }
const limited = { authorization: 'Bearer sk_test_tiny' }

/** Requests that take every way through the app: answered at once, after a wait, or refused. */
const REQUESTS: Array<() => MockRequest> = [
  () => request('GET', '/v1/pets?limit=20', free),
  () => request('GET', '/v1/pets?status=available&limit=100', free),
  () => request('HEAD', '/v1/pets?limit=3', free),
  () => request('GET', '/v1/pets?limit=0', free),
  () => request('GET', '/v1/pets', { authorization: 'Bearer nope' }),
  () => request('GET', '/v1/pets'),
  () => request('GET', '/v1/pets/1', { ...free, origin: 'http://localhost:5173' }),
  () => request('OPTIONS', '/v1/pets', free),
  () => request('DELETE', '/v1/pets', free),
  () => request('GET', '/v1/nowhere', free),
  () => request('GET', '/elsewhere', free),
  () => request('GET', '/v1/pets', { ...free, prefer: 'code=503' }),
  () => request('GET', '/v1/pets?__code=429', free),
  () =>
    request(
      'POST',
      '/v1/pets',
      { ...free, 'content-type': 'application/json' },
      '{"name":"Rex","categoryId":1}',
    ),
  () => request('GET', '/v1/store/orders', free),
  // One request a minute: the second is refused, the twelfth banned.
  ...Array.from({ length: 12 }, () => () => request('GET', '/v1/pets?limit=5', limited)),
  () => request('GET', '/openapi.json', free),
]

async function petstoreAnswering(by: 'answer' | 'handle') {
  const clock = createFakeClock(START)
  const petstore = createPetstoreCore({
    seed: 7,
    clock,
    keys: { sk_test_tiny: { plan: 'enterprise', perMinute: 1, perDay: 100 } },
  })
  await petstore.ready
  return async (make: () => MockRequest) => {
    clock.advance(250)
    const made = make()
    const response: MockResponse =
      by === 'answer' ? await petstore.app.answer(made) : await petstore.app.handle(made)
    return { response, journaled: petstore.requests({ limit: 1 })[0] }
  }
}

describe('app.answer', () => {
  it('answers every request as handle does, byte for byte, and journals the same entry', async () => {
    const [answer, handle] = await Promise.all([
      petstoreAnswering('answer'),
      petstoreAnswering('handle'),
    ])
    const statuses: Array<number> = []
    for (const make of REQUESTS) {
      const answered = await answer(make)
      const handled = await handle(make)
      statuses.push(answered.response.status)
      expect(answered.response).toEqual(handled.response)
      expect(answered.response.body).toBe(handled.response.body)
      expect({ ...answered.journaled, durationMs: 0 }).toEqual({
        ...handled.journaled,
        durationMs: 0,
      })
    }
    expect(statuses).toEqual([
      200,
      200,
      200,
      400,
      401,
      401,
      200,
      204,
      405,
      404,
      404,
      503,
      429,
      201,
      200,
      200,
      ...Array.from({ length: 10 }, () => 429),
      429,
      200,
    ])
  })

  it('answers a request that waits for nothing synchronously', async () => {
    const petstore = createPetstoreCore({ seed: 7 })
    await petstore.ready
    // The first request after start may wait for the data; later ones do not.
    await petstore.app.answer(request('GET', '/v1/pets?limit=1', free))
    const response = petstore.app.answer(request('GET', '/v1/pets?limit=20', free))
    expect(response).not.toBeInstanceOf(Promise)
    expect((response as MockResponse).status).toBe(200)
  })
})
