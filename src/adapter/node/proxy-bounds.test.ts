import net from 'node:net'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../base/options/defaults.ts'
import { longestAnswerMs } from '../../core/proxy/proxy-limits.ts'
import { MAX_DELAY_MS } from '../../core/simulation/simulated-statuses.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { startRawServer } from '../../test-utils/raw-server.ts'
import { ANSWER_GRACE_MS, createServer, socketTimeoutMs } from './create-server.ts'
import { type RunningServer, startServer } from './start-server.ts'

/**
 * The server's own bounds against the proxy's: a caller always gets the
 * documented answer (the upstream's 504, a long `Prefer: delay`) rather than
 * a connection closed under it, and the answers held for callers that do not
 * read them are bounded as a whole.
 */

const KEY = { authorization: 'Bearer sk_test_free' }
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

describe('the server waits for the longest answer', () => {
  it('keeps a connection open longer than the longest delay plus every upstream bound', () => {
    const { server } = createServer()
    expect(longestAnswerMs()).toBe(
      MAX_DELAY_MS +
        PROXY_LIMITS.connectTimeoutMs +
        PROXY_LIMITS.headersTimeoutMs +
        PROXY_LIMITS.bodyTimeoutMs,
    )
    expect(server.timeout).toBe(socketTimeoutMs(DEFAULTS.requestTimeoutMs))
    expect(server.timeout).toBe(longestAnswerMs() + ANSWER_GRACE_MS)
    // Node's own timeouts end once the request is in: they stay the client's.
    expect(server.requestTimeout).toBe(DEFAULTS.requestTimeoutMs)
  })

  it('derives the wait from the bounds it is given', () => {
    const limits = { ...PROXY_LIMITS, headersTimeoutMs: 90_000 }
    const { server } = createServer({ proxy: 'http://127.0.0.1:1/v1', proxyLimits: limits })
    expect(server.timeout).toBe(longestAnswerMs(limits) + ANSWER_GRACE_MS)
    expect(server.timeout).toBeGreaterThan(socketTimeoutMs(DEFAULTS.requestTimeoutMs))
  })

  it('answers a Prefer: delay longer than the request timeout', async () => {
    const mock = await startServer({ port: 0, requestTimeoutMs: 300, headersTimeoutMs: 300 })
    closers.push(() => mock.close())
    const response = await request(`${mock.url}/v1/pets?limit=1`, {
      headers: { ...KEY, prefer: 'delay=900' },
    })
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toHaveLength(1)
  })

  it("gives the upstream's 504 rather than closing the caller's connection first", async () => {
    // An upstream that reads the request and never answers.
    const upstream = await startRawServer(() => {}, 'socket')
    closers.push(upstream.close)
    const mock = await startServer({
      port: 0,
      requestTimeoutMs: 300,
      headersTimeoutMs: 300,
      proxy: `${upstream.url}/v1`,
      proxyLimits: { connectTimeoutMs: 300, headersTimeoutMs: 900, bodyTimeoutMs: 900 },
    })
    closers.push(() => mock.close())
    const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(response.statusCode).toBe(504)
    expect(await response.body.json()).toMatchObject({ code: 'upstream_timeout', status: 504 })
  })

  it('refuses proxy bounds that are not whole numbers of at least 1', () => {
    expect(() => createServer({ proxyLimits: { maxHeldBytes: 0 } })).toThrow(
      /proxyLimits\.maxHeldBytes/,
    )
    expect(() => createServer({ proxyLimits: { headersTimeoutMs: 1.5 } })).toThrow(
      /proxyLimits\.headersTimeoutMs/,
    )
  })
})

/** Sends a request on a socket that never reads what comes back. */
function neverReads(url: string): net.Socket {
  const { hostname, port } = new URL(url)
  const socket = net.connect(Number(port), hostname, () => {
    socket.pause()
    socket.write(
      `GET /v1/pets HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer sk_test_free\r\n\r\n`,
    )
  })
  socket.on('error', () => {})
  return socket
}

/**
 * A mock proxying to an upstream whose every answer is a JSON body of `size`
 * bytes, sending no request while one and a half such answers are held for
 * callers; `sent()` counts the requests the upstream got.
 */
