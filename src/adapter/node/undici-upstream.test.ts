import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { startRawServer } from '../../test-utils/raw-server.ts'
import { type RunningServer, startServer } from './start-server.ts'

/**
 * The Node upstream (`--proxy`) against upstreams written on raw sockets:
 * answers that carry no body (HEAD, 204, 304) whatever length they state,
 * and bodies over the bound, never end the process.
 */

const KEY = { authorization: 'Bearer sk_test_free' }
const OVER = PROXY_LIMITS.maxResponseBytes + 1
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function proxyTo(answer: (method: string) => string): Promise<RunningServer> {
  const upstream = await startRawServer(
    ({ method, socket }) => socket.end(answer(method)),
    'socket',
  )
  closers.push(upstream.close)
  const mock = await startServer({ port: 0, proxy: `${upstream.url}/v1` })
  closers.push(() => mock.close())
  return mock
}

async function stillServes(mock: RunningServer): Promise<void> {
  const response = await request(`${mock.url}/openapi.json`)
  expect(response.statusCode).toBe(200)
  await response.body.dump()
}

describe('an upstream answer without a body', () => {
  it.each([
    [
      'HEAD',
      `HTTP/1.1 200 OK\r\ncontent-length: ${OVER}\r\ncontent-type: application/json\r\n\r\n`,
      200,
    ],
    ['GET', `HTTP/1.1 204 No Content\r\ncontent-length: ${OVER}\r\n\r\n`, 204],
    ['GET', `HTTP/1.1 304 Not Modified\r\ncontent-length: ${OVER}\r\netag: "a"\r\n\r\n`, 304],
    ['HEAD', `HTTP/1.1 304 Not Modified\r\ncontent-length: ${OVER}\r\n\r\n`, 304],
  ])('%s answered %j is passed on, and the mock stays up', async (method, head, status) => {
    const mock = await proxyTo(() => head)
    const response = await request(`${mock.url}/v1/pets`, { method, headers: KEY })
    expect(response.statusCode).toBe(status)
    expect(Buffer.from(await response.body.arrayBuffer()).byteLength).toBe(0)
    if (status === 204) expect(response.headers['content-length']).toBeUndefined()
    await stillServes(mock)
  })

  it('a GET answered 200 with a length over the bound is 502 upstream_too_large, and the mock stays up', async () => {
    const mock = await proxyTo(() => `HTTP/1.1 200 OK\r\ncontent-length: ${OVER}\r\n\r\n[1,2,3]`)
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(response.statusCode).toBe(502)
    expect(await response.body.json()).toMatchObject({ code: 'upstream_too_large', status: 502 })
    await stillServes(mock)
  })
})

describe("an upstream's Content-Encoding named like a member of Object.prototype", () => {
  it.each(['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty'])(
    '%s is an unknown coding: the body is passed on as sent and journaled as cut short',
    async (coding) => {
      const body = '[]'
      const mock = await proxyTo(
        () =>
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: ${coding}\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      )
      const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
      expect(response.statusCode).toBe(200)
      expect(await response.body.text()).toBe(body)
      const journal = await request(`${mock.url}/__mock/requests?path=/v1/pets`)
      const [entry] = (await journal.body.json()) as Array<{
        response: { body: unknown; bodyTruncated: boolean }
      }>
      expect(entry?.response).toMatchObject({ body: null, bodyTruncated: true })
      await stillServes(mock)
    },
  )
})
