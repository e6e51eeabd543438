import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  type ReferenceServer,
  startReferenceServer,
} from '../../conformance/test-utils/reference-server.ts'
import { createPetstore } from '../create-petstore.ts'

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
  })
})
