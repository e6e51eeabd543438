import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../spec/error-body.ts'
import { call } from '../../test-utils/call.ts'
import { withMockServer } from '../../test-utils/with-mock-server.ts'
import { createServerGuards } from './server-guards.ts'

const KEY = { authorization: 'Bearer sk_test_enterprise' }
const JSON_TYPE = { 'content-type': 'application/json' }

function expectError(response: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(response.status).toBe(status)
  expect(response.headers['content-type']).toBe('application/json')
  expect(ErrorBody.parse(response.body)).toMatchObject({ code, status })
  return response.body as ErrorBody
}

describe('Host allow-list (DNS rebinding)', () => {
  const mock = withMockServer({ allowedHosts: ['box.lan', '.dev.test'] })
  const url = (path: string) => `${mock.current.url}${path}`

  it('answers 403 host_not_allowed to a foreign Host on the API and the control API', async () => {
    for (const path of ['/v1/pets', '/__mock/state', '/openapi.json', '/nowhere']) {
      const response = await call(url(path), { headers: { ...KEY, host: 'evil.example' } })
      const body = expectError(response, 403, 'host_not_allowed')
      expect(body.message).toContain('--allowed-host evil.example')
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
    }
  })

  it('changes nothing for a refused host: no pet created, no reset, no quota used', async () => {
    const snapshot = () => {
      const { data, scenarios, rateLimit } = mock.current.petstore.state()
      return { data, scenarios, rateLimit }
    }
    const before = snapshot()
    const created = await call(url('/v1/pets'), {
      method: 'POST',
      headers: { ...KEY, ...JSON_TYPE, host: 'rebound.example:4010' },
      body: JSON.stringify({ name: 'Rebound', categoryId: 1 }),
    })
    expectError(created, 403, 'host_not_allowed')
    const reset = await call(url('/__mock/reset'), {
      method: 'POST',
      headers: { ...JSON_TYPE, host: 'rebound.example' },
    })
    expectError(reset, 403, 'host_not_allowed')
    expect(snapshot()).toEqual(before)
  })

  it('serves loopback names and addresses, the listed names and their domains', async () => {
    const port = mock.current.port
    for (const host of [
      `localhost:${port}`,
      'LOCALHOST',
      `app.localhost:${port}`,
      `127.0.0.1:${port}`,
      '127.8.9.10',
      `[::1]:${port}`,
      'localhost.',
      'box.lan',
      'dev.test:80',
      'api.dev.test',
    ]) {
      const response = await call(url('/v1/pets?limit=1'), { headers: { ...KEY, host } })
      expect(response.status, host).toBe(200)
    }
  })

  it('refuses names that only look alike, other IPs on a loopback bind, and joined values', async () => {
    for (const host of [
      'box.lan.evil.example',
      'notdev.test',
      'localhost.evil.example',
      '192.168.1.5',
      '[::2]',
      'localhost, evil.example',
      'local host',
      `${'a'.repeat(400)}.localhost`,
    ]) {
      const response = await call(url('/v1/pets'), { headers: { ...KEY, host } })
      expectError(response, 403, 'host_not_allowed')
    }
  })

  it('serves a request without a Host header (HTTP/1.0 tools)', async () => {
    const { port } = mock.current
    const net = await import('node:net')
    const text = await new Promise<string>((resolve, reject) => {
      let received = ''
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /v1/pets?limit=1 HTTP/1.0\r\nAuthorization: Bearer sk_test_free\r\n\r\n'),
      )
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        received += chunk
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(received))
    })
    expect(text).toMatch(/^HTTP\/1\.1 200/)
  })
})

describe('control API: same origin only', () => {
  const mock = withMockServer()
  const url = (path: string) => `${mock.current.url}${path}`

  it('refuses requests a browser marks as cross-site, and foreign Origins', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
      { origin: 'http://localhost:5173' },
      { origin: 'null' },
    ]) {
      for (const path of ['/__mock/reset', '/__mock/scenarios']) {
        const response = await call(url(path), {
          method: 'POST',
          headers: { ...JSON_TYPE, ...headers },
          body: '{"status":503,"times":10000}',
        })
        expectError(response, 403, 'origin_not_allowed')
      }
      expectError(await call(url('/__mock/state'), { headers }), 403, 'origin_not_allowed')
    }
    expect(mock.current.petstore.state().scenarios).toEqual([])
  })

  it('serves its own origin, a typed URL, a navigation, and tools without those headers', async () => {
    const own = new URL(mock.current.url).origin
    expect((await call(url('/__mock/state'), { headers: { origin: own } })).status).toBe(200)
    for (const headers of [
      { 'sec-fetch-site': 'same-origin', origin: own } as Record<string, string>,
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const reset = await call(url('/__mock/reset'), {
        method: 'POST',
        headers: { ...JSON_TYPE, ...headers },
      })
      expect(reset.status).toBe(200)
    }
    const navigation = await call(url('/__mock/state'), {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    })
    expect(navigation.status).toBe(200)
  })

  it('keeps CORS on the API for frontends', async () => {
    const origin = 'http://localhost:5173'
    const response = await call(url('/v1/pets?limit=1'), { headers: { ...KEY, origin } })
    expect(response.status).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(origin)
  })
})

