import { fetch as undiciFetch } from 'undici'
import { beforeEach, describe, expect, it } from 'vitest'
import { createPetstore } from '../../adapter/msw/create-petstore.ts'
import { createFakeClock } from '../../base/clock/create-fake-clock.ts'
import { connectPetstore } from '../../client/connect-petstore.ts'
import { coverageCells } from '../../core/coverage/coverage-model.ts'
import type { CoverageReport } from '../../core/coverage/create-coverage.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { AUTH, expectError, useTransports } from '../../test-utils/use-transports.ts'

const JSON_HEADERS = { ...AUTH, 'content-type': 'application/json' }
// The slow state is forced through the clock's sleep: no test waits.
const clock = { ...createFakeClock(), sleep: async () => {} }

/** The ids of the met cells, and how often each was met. */
function metOf(report: CoverageReport): Record<string, number> {
  return Object.fromEntries(report.cells.filter((cell) => cell.met > 0).map((c) => [c.id, c.met]))
}

/** A request that a cell's operation answers with its success when nothing is forced. */
const PLAIN_REQUEST: Record<string, { method: string; path: string; body?: string }> = {
  listPets: { method: 'GET', path: '/v1/pets' },
  listOrders: { method: 'GET', path: '/v1/store/orders' },
  getPet: { method: 'GET', path: '/v1/pets/1' },
  createPet: { method: 'POST', path: '/v1/pets', body: '{"name":"Rex","categoryId":1}' },
}

