import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fetch as undiciFetch } from 'undici'
import { beforeEach, describe, expect, it } from 'vitest'
import { withMockServer } from '../test-utils/with-mock-server.ts'
import { ControlApiError, connectPetstore } from './index.ts'

const KEY = { authorization: 'Bearer sk_test_free' }

describe('connectPetstore', () => {
  const mock = withMockServer({ seed: 2 })
  const client = () => connectPetstore(mock.current.url)
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${mock.current.url}${path}`, { ...init, headers: { ...KEY, ...init.headers } })

  beforeEach(async () => {
    await client().reset()
  })

  it('queues scenarios, reads state and the journal, clears both, and resets', async () => {
    const petstore = client()
    const scenario = await petstore.simulate({ status: 503, times: 2, path: '/v1/pets' })
    expect(scenario).toMatchObject({ id: expect.any(Number), status: 503, remaining: 2 })
    expect((await petstore.state()).scenarios).toHaveLength(1)
    expect((await api('/v1/pets')).status).toBe(503)
    await petstore.clearSimulations()
    expect((await api('/v1/pets?limit=2')).status).toBe(200)
    const entries = await petstore.requests({ path: '/v1/pets' })
    expect(entries.map((entry) => [entry.status, entry.forced])).toEqual([
      [503, 'scenario'],
      [200, null],
    ])
    expect(await petstore.requests({ status: 503 })).toHaveLength(1)
    await petstore.clearRequests()
    expect(await petstore.requests()).toEqual([])
    await api('/v1/pets')
    const state = await petstore.reset()
    expect(state.journal.size).toBe(0)
    expect(state.scenarios).toEqual([])
  })

  it('reads the violations summary and the journal as HAR, with the same filters', async () => {
    const petstore = client()
    expect(await petstore.violations()).toEqual({})
    expect((await api('/v1/pets?limit=1')).status).toBe(200)
    expect((await api('/v1/pets/1', { method: 'DELETE' })).status).toBe(405)
    const har = await petstore.toHar({ status: '4xx' })
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries.map((entry) => [entry.request.method, entry.response.status])).toEqual([
      ['DELETE', 405],
    ])
    expect(har.log.entries[0]?.request.url).toBe(`${mock.current.url}/v1/pets/1`)
  })

  it('waits for the next matching request, and gives up after its timeout', async () => {
    const petstore = client()
    await api('/v1/pets/1')
    const waiting = petstore.waitForRequest({ path: '/v1/pets/{petId}' }, { timeout: 10_000 })
    // Journaled before the wait began: not the one it waits for.
    await new Promise((done) => setTimeout(done, 20))
    await api('/v1/pets/2')
    expect(await waiting).toMatchObject({ path: '/v1/pets/2', route: '/v1/pets/{petId}' })
    await expect(petstore.waitForRequest({ status: 418 }, { timeout: 30 })).rejects.toMatchObject({
      name: 'PetstoreError',
      code: 'ERR_PETSTORE_WAIT_TIMEOUT',
    })
    const [first] = await petstore.requests()
    expect(await petstore.waitForRequest({ since: 0, path: '/v1/pets/1' })).toEqual(first)
  })

  it('bounds each call of a wait by the time left: a mock that stalls cannot hold it', async () => {
    // Answers the state, then never answers the journal poll.
    const stalled = createServer((req, res) => {
      if (req.url?.startsWith('/__mock/state')) {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ journal: { lastId: 0 } }))
      }
    })
    await new Promise<void>((done) => stalled.listen(0, '127.0.0.1', done))
    try {
      const { port } = stalled.address() as AddressInfo
      const petstore = connectPetstore(`http://127.0.0.1:${port}`)
      const started = Date.now()
      await expect(petstore.waitForRequest({}, { timeout: 100 })).rejects.toMatchObject({
        name: 'PetstoreError',
        code: 'ERR_PETSTORE_WAIT_TIMEOUT',
      })
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      stalled.closeAllConnections()
      await new Promise((done) => stalled.close(done))
    }
  })

  it('rejects a refused call with a ControlApiError carrying the status and the code', async () => {
    const attempt = client().simulate({ status: 429, path: '/pets' })
    await expect(attempt).rejects.toBeInstanceOf(ControlApiError)
    await expect(attempt).rejects.toMatchObject({
      code: 'ERR_PETSTORE_CONTROL_API',
      status: 400,
      apiCode: 'invalid_request',
      message: expect.stringMatching(
        /^\[petstore-mock\] Failed to queue the scenario: The scenario path "\/pets" matches no route/,
      ),
    })
    await expect(client().requests({ status: 'x' })).rejects.toMatchObject({ status: 400 })
  })

  it('sends JSON content types on state changes and the admin token as a bearer', async () => {
    const seen: Array<[string, string | null, string | null]> = []
    const petstore = connectPetstore(`${mock.current.url}/v1/`, {
      adminToken: 'secret-token',
      fetch: (input, init) => {
        const headers = new Headers(init?.headers)
        seen.push([
          `${init?.method} ${String(input)}`,
          headers.get('content-type'),
          headers.get('authorization'),
        ])
        return undiciFetch(input as string, init as never) as unknown as Promise<Response>
      },
    })
    await petstore.state()
    await petstore.clearSimulations()
    expect(seen).toEqual([
      [`GET ${mock.current.url}/__mock/state`, null, 'Bearer secret-token'],
      [`DELETE ${mock.current.url}/__mock/scenarios`, 'application/json', 'Bearer secret-token'],
    ])
  })

  it('says so when the mock does not answer, and refuses a bad base URL', async () => {
    await expect(connectPetstore('http://127.0.0.1:1').state()).rejects.toMatchObject({
      code: 'ERR_PETSTORE_UNREACHABLE',
    })
    for (const baseUrl of ['localhost:4010', 'ftp://127.0.0.1:4010', 'not a url']) {
      expect(() => connectPetstore(baseUrl), baseUrl).toThrow(
        expect.objectContaining({ name: 'ConfigError', code: 'ERR_PETSTORE_INVALID_OPTION' }),
      )
    }
  })

  it('runs anywhere fetch does: no module it loads imports node: or anything outside the project', async () => {
    const seen = new Set<string>()
    const visit = async (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const source = await readFile(file, 'utf8')
      // Type-only imports vanish from the build.
      const pattern = /^(?:import|export) (?!type )[\w\s{},*]*? from ['"]([^'"]+)['"]/gm
      for (const [, specifier] of source.matchAll(pattern)) {
        expect(specifier, file).toMatch(/^\.\.?\//)
        await visit(resolve(dirname(file), specifier ?? ''))
      }
    }
    await visit(join(import.meta.dirname, 'index.ts'))
    expect([...seen].map((file) => file.slice(join(import.meta.dirname, '..').length))).toEqual([
      '/client/index.ts',
      '/errors/petstore-error.ts',
      '/errors/format-message.ts',
      '/client/connect-petstore.ts',
      '/base/options/base-url.ts',
      '/errors/config-error.ts',
      '/spec/routes.ts',
      '/spec/default-pet-status.ts',
      '/base/options/defaults.ts',
      '/spec/limits.ts',
      '/spec/plans.ts',
      '/core/simulation/sleep.ts',
      '/errors/message-of.ts',
      '/spec/paths.ts',
      '/client/control-api-error.ts',
    ])
  })
})
