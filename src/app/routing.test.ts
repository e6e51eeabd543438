import { describe, expect, it } from 'vitest'
import { EXPOSED_HEADERS } from '../spec/headers.ts'
import { ROUTES } from '../spec/routes.ts'
import {
  AUTH,
  expectError,
  type TestResponse,
  useTransports,
} from '../test-utils/use-transports.ts'

const VALID_BODY = JSON.stringify({ name: 'Rex', categoryId: 1 })
const ORIGIN = 'http://localhost:5173'

/** A request to each operation of the route table, with a concrete path and a valid body. */
const OPERATIONS = ROUTES.map((route) => ({
  operationId: route.operationId,
  method: route.method,
  path: route.path.replace('{petId}', '1'),
  body: route.method === 'POST' ? VALID_BODY : undefined,
}))

const expectRateLimitHeaders = (response: TestResponse) => {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(response.headers.get(name), `${name} on ${response.status}`).toMatch(/^\d+$/)
  }
}

describe.each(useTransports({ keys: { sk_live_extra: 'pro' } }))('routing ($name)', (transport) => {
  describe('authentication', () => {
    const badAuthorizations: Array<[string, Record<string, string>]> = [
      ['no Authorization header', {}],
      ['a malformed token', { authorization: 'Bearer sk_test_free!' }],
      ['a token with spaces', { authorization: 'Bearer sk test free' }],
      ['a non-Bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty token', { authorization: 'Bearer ' }],
      ['a bare scheme', { authorization: 'Bearer' }],
      ['an unknown key', { authorization: 'Bearer sk_test_nobody' }],
    ]
    for (const operation of OPERATIONS) {
      it.each(badAuthorizations)(
        `answers 401 to ${operation.operationId} for %s`,
        async (_, headers) => {
          const before = transport.petstore.db.pets.count()
          const response = await transport.send(operation.method, operation.path, {
            headers: { ...headers, 'content-type': 'application/json' },
            body: operation.body,
          })
          expectError(response, 401, 'unauthorized')
          expect(response.headers.get('www-authenticate')).toBe('Bearer realm="petstore"')
          expectRateLimitHeaders(response)
          expect(transport.petstore.db.pets.count()).toBe(before)
        },
      )
    }

    it('accepts the bearer scheme in any case', async () => {
      const response = await transport.send('GET', '/v1/pets?limit=1', {
        headers: { authorization: 'bearer sk_test_free' },
      })
      expect(response.status).toBe(200)
    })

    it('accepts a key added with the keys option, at its plan', async () => {
      const response = await transport.send('GET', '/v1/pets?limit=1', {
        headers: { authorization: 'Bearer sk_live_extra' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBe('300')
    })

    it('still accepts the default keys next to added ones', async () => {
      for (const key of ['sk_test_free', 'sk_test_pro', 'sk_test_business', 'sk_test_enterprise']) {
        const response = await transport.send('GET', '/v1/pets?limit=1', {
          headers: { authorization: `Bearer ${key}` },
        })
        expect(response.status, key).toBe(200)
      }
    })
  })

  describe('unknown paths and methods', () => {
    it.each([
      '/v1',
      '/v1/',
      '/v1/nope',
      '/v1/pets/1/photos',
      '/v1/store',
      '/v1/store/orders/1',
      '/v1/PETS',
    ])('answers 404 with an Error body for %s', async (path) => {
      const response = await transport.send('GET', path, { headers: AUTH })
      expectError(response, 404, 'route_not_found')
      expectRateLimitHeaders(response)
    })

    it.each([
      ['DELETE', '/v1/pets', 'GET, HEAD, POST'],
      ['PUT', '/v1/pets/1', 'GET, HEAD'],
      ['PATCH', '/v1/pets/1', 'GET, HEAD'],
      ['POST', '/v1/store/orders', 'GET, HEAD'],
    ])('answers 405 with Allow for %s %s', async (method, path, allow) => {
      const response = await transport.send(method, path, { headers: AUTH })
      expect(expectError(response, 405, 'method_not_allowed').message).toContain(method)
      expect(response.headers.get('allow')).toBe(allow)
      expectRateLimitHeaders(response)
    })

    it('answers HEAD like GET, without a body, with the length of the GET body', async () => {
      const get = await transport.send('GET', '/v1/pets/1', { headers: AUTH })
      const response = await transport.send('HEAD', '/v1/pets/1', { headers: AUTH })
      expect(response.status).toBe(200)
      expect(response.text).toBe('')
      expect(response.headers.get('content-length')).toBe(
        String(new TextEncoder().encode(get.text).byteLength),
      )
      expectRateLimitHeaders(response)
    })
  })

  describe('rate-limit headers', () => {
    it.each<[string, string, string | undefined, number]>([
      ['GET', '/v1/pets', undefined, 200],
      ['POST', '/v1/pets', VALID_BODY, 201],
      ['POST', '/v1/pets', '{}', 400],
      ['GET', '/v1/pets/1', undefined, 200],
      ['GET', '/v1/pets/999', undefined, 404],
      ['GET', '/v1/pets?limit=0', undefined, 400],
      ['GET', '/v1/store/orders', undefined, 200],
      ['GET', '/v1/unknown', undefined, 404],
      ['DELETE', '/v1/pets', undefined, 405],
    ])('are on %s %s (%#)', async (method, path, body, status) => {
      const response = await transport.send(method, path, {
        headers: { ...AUTH, 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(status)
      expectRateLimitHeaders(response)
    })
  })

  describe('CORS', () => {
    it('answers a preflight with 204, the origin and what may be sent', async () => {
      const response = await transport.send('OPTIONS', '/v1/pets', {
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, prefer',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(response.headers.get('access-control-allow-credentials')).toBe('true')
      const methods = response.headers.get('access-control-allow-methods') ?? ''
      for (const method of ['GET', 'POST']) expect(methods).toContain(method)
      const allowed = (response.headers.get('access-control-allow-headers') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
      for (const name of ['authorization', 'content-type', 'prefer']) {
        expect(allowed).toContain(name)
      }
    })

    it('lets a preflight of another method through, so the page reads the 405', async () => {
      const origin = { origin: ORIGIN }
      const preflight = await transport.send('OPTIONS', '/v1/pets/1', {
        headers: { ...origin, 'access-control-request-method': 'PATCH' },
      })
      expect(preflight.headers.get('access-control-allow-methods')).toBe(
        'GET, HEAD, POST, OPTIONS, PATCH',
      )
      const response = await transport.send('PATCH', '/v1/pets/1', {
        headers: { ...AUTH, ...origin },
      })
      expect(response.status).toBe(405)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(response.headers.get('allow')).toBe('GET, HEAD')
      expect(await response.json()).toMatchObject({ code: 'method_not_allowed', status: 405 })
    })

    it('answers a preflight of the deprecated operation too', async () => {
      const response = await transport.send('OPTIONS', '/v1/pets/1', {
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    })

    it.each([
      ['GET', '/v1/pets', 200],
      ['GET', '/v1/pets/1', 200],
      ['GET', '/v1/pets/999', 404],
    ])('exposes the headers by name on %s %s', async (method, path, status) => {
      const response = await transport.send(method, path, {
        headers: { ...AUTH, origin: ORIGIN },
      })
      expect(response.status).toBe(status)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      const exposed = response.headers.get('access-control-expose-headers') ?? ''
      expect(exposed).not.toContain('*')
      for (const name of [
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
        'Deprecation',
        'Sunset',
        'Link',
      ]) {
        expect(exposed.split(', ')).toContain(name)
      }
      expect(exposed).toBe(EXPOSED_HEADERS)
    })

    it('exposes the headers on a 401 as well', async () => {
      const response = await transport.send('GET', '/v1/pets', { headers: { origin: ORIGIN } })
      expect(response.status).toBe(401)
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN)
      expect(response.headers.get('access-control-expose-headers')).toBe(EXPOSED_HEADERS)
    })

    it('sends no CORS headers to requests without an Origin', async () => {
      const response = await transport.send('GET', '/v1/pets', { headers: AUTH })
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
    })
  })
})

describe.each(useTransports({ cors: false }))('CORS turned off ($name)', (transport) => {
  it('sends no CORS headers on responses', async () => {
    const response = await transport.send('GET', '/v1/pets', {
      headers: { ...AUTH, origin: ORIGIN },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('access-control-expose-headers')).toBeNull()
  })

  it('does not answer preflights as CORS', async () => {
    const response = await transport.send('OPTIONS', '/v1/pets', {
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('access-control-allow-methods')).toBeNull()
  })

  it('answers a plain OPTIONS with Allow and the rate-limit headers, like any API response', async () => {
    const response = await transport.send('OPTIONS', '/v1/pets/1')
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(response.headers.get(name)).toMatch(/^\d+$/)
    }
  })
})
