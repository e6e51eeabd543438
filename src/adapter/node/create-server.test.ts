import net from 'node:net'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../base/options/defaults.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { ErrorBody } from '../../spec/error-body.ts'
import { createServer, TIMEOUT_CHECK_MS } from './create-server.ts'
import { type RunningServer, startServer } from './start-server.ts'

/** Opens a connection, lets `act` write to it, and resolves with all it got once the server closes it. */
function untilClosed(url: string, act: (socket: net.Socket) => void): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    let received = ''
    const socket = net.connect(Number(port), hostname, () => act(socket))
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(received))
  })
}

/** The status, `Connection` header and parsed Error body of a raw answer. */
function parseRaw(received: string) {
  const [head = '', body = ''] = received.split('\r\n\r\n')
  return {
    status: Number(head.split(' ')[1]),
    contentType: /^content-type: (.+)$/im.exec(head)?.[1],
    connection: /^connection: (.+)$/im.exec(head)?.[1],
    body: ErrorBody.parse(JSON.parse(body)),
  }
}

describe('createServer malformed HTTP', () => {
  let mock: RunningServer
  beforeAll(async () => {
    mock = await startServer({ port: 0 })
  })
  afterAll(() => mock.close())

  it('answers what the HTTP parser refuses with an Error body and Connection: close', async () => {
    const cases: Array<[string, number, string]> = [
      [
        'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
        400,
        'invalid_request',
      ],
      ['GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n', 400, 'invalid_request'],
      ['GET /v1/pets HTTP/1.1\r\n\r\n', 400, 'invalid_request'],
      [
        'POST /v1/pets HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
        400,
        'invalid_request',
      ],
      [
        `GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        'headers_too_large',
      ],
    ]
    for (const [raw, status, code] of cases) {
      const received = await untilClosed(mock.url, (socket) => socket.write(raw))
      expect(parseRaw(received), code).toEqual({
        status,
        contentType: 'application/json',
        connection: 'close',
        body: expect.objectContaining({ code, status }),
      })
    }
    const response = await request(`${mock.url}/v1/pets?limit=1`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(response.statusCode).toBe(200)
    await response.body.dump()
  })
})

describe('createServer timeouts', () => {
  let mock: RunningServer
  beforeAll(async () => {
    mock = await startServer({ port: 0, headersTimeoutMs: 150, requestTimeoutMs: 300 })
  })
  afterAll(() => mock.close())

  it('closes the connection of a client that stalls in its headers', async () => {
    const received = await untilClosed(mock.url, (socket) => {
      socket.write('GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n')
    })
    expect(parseRaw(received)).toMatchObject({
      status: 408,
      connection: 'close',
      body: { code: 'request_timeout', status: 408 },
    })
  })

  it('closes the connection of a client that dribbles its headers', async () => {
    let timer: NodeJS.Timeout | undefined
    const received = await untilClosed(mock.url, (socket) => {
      socket.write('GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n')
      let sent = 0
      // One header byte at a time, never finishing; bounded in case the server never cuts it off.
      timer = setInterval(() => {
        if (sent++ > 200 || socket.destroyed) clearInterval(timer)
        else socket.write('X')
      }, 20)
    })
    clearInterval(timer)
    expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true)
  })

  it('answers 408 with an Error body to a client that stalls in its body, then closes', async () => {
    const received = await untilClosed(mock.url, (socket) => {
      socket.write(
        'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_free\r\nContent-Length: 100\r\n\r\n{"na',
      )
    })
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(received).toMatch(/x-ratelimit-limit: \d+/i)
    const body = received.slice(received.indexOf('\r\n\r\n') + 4)
    expect(ErrorBody.parse(JSON.parse(body))).toMatchObject({
      code: 'request_timeout',
      status: 408,
    })
  })

  it('answers 408 to a chunked body that stops between chunks', async () => {
    const received = await untilClosed(mock.url, (socket) => {
      socket.write(
        'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_free\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"na\r\n',
      )
    })
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
    expect(received).toContain('"code":"request_timeout"')
  })

  it('keeps serving other clients meanwhile', async () => {
    const stalled = net.connect(mock.port, '127.0.0.1', () =>
      stalled.write('GET /v1/pets HTTP/1.1\r\n'),
    )
    stalled.on('error', () => {})
    const response = await request(`${mock.url}/v1/pets?limit=2`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toHaveLength(2)
    stalled.destroy()
  })
})

describe('createServer options', () => {
  it('sends a stalled client its 408 within TIMEOUT_CHECK_MS of the stated timeouts', () => {
    const { server } = createServer()
    expect(server.headersTimeout).toBe(DEFAULTS.headersTimeoutMs)
    expect(server.requestTimeout).toBe(DEFAULTS.requestTimeoutMs)
    // Node looks for timed-out connections only every `connectionsCheckingInterval` ms.
    const { connectionsCheckingInterval } = server as typeof server & {
      connectionsCheckingInterval: number
    }
    expect(connectionsCheckingInterval).toBeLessThanOrEqual(TIMEOUT_CHECK_MS)
    expect(TIMEOUT_CHECK_MS).toBeLessThanOrEqual(DEFAULTS.headersTimeoutMs / 10)
  })

  it.each([0, -1, 1.5, Number.NaN])('rejects a timeout of %s with a ConfigError', (value) => {
    expect(() => createServer({ headersTimeoutMs: value })).toThrow(ConfigError)
    expect(() => createServer({ requestTimeoutMs: value })).toThrow(/requestTimeoutMs/)
    expect(() => createServer({ bodyTimeoutMs: value })).toThrow(/bodyTimeoutMs/)
  })

  it('serves a petstore it is given', async () => {
    const first = await startServer({ port: 0, seed: 7 })
    const second = await startServer({ port: 0, petstore: first.petstore })
    try {
      const [a, b] = await Promise.all(
        [first, second].map(async (server) => {
          const response = await request(`${server.url}/v1/pets`, {
            headers: { authorization: 'Bearer sk_test_free' },
          })
          return response.body.text()
        }),
      )
      expect(b).toBe(a)
      expect(second.petstore).toBe(first.petstore)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})
