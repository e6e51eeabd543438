import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { connectPetstore } from '../../client/connect-petstore.ts'
import { errorBody, type RawServer, startRawServer } from '../../test-utils/raw-server.ts'
import type { CoverageReport } from '../coverage/create-coverage.ts'

const KEY = { authorization: 'Bearer sk_upstream_key' }
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/**
 * A real upstream on port 0 that gives the states a real server gives: a
 * list (empty, or a full page), a pet with its deprecation headers, a 404,
 * and a 429 with its rate-limit headers.
 */
async function upstream(): Promise<RawServer> {
  const rateLimit = {
    'x-ratelimit-limit': '60',
    'x-ratelimit-remaining': '59',
    'x-ratelimit-reset': '1767225600',
  }
  const server = await startRawServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream')
    const json = (status: number, body: string, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { 'content-type': 'application/json', ...rateLimit, ...headers })
        .end(body)
    if (url.pathname === '/v1/pets' && url.searchParams.get('limit') === '2') {
      return json(429, errorBody(429, 'rate_limited'), {
        'x-ratelimit-remaining': '0',
        'retry-after': '30',
      })
    }
    if (url.pathname === '/v1/pets' && url.searchParams.get('status') === 'sold')
      return json(200, '[]')
    if (url.pathname === '/v1/pets') {
      const pets = Array.from({ length: 20 }, (_, index) => ({
        id: index + 1,
        name: `Pet ${index + 1}`,
        categoryId: 1,
        status: 'available',
      }))
      return json(200, JSON.stringify(pets))
    }
    if (url.pathname === '/v1/pets/1') {
      return json(200, JSON.stringify({ id: 1, name: 'Rex', categoryId: 1, status: 'available' }), {
        deprecation: '@1767225600',
        sunset: 'Thu, 31 Dec 2026 23:59:59 GMT',
      })
    }
    return json(404, errorBody(404, 'not_found'))
  })
  closers.push(server.close)
  return server
}

async function proxyMock(target: string): Promise<RunningServer> {
  const mock = await startServer({ port: 0, proxy: `${target}/v1` })
  closers.push(() => mock.close())
  return mock
}

const met = (report: CoverageReport) =>
  report.cells.filter((cell) => cell.met > 0).map((cell) => cell.id)

describe('coverage in proxy mode', () => {
  it('counts the states the real upstream gave, as the mock counts its own', async () => {
    const real = await upstream()
    const mock = await proxyMock(real.url)
    const answers = []
    for (const path of [
      '/v1/pets',
      '/v1/pets?status=sold',
      '/v1/pets/1',
      '/v1/pets/77',
      '/v1/pets?limit=2',
    ]) {
      const response = await fetch(`${mock.url}${path}`, { headers: KEY })
      answers.push([path, response.status, response.headers.get('retry-after')])
      await response.arrayBuffer()
    }
    expect(answers).toEqual([
      ['/v1/pets', 200, null],
      ['/v1/pets?status=sold', 200, null],
      ['/v1/pets/1', 200, null],
      ['/v1/pets/77', 404, null],
      ['/v1/pets?limit=2', 429, '30'],
    ])
    expect(real.requests).toBe(5)
    const report = await connectPetstore(mock.url).coverage()
    expect(met(report)).toEqual([
      'listPets:200:empty',
      'listPets:200:page-full',
      'listPets:200:status-sold',
      'listPets:429:rate-limited',
      'getPet:200:found',
      'getPet:200:deprecated',
      'getPet:404:not-found',
    ])
    // A path of no operation, answered by the upstream: outside the spec.
    await (await fetch(`${mock.url}/v1/nowhere`, { headers: KEY })).arrayBuffer()
    expect((await connectPetstore(mock.url).coverage()).outside).toBe(1)
  })

  it('answers a forced cell from the mock, not the upstream, and counts it met', async () => {
    const real = await upstream()
    const mock = await proxyMock(real.url)
    const remote = connectPetstore(mock.url)
    await remote.force('getPet:503:unavailable')
    await remote.force('listPets:200:empty')
    const unavailable = await fetch(`${mock.url}/v1/pets/1`, { headers: KEY })
    expect(unavailable.status).toBe(503)
    expect(await unavailable.json()).toMatchObject({ code: 'service_unavailable', status: 503 })
    const empty = await fetch(`${mock.url}/v1/pets`, { headers: KEY })
    expect(await empty.json()).toEqual([])
    // Neither reached the upstream; the next request does again.
    expect(real.requests).toBe(0)
    const full = await fetch(`${mock.url}/v1/pets`, { headers: KEY })
    expect(await full.json()).toHaveLength(20)
    expect(real.requests).toBe(1)
    expect(met(await remote.coverage())).toEqual([
      'listPets:200:empty',
      'listPets:200:page-full',
      'getPet:503:unavailable',
    ])
  })
})