describe.each(useTransports({ seed: 3, clock }))('traffic coverage ($name)', (transport) => {
  const send = transport.send.bind(transport)
  const coverage = async (query = '') => {
    const response = await send('GET', `/__mock/coverage${query}`)
    expect(response.status, response.text).toBe(200)
    return response.json<CoverageReport>()
  }

  beforeEach(async () => {
    await send('POST', '/__mock/reset', { headers: JSON_HEADERS })
  })

  it('counts each answer in the cell of its state, whoever forced it, and what matched no operation', async () => {
    const post = (body: string, headers: Record<string, string> = JSON_HEADERS) =>
      send('POST', '/v1/pets', { headers, body })
    await send('GET', '/v1/pets?limit=100', { headers: AUTH })
    await send('GET', '/v1/pets?limit=100&status=sold', { headers: AUTH })
    await send('GET', '/v1/pets?limit=0', { headers: AUTH })
    await send('GET', '/v1/pets?status=lost', { headers: AUTH })
    await send('GET', '/v1/pets/abc', { headers: AUTH })
    await send('GET', '/v1/pets/99999', { headers: AUTH })
    await send('GET', '/v1/pets/1', { headers: AUTH })
    await post('{}')
    await post('{"name":"Rex"}')
    await post('{"name":"Rex","categoryId":1,"status":"lost"}')
    await post('{"name":"Rex","categoryId":99999}')
    await post('[1]')
    await post('{"name":"Rex","categoryId":1}', { ...AUTH, 'content-type': 'text/plain' })
    await post('{"name":"Rex","categoryId":1}')
    await send('GET', '/v1/store/orders', { headers: { authorization: 'Bearer nope' } })
    await send('GET', '/v1/store/orders')
    await send('GET', '/v1/pets', { headers: { ...AUTH, prefer: 'code=500' } })
    await send('GET', '/v1/pets?__code=503', { headers: AUTH })
    await send('POST', '/__mock/scenarios', {
      headers: JSON_HEADERS,
      body: '{"status":429,"path":"/v1/pets/{petId}"}',
    })
    await send('GET', '/v1/pets/2', { headers: AUTH })
    await send('GET', '/v1/elsewhere', { headers: AUTH })
    await send('GET', '/openapi.json')

    const report = await coverage()
    expect(report.version).toBe(1)
    expect(report.session).toBeNull()
    expect(metOf(report)).toEqual({
      'listPets:200:page-full': 1,
      'listPets:200:last-page': 1,
      'listPets:200:status-sold': 1,
      'listPets:400:bad-limit': 1,
      'listPets:400:bad-status-filter': 1,
      'getPet:400:non-integer-id': 1,
      'getPet:404:not-found': 1,
      'getPet:200:found': 1,
      'getPet:200:deprecated': 1,
      'createPet:400:invalid-name': 1,
      'createPet:400:invalid-category-id': 1,
      'createPet:400:invalid-status': 1,
      'createPet:400:unknown-category': 1,
      'createPet:400:invalid-json': 1,
      'createPet:415:wrong-media-type': 1,
      'createPet:201:created': 1,
      'listOrders:401:key-unknown': 1,
      'listOrders:401:key-missing': 1,
      'listPets:500:server-error': 1,
      'listPets:503:unavailable': 1,
      'getPet:429:rate-limited': 1,
    })
    expect(report.outside).toBe(1)
    expect(report.undocumented).toBe(0)
    // Each met cell names the journal entry of the last request that met it.
    const journal = transport.petstore.requests()
    const notFound = report.cells.find((cell) => cell.id === 'getPet:404:not-found')
    expect(journal.find((entry) => entry.id === notFound?.lastRequestId)?.path).toBe(
      '/v1/pets/99999',
    )
    expect(report.cells.find((cell) => cell.met === 0)?.lastRequestId).toBeNull()
    // The in-process object is the same report.
    expect(transport.petstore.coverage()).toEqual(report)
  })

  it('keeps coverage per session label, and clears it on reset', async () => {
    const session = (label: string) => ({ ...AUTH, 'x-petstore-session': label })
    await send('GET', '/v1/pets/99999', { headers: session('checkout') })
    await send('GET', '/v1/pets/abc', { headers: session('__proto__') })
    await send('GET', '/v1/pets?limit=5', { headers: AUTH })
    expect(metOf(await coverage('?session=checkout'))).toEqual({ 'getPet:404:not-found': 1 })
    expect(metOf(await coverage('?session=__proto__'))).toEqual({ 'getPet:400:non-integer-id': 1 })
    expect(metOf(await coverage('?session=nobody'))).toEqual({})
    const all = await coverage()
    expect(Object.keys(metOf(all))).toHaveLength(3)
    expect(all.sessions).toEqual(['checkout', '__proto__'])
    expect(transport.petstore.coverage({ session: 'checkout' })).toEqual(
      await coverage('?session=checkout'),
    )
    expectError(await send('GET', '/__mock/coverage?session='), 400, 'invalid_request')
    expectError(await send('GET', '/__mock/coverage?session=a&session=b'), 400, 'invalid_request')

    await send('POST', '/__mock/reset', { headers: JSON_HEADERS })
    const cleared = await coverage()
    expect(metOf(cleared)).toEqual({})
    expect(cleared.sessions).toEqual([])
    expect(cleared.outside).toBe(0)
  })

  it('forces a rate-limited answer with its headers for the next request only, and counts it as met', async () => {
    const armed = await send('POST', '/__mock/coverage/force', {
      headers: JSON_HEADERS,
      body: '{"cell":"listPets:429:rate-limited"}',
    })
    expect(armed.status, armed.text).toBe(201)
    expect(armed.json()).toMatchObject({
      cell: 'listPets:429:rate-limited',
      method: 'GET',
      path: '/v1/pets',
      remaining: 1,
    })
    // Another operation's request does not use it up.
    expect((await send('GET', '/v1/pets/1', { headers: AUTH })).status).toBe(200)
    const limited = await send('GET', '/v1/pets', { headers: AUTH })
    expectError(limited, 429, 'rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('x-ratelimit-limit')).not.toBeNull()
    expect(limited.headers.get('x-ratelimit-reset')).not.toBeNull()
    expect((await send('GET', '/v1/pets', { headers: AUTH })).status).toBe(200)
    const met = metOf(await coverage())
    expect(met['listPets:429:rate-limited']).toBe(1)
    const [entry] = transport.petstore.requests({ status: 429 })
    expect(entry?.forced).toBe('scenario')
  })

  it('forces every cell that the request does not decide, each met by the next plain request', async () => {
    for (const cell of coverageCells()) {
      if (cell.force.kind === 'real') continue
      const armed = await send('POST', '/__mock/coverage/force', {
        headers: JSON_HEADERS,
        body: JSON.stringify({ cell: cell.id, times: 1 }),
      })
      expect(armed.status, armed.text).toBe(201)
      const plain = PLAIN_REQUEST[cell.operation]
      const headers = plain?.body === undefined ? AUTH : JSON_HEADERS
      const response = await send(plain?.method ?? '', plain?.path ?? '', {
        headers,
        body: plain?.body,
      })
      expect(response.status, `${cell.id}: ${response.text}`).toBe(cell.status)
      if (cell.force.kind === 'error') expectError(response, cell.status, cell.force.code)
      if (cell.force.kind === 'empty') expect(response.json()).toEqual([])
      if (cell.force.kind === 'filter') {
        const status = cell.force.status
        expect(
          response.json<Array<{ status: string }>>().every((item) => item.status === status),
        ).toBe(true)
      }
      const report = await coverage()
      expect(report.cells.find((row) => row.id === cell.id)?.met, cell.id).toBe(1)
    }
    expect((await send('GET', '/__mock/scenarios')).json()).toEqual([])
  })

  it('refuses a force of an unknown cell, a bad count or another field with an Error naming it', async () => {
    const force = (body: string) =>
      send('POST', '/__mock/coverage/force', { headers: JSON_HEADERS, body })
    const unknown = expectError(
      await force('{"cell":"listPets:418:teapot"}'),
      400,
      'invalid_request',
    )
    expect(unknown.message).toContain('listPets:418:teapot')
    expectError(await force('{"cell":"__proto__"}'), 400, 'invalid_request')
    expectError(await force('{"__proto__":{"cell":"listPets:200:empty"}}'), 400, 'invalid_request')
    expectError(await force('{"cell":"listPets:200:empty","times":0}'), 400, 'invalid_request')
    expectError(await force('{"cell":"listPets:200:empty","times":1.5}'), 400, 'invalid_request')
    expectError(await force('{"cell":"listPets:200:empty","then":2}'), 400, 'invalid_request')
    expectError(await force('[]'), 400, 'invalid_request')
    expect((await send('GET', '/__mock/scenarios')).json()).toEqual([])
  })
})

describe('coverage from code', () => {
  it('gives the same report and force in-process and through the remote client', async () => {
    const { startServer } = await import('../../adapter/node/start-server.ts')
    const server = await startServer({ port: 0, host: '127.0.0.1', seed: 3 })
    try {
      // undici's fetch: the msw server of this file intercepts the global one.
      const client = connectPetstore(server.url, { fetch: undiciFetch as unknown as typeof fetch })
      const scenario = await client.force('getPet:404:not-found', { times: 2 })
      expect(scenario).toMatchObject({ cell: 'getPet:404:not-found', remaining: 2 })
      await undiciFetch(`${server.url}/v1/pets/1`, { headers: AUTH })
      const report = await client.coverage()
      expect(report).toEqual(server.petstore.coverage())
      expect(metOf(report)).toEqual({ 'getPet:404:not-found': 1 })
      await expect(client.force('nope')).rejects.toThrow(/nope/)
      expect(await client.coverage({ session: 'x' })).toEqual(
        server.petstore.coverage({ session: 'x' }),
      )
    } finally {
      await server.close()
    }
  })

  it('counts nothing with the control API off, and says so', () => {
    const petstore = createPetstore({ admin: false })
    expect(() => petstore.coverage()).toThrow(ConfigError)
    expect(() => petstore.force('nope')).toThrow(/nope/)
  })
})

describe.each(useTransports({ seed: 3, coverage: false }))(
  'traffic coverage turned off, control API on ($name)',
  (transport) => {
    const send = transport.send.bind(transport)

    it('counts nothing, says so on the report and the Pact file, and still forces', async () => {
      await send('POST', '/__mock/reset', { headers: JSON_HEADERS })
      const report = expectError(await send('GET', '/__mock/coverage'), 404, 'route_not_found')
      expect(report.message).toMatch(/--no-coverage/)
      expectError(await send('GET', '/__mock/coverage.pact.json'), 404, 'route_not_found')
      const forced = await send('POST', '/__mock/coverage/force', {
        headers: JSON_HEADERS,
        body: JSON.stringify({ cell: 'getPet:404:not-found' }),
      })
      expect(forced.status, forced.text).toBe(201)
      expectError(await send('GET', '/v1/pets/1', { headers: AUTH }), 404, 'not_found')
      expect((await send('GET', '/__mock/state')).status).toBe(200)
    })
  },
)

it('counts nothing in process with coverage off, and says which option turns it on', () => {
  const petstore = createPetstore({ coverage: false })
  expect(() => petstore.coverage()).toThrow(/--no-coverage, option coverage: false/)
})
