import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { openDataFile } from '../../core/data/open-data-file.ts'
import { ErrorBody } from '../../spec/error-body.ts'
import { createServer } from './create-server.ts'
import { createGracefulShutdown } from './graceful-shutdown.ts'
import { type RunningServer, startServer } from './start-server.ts'

const auth = { authorization: 'Bearer sk_test_enterprise' }

/** A drain limit the test reaches by hand: no timer runs. */
function manualDeadline() {
  let reach = () => {}
  const promise = new Promise<void>((resolve) => {
    reach = resolve
  })
  return { promise, reach }
}

/** Resolves once `condition` holds, checking on each turn of the event loop (bounded). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    if (condition()) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error(`never: ${what}`)
}

let running: RunningServer | undefined
afterEach(async () => {
  running?.server.closeAllConnections()
  await running?.close({ timeoutMs: 0 })
  running = undefined
})

/** Starts a server on port 0, closed after the test. */
async function start(options: Parameters<typeof createServer>[0] = {}) {
  running = await startServer({ port: 0, ...options })
  return { mock: running }
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish before closing, then refuses new connections', async () => {
    const { mock } = await start()
    const dispatcher = new Agent()
    const pending = request(`${mock.url}/v1/pets?limit=1`, {
      headers: { ...auth, prefer: 'delay=150' },
      dispatcher,
    })
    let answered = false
    void pending.then(() => {
      answered = true
    })
    await until(() => mock.petstore.state().rateLimit.clients.length > 0, 'request arrived')
    const limit = manualDeadline()
    const closed = mock.close({ deadline: limit.promise })
    const response = await pending
    expect(response.statusCode).toBe(200)
    expect(response.headers.connection).toBe('close')
    expect(await response.body.json()).toHaveLength(1)
    await closed
    expect(answered).toBe(true)
    expect(mock.server.listening).toBe(false)
    await expect(
      new Promise((resolve, reject) => {
        const socket = net.connect(mock.port, '127.0.0.1', () => resolve(socket.destroy()))
        socket.on('error', reject)
      }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    await dispatcher.close()
  })

  it('answers what still waits at the drain limit with 503 and Retry-After, not a reset', async () => {
    const { mock } = await start()
    const pending = request(`${mock.url}/v1/pets`, {
      headers: { ...auth, prefer: 'delay=60000' },
    })
    await until(() => mock.petstore.state().rateLimit.clients.length > 0, 'request arrived')
    const limit = manualDeadline()
    let closed = false
    const closing = mock.close({ deadline: limit.promise }).then(() => {
      closed = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(closed).toBe(false)
    limit.reach()
    const response = await pending
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('1')
    expect(response.headers.connection).toBe('close')
    expect(ErrorBody.parse(await response.body.json())).toMatchObject({
      code: 'service_unavailable',
      status: 503,
    })
    await closing
  })

  it('does not wait for the drain limit when nothing is in flight, even with idle keep-alive sockets', async () => {
    const { mock } = await start()
    const dispatcher = new Agent({ keepAliveTimeout: 60_000 })
    for (let i = 0; i < 3; i++) {
      const response = await request(`${mock.url}/v1/pets?limit=1`, { headers: auth, dispatcher })
      await response.body.dump()
    }
    const idle = net.connect(mock.port, '127.0.0.1')
    await new Promise((resolve) => idle.once('connect', resolve))
    // Neither limit is ever reached: closing must not depend on it.
    await mock.close({ deadline: new Promise(() => {}) })
    expect(mock.server.listening).toBe(false)
    idle.destroy()
    await dispatcher.close()
  })

  it('answers a busy pipelined connection once, with Connection: close; the request behind is not run', async () => {
    const { mock } = await start()
    const socket = net.connect(mock.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('error', () => {})
    socket.write(
      'GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_free\r\nPrefer: delay=60000\r\n\r\n',
    )
    await until(() => mock.petstore.state().rateLimit.clients.length > 0, 'request arrived')
    const limit = manualDeadline()
    const closing = mock.close({ deadline: limit.promise })
    socket.write(
      'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer sk_test_free\r\nContent-Type: application/json\r\nContent-Length: 31\r\n\r\n{"name":"Late","categoryId":1}\n',
    )
    limit.reach()
    await closing
    await until(() => socket.destroyed || socket.readableEnded, 'connection closed')
    const answers = received.split(/(?=HTTP\/1\.1 )/)
    expect(answers).toHaveLength(1)
    expect(answers[0]).toMatch(/^HTTP\/1\.1 503 /)
    expect(answers[0]).toMatch(/\r\nconnection: close\r\n/i)
    expect(mock.petstore.state().data.pets).toBe(100)
    socket.destroy()
  })

  it('answers a request that arrives while closing with 503 and Connection: close', async () => {
    const shutdown = createGracefulShutdown()
    const server = http.createServer(shutdown.wrap((_req, res) => res.end('served')))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      // Shut down some other server: this listener is now closing, its own server still listens.
      const other = { close() {}, closeIdleConnections() {}, closeAllConnections() {} }
      void shutdown.close(other as unknown as http.Server, { deadline: new Promise(() => {}) })
      expect(shutdown.closing).toBe(true)
      const { port } = server.address() as AddressInfo
      const response = await request(`http://127.0.0.1:${port}/v1/pets`)
      expect(response.statusCode).toBe(503)
      expect(response.headers.connection).toBe('close')
      expect(response.headers['retry-after']).toBe('1')
      expect(ErrorBody.parse(await response.body.json()).code).toBe('service_unavailable')
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it('closes the data file, with the writes it has under way, before it resolves', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'petstore-shutdown-'))
    try {
      const file = join(directory, 'pets.json')
      const dataFile = openDataFile(file)
      const steps: Array<string> = []
      const close = dataFile.close.bind(dataFile)
      dataFile.close = async () => {
        await close()
        steps.push('data file closed')
      }
      const { mock } = await start({ persistence: dataFile })
      const created = await request(`${mock.url}/v1/pets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Durable', categoryId: 1 }),
      })
      expect(created.statusCode).toBe(201)
      await created.body.dump()
      await mock.close({ timeoutMs: 0 }).then(() => steps.push('closed'))
      expect(steps).toEqual(['data file closed', 'closed'])
      const reopened = openDataFile(file).load({ maxRecords: 1_000 })
      expect(reopened?.pets.map((pet) => pet.name)).toContain('Durable')
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })

  it('ends an open event stream when closing begins, without waiting for the drain limit', async () => {
    const { mock } = await start()
    const events = await request(`${mock.url}/__mock/events`)
    expect(events.statusCode).toBe(200)
    const ended = events.body.text()
    await mock.close({ deadline: new Promise(() => {}) })
    await ended
    expect(mock.server.listening).toBe(false)
  })

  it('refuses a bad shutdownTimeoutMs at creation', () => {
    expect(() => createServer({ shutdownTimeoutMs: -1 })).toThrow(/shutdownTimeoutMs/)
    expect(() => createServer({ shutdownTimeoutMs: 1.5 })).toThrow(/shutdownTimeoutMs/)
  })
})