async function proxyOfAnswers(size: number): Promise<{ mock: RunningServer; sent: () => number }> {
  const body = `[${' '.repeat(size - 2)}]`
  let sent = 0
  const upstream = await startRawServer(({ socket }) => {
    sent++
    socket.write(
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
    )
    socket.end(body)
  }, 'socket')
  closers.push(upstream.close)
  const mock = await startServer({
    port: 0,
    proxy: `${upstream.url}/v1`,
    proxyLimits: { maxHeldBytes: size + size / 2 },
  })
  closers.push(() => mock.close())
  return { mock, sent: () => sent }
}

describe('answers held for callers that do not read', () => {
  it('are bounded as a whole: past the bound a request is not sent but answered 503 with Retry-After, and room comes back when the callers go', async () => {
    // Larger than what the sockets' buffers take in: most of it waits in the mock.
    const { mock, sent } = await proxyOfAnswers(PROXY_LIMITS.maxResponseBytes - 1024)
    const stuck = [neverReads(mock.url)]
    await expect.poll(() => mock.petstore.requests().length).toBe(1)
    // Below the bound: sent, and its answer is held although it passes the bound
    // (the upstream acted on it; refusing it now would lose it).
    stuck.push(neverReads(mock.url))
    await expect.poll(() => mock.petstore.requests().length).toBe(2)
    expect(mock.petstore.requests().map((entry) => entry.status)).toEqual([200, 200])
    const refused = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe(String(PROXY_LIMITS.busyRetryAfterS))
    expect(await refused.body.json()).toMatchObject({ code: 'service_unavailable', status: 503 })
    expect(sent()).toBe(2)
    for (const socket of stuck) socket.destroy()
    await expect
      .poll(async () => {
        const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
        await response.body.dump()
        return response.statusCode
      })
      .toBe(200)
  })

  it('are let go of once each caller has its answer whole', async () => {
    const size = 3 * 1024 * 1024
    const { mock } = await proxyOfAnswers(size)
    // One connection, one answer after another: each is let go of before the next is read.
    for (let round = 0; round < 4; round++) {
      const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
      expect(response.statusCode).toBe(200)
      expect((await response.body.text()).length).toBe(size)
    }
  })

  it('are held for maxHoldMs at most: callers that keep reading slowly hold the others at 503 no longer', async () => {
    // Far larger than what the sockets' buffers take in (loopback's grow to a
    // few MiB): most of it waits in the mock.
    const size = 12 * 1024 * 1024
    const body = `[${' '.repeat(size - 2)}]`
    const upstream = await startRawServer(({ socket }) => {
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`,
      )
      socket.end(body)
    }, 'socket')
    closers.push(upstream.close)
    const maxHoldMs = 5_000
    const mock = await startServer({
      port: 0,
      proxy: `${upstream.url}/v1`,
      proxyLimits: { maxResponseBytes: 2 * size, maxHeldBytes: size / 2, maxHoldMs },
    })
    closers.push(() => mock.close())
    // A caller reads a little now and then, and never stops on its own; its
    // answer alone fills the bound.
    const readers = [slowReader(mock.url)]
    closers.push(async () => {
      for (const reader of readers) reader.socket.destroy()
    })
    await expect.poll(() => mock.petstore.requests().length).toBe(1)
    const busy = await request(`${mock.url}/v1/pets`, { headers: KEY })
    expect(busy.statusCode).toBe(503)
    await busy.body.dump()
    // Past maxHoldMs its answer is let go of and the others are served.
    await expect
      .poll(
        async () => {
          const response = await request(`${mock.url}/v1/pets`, { headers: KEY })
          await response.body.dump()
          return response.statusCode
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(200)
    // Its connection was closed under it: read to the end, its answer is cut short.
    for (const reader of readers) {
      expect(await reader.drain()).toBeLessThan(size)
    }
  })
})

/**
 * Sends a request and then reads 1 KiB of the answer every 20 ms; `drain()`
 * reads the rest at once and resolves with the bytes received when the
 * connection has closed.
 */
function slowReader(url: string): { socket: net.Socket; drain: () => Promise<number> } {
  const { hostname, port } = new URL(url)
  let received = 0
  const socket = net.connect(Number(port), hostname, () => {
    socket.write(
      `GET /v1/pets HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer sk_test_free\r\n\r\n`,
    )
  })
  socket.on('error', () => {})
  socket.pause()
  const timer = setInterval(() => {
    const chunk = socket.read(1024) as Buffer | null
    if (chunk !== null) received += chunk.length
  }, 20)
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  const drain = async () => {
    clearInterval(timer)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    socket.resume()
    await closed
    return received
  }
  return { socket, drain }
}