describe('keys in /__mock/state', () => {
  const secret = 'sk_live_9f8e7d6c5b4a3210'
  const mock = withMockServer({ keys: { [secret]: 'pro' } })

  it('shows every key by a prefix only, in the key list and among rate-limited clients', async () => {
    await call(`${mock.current.url}/v1/pets`, { headers: { authorization: `Bearer ${secret}` } })
    await call(`${mock.current.url}/v1/pets`, { headers: { authorization: 'Bearer sk_test_free' } })
    const state = await call(`${mock.current.url}/__mock/state`)
    const text = JSON.stringify(state.body)
    expect(text).not.toContain(secret)
    expect(text).not.toContain('sk_test_free')
    expect(text).toContain('sk_live_9f...')
    expect(text).toContain('"key:sk_test_fr..."')
    const reset = await call(`${mock.current.url}/__mock/reset`, {
      method: 'POST',
      headers: JSON_TYPE,
    })
    expect(JSON.stringify(reset.body)).not.toContain(secret)
  })
})

describe('duplicate Authorization headers', () => {
  const mock = withMockServer({ adminToken: 'admin-token-for-tests' })

  it('answers 401 saying why, on the API and the control API', async () => {
    const response = await call(`${mock.current.url}/v1/pets`, {
      headers: ['authorization', 'Bearer sk_test_free', 'authorization', 'Bearer sk_test_pro'],
    } as never)
    const body = expectError(response, 401, 'unauthorized')
    expect(body.message).toContain('more than one Authorization header')
    expect(response.headers['www-authenticate']).toBe('Bearer realm="petstore"')
    const admin = await call(`${mock.current.url}/__mock/state`, {
      headers: [
        'authorization',
        'Bearer admin-token-for-tests',
        'authorization',
        'Bearer admin-token-for-tests',
      ],
    } as never)
    expect(expectError(admin, 401, 'unauthorized').message).toContain(
      'more than one Authorization header',
    )
  })

  it('answers 401 to a comma inside one header (how Fetch joins duplicates)', async () => {
    const response = await call(`${mock.current.url}/v1/pets`, {
      headers: { authorization: 'Bearer sk_test_free, Bearer sk_test_pro' },
    })
    expect(expectError(response, 401, 'unauthorized').message).toContain('more than one')
  })
})

describe('admin token', () => {
  const token = 'admin-token-for-tests'
  const mock = withMockServer({ adminToken: token })
  const url = (path: string) => `${mock.current.url}${path}`

  it('answers 401 without the token, with a wrong one or another scheme; the API is unaffected', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-guess' },
      { authorization: `Basic ${token}` },
      { authorization: 'Bearer sk_test_enterprise' },
    ]) {
      const state = await call(url('/__mock/state'), { headers })
      expectError(state, 401, 'unauthorized')
      expect(state.headers['www-authenticate']).toBe('Bearer realm="petstore-admin"')
      const reset = await call(url('/__mock/reset'), {
        method: 'POST',
        headers: { ...JSON_TYPE, ...headers },
      })
      expectError(reset, 401, 'unauthorized')
    }
    expect((await call(url('/v1/pets?limit=1'), { headers: KEY })).status).toBe(200)
  })

  it('serves the control API with the token', async () => {
    const headers = { authorization: `Bearer ${token}` }
    expect((await call(url('/__mock/state'), { headers })).status).toBe(200)
    const scenario = await call(url('/__mock/scenarios'), {
      method: 'POST',
      headers: { ...headers, ...JSON_TYPE },
      body: '{"status":503}',
    })
    expect(scenario.status).toBe(201)
  })

  it('serves the dashboard page and script without the token, nothing else of the control API', async () => {
    // Static files, not JSON: read with fetch rather than the JSON helper.
    const page = await fetch(url('/__mock/'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect((await page.text()).length).toBeGreaterThan(0)
    const script = await fetch(url('/__mock/dashboard.js'))
    expect([script.status, (await script.text()).length > 0]).toEqual([200, true])
    const redirect = await fetch(url('/__mock'), { redirect: 'manual' })
    expect(redirect.status).toBe(308)
    // Only GET and HEAD of the static files are open, and only those paths.
    expectError(await call(url('/__mock/requests')), 401, 'unauthorized')
    expectError(await call(url('/__mock/events')), 401, 'unauthorized')
    const post = await call(url('/__mock/'), { method: 'POST', headers: JSON_TYPE, body: '{}' })
    expectError(post, 401, 'unauthorized')
  })
})

describe('createServerGuards', () => {
  it('needs no token on loopback, generates one beyond it, keeps a given one', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(createServerGuards({ host }).adminToken).toBeUndefined()
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'box.lan']) {
      const guards = createServerGuards({ host })
      expect(guards.adminToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    }
    expect(createServerGuards({ host: '0.0.0.0' }).adminToken).not.toBe(
      createServerGuards({ host: '0.0.0.0' }).adminToken,
    )
    expect(createServerGuards({ host: '0.0.0.0', adminToken: 'given-token' }).adminToken).toBe(
      'given-token',
    )
  })

  it('refuses a bad allow-list entry or admin token at start', () => {
    expect(() => createServerGuards({ host: '127.0.0.1', allowedHosts: ['a b'] })).toThrow(
      /--allowed-host.*"a b" is not a host name/,
    )
    expect(() => createServerGuards({ host: '127.0.0.1', allowedHosts: ['box.lan:80'] })).toThrow(
      /without a port/,
    )
    expect(() => createServerGuards({ host: '127.0.0.1', adminToken: 'short' })).toThrow(
      /at least 8 characters/,
    )
  })
})
