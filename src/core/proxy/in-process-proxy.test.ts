import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  type ReferenceServer,
  startReferenceServer,
} from '../../../conformance/test-utils/reference-server.ts'
import { createPetstore } from '../../adapter/msw/create-petstore.ts'

const KEY = { authorization: 'Bearer sk_ref' }
const server = setupServer()
const upstreams: Array<ReferenceServer> = []

beforeAll(() => {
  // msw 2 reads `onUnhandledRequest`, msw 3 `onUnhandledFrame`; each one's types reject the other.
  server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as Parameters<
    typeof server.listen
  >[0])
})
afterEach(async () => {
  server.resetHandlers()
  for (const upstream of upstreams.splice(0)) await upstream.close()
})
afterAll(() => server.close())

async function reference(options: Parameters<typeof startReferenceServer>[0] = {}) {
  const upstream = await startReferenceServer(options)
  upstreams.push(upstream)
  return upstream
}

describe('createPetstore({ proxy })', () => {
  it('forwards past its own handlers with bypass() and journals what the real server answered', async () => {
    const upstream = await reference({ compression: 'gzip' })
    const petstore = createPetstore({ baseUrl: 'https://api.example.com', proxy: upstream.baseUrl })
    server.use(...petstore.handlers)
    const response = await fetch('https://api.example.com/v1/pets?limit=2', { headers: KEY })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([
      { id: 1, name: 'Pet 1', categoryId: 1, status: 'available' },
      { id: 2, name: 'Pet 2', categoryId: 2, status: 'pending' },
    ])
    expect(upstream.requests()).toBe(1)
    const [entry] = petstore.requests({ answeredBy: 'upstream' })
    expect(entry).toMatchObject({ status: 200, answeredBy: 'upstream', path: '/v1/pets' })
    expect(entry?.response.body).toMatch(/^\[\{"id":1,"name":"Pet 1"/)
    expect(petstore.state().proxy).toEqual({ upstream: upstream.baseUrl, fallback: 'none' })
  })

  it('lets a test assert that a real server broke no rule, and see the rule a faulty one broke', async () => {
    const exercise = async (petstore: ReturnType<typeof createPetstore>) => {
      server.use(...petstore.handlers)
      const base = 'https://api.example.com/v1'
      await (await fetch(`${base}/pets?limit=3`, { headers: KEY })).arrayBuffer()
      await (await fetch(`${base}/pets/424242`, { headers: KEY })).arrayBuffer()
      await (
        await fetch(`${base}/pets`, {
          method: 'POST',
          headers: { ...KEY, 'content-type': 'application/json' },
          body: '{"name":"Rex","categoryId":1}',
        })
      ).arrayBuffer()
      server.resetHandlers()
      return petstore
    }
    const correct = await reference()
    const fine = await exercise(
      createPetstore({ baseUrl: 'https://api.example.com', proxy: correct.baseUrl }),
    )
    expect(fine.requests().map((entry) => entry.status)).toEqual([200, 404, 201])
    expect(fine.violations()).toEqual({})
    const faulty = await reference({ fault: 'no-rate-limit-headers-on-201' })
    const broken = await exercise(
      createPetstore({ baseUrl: 'https://api.example.com', proxy: faulty.baseUrl }),
    )
    expect(Object.keys(broken.violations())).toEqual(['ratelimit.headers'])
    expect(broken.requests({ violations: true }).map((entry) => entry.method)).toEqual(['POST'])
    expect(broken.toHar({ violations: true }).log.entries[0]?._violations[0]?.check).toBe(
      'ratelimit.headers',
    )
  })

  it('still forces answers in-process without asking the real server', async () => {
    const upstream = await reference()
    const petstore = createPetstore({ proxy: upstream.baseUrl })
    server.use(...petstore.handlers)
    petstore.simulate({ status: 503, path: '/v1/pets' })
    const response = await fetch('http://localhost/v1/pets', { headers: KEY })
    expect(response.status).toBe(503)
    expect(upstream.requests()).toBe(0)
  })

  it('refuses a proxy URL with credentials, a query or another scheme, naming the option', () => {
    for (const proxy of [
      'ftp://x.test/v1',
      'https://u:p@x.test/v1',
      'https://x.test/v1?k=1',
      'not a url',
    ]) {
      expect(() => createPetstore({ proxy }), proxy).toThrow(/`proxy`/)
    }
    expect(() => createPetstore({ proxyFallback: 'mock' })).toThrow(/`proxyFallback` needs `proxy`/)
  })
})
