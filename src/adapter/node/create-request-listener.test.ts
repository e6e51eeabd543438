import net from 'node:net'
import { Agent, request } from 'undici'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../spec/error-body.ts'
import { MAX_BODY_BYTES } from '../../spec/limits.ts'
import { withMockServer } from '../../test-utils/with-mock-server.ts'

const KEY = 'sk_test_enterprise'

/**
 * Sends raw bytes on a fresh connection and resolves with the first complete
 * response head and body the server writes, without ever finishing the request.
 */
function sendRaw(
  url: string,
  write: (socket: net.Socket) => void,
): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => write(socket))
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      received += chunk
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return
      const head = received.slice(0, end)
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
      const body = received.slice(end + 4)
      if (Buffer.byteLength(body) < length) return
      socket.destroy()
      resolve({ status: Number(head.split(' ')[1]), head, body })
    })
    socket.on('error', reject)
    socket.on('close', () => reject(new Error(`closed before a response: ${received}`)))
  })
}

describe('createRequestListener', () => {
  const mock = withMockServer()

  const expectStillServing = async () => {
    const response = await request(`${mock.current.url}/v1/pets?limit=1`, {
      headers: { authorization: `Bearer ${KEY}` },
    })
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toHaveLength(1)
  }

  it('answers 413 to a declared body over 1 MiB without waiting for it', async () => {
    const response = await sendRaw(mock.current.url, (socket) => {
      socket.write(
        [
          'POST /v1/pets HTTP/1.1',
          'Host: localhost',
          `Authorization: Bearer ${KEY}`,
          'Content-Type: application/json',
          `Content-Length: ${MAX_BODY_BYTES + 1}`,
          '',
          '{"name":"',
        ].join('\r\n'),
      )
      // The rest of the body never comes.
    })
    expect(response.status).toBe(413)
    expect(response.head).toMatch(/x-ratelimit-limit: \d+/i)
    expect(ErrorBody.parse(JSON.parse(response.body))).toMatchObject({
      code: 'payload_too_large',
      status: 413,
    })
    await expectStillServing()
  })

  it('answers 413 to a client still sending a body over the limit, never a reset, and keeps the connection', async () => {
    // Closing at once would reset the connection under the client's writes
    // (EPIPE): the body is read and dropped after the answer instead.
    const dispatcher = new Agent({ connections: 1 })
    try {
      for (const size of [MAX_BODY_BYTES + 1, 8 * MAX_BODY_BYTES]) {
        for (let round = 0; round < 5; round++) {
          const response = await request(`${mock.current.url}/v1/pets`, {
            method: 'POST',
            dispatcher,
            headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
            body: Buffer.alloc(size, ' '),
          })
          expect(response.statusCode).toBe(413)
          expect(response.headers.connection).not.toBe('close')
          expect(await response.body.json()).toMatchObject({ code: 'payload_too_large' })
        }
      }
      const after = await request(`${mock.current.url}/v1/pets?limit=1`, {
        dispatcher,
        headers: { authorization: `Bearer ${KEY}` },
      })
      expect(after.statusCode).toBe(200)
      await after.body.dump()
    } finally {
      await dispatcher.close()
    }
  })

  it('answers 413 to a chunked body once it passes 1 MiB, without reading the rest', async () => {
    const response = await sendRaw(mock.current.url, (socket) => {
      socket.write(
        [
          'POST /v1/pets HTTP/1.1',
          'Host: localhost',
          `Authorization: Bearer ${KEY}`,
          'Content-Type: application/json',
          'Transfer-Encoding: chunked',
          '',
          '',
        ].join('\r\n'),
      )
      const chunk = 'x'.repeat(64 * 1024)
      for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) {
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
      }
      // No terminating chunk: the body never ends.
    })
    expect(response.status).toBe(413)
    expect(JSON.parse(response.body)).toMatchObject({ code: 'payload_too_large', status: 413 })
    await expectStillServing()
  })

  it('accepts a body of exactly 1 MiB and judges it on its content', async () => {
    const name = 'x'.repeat(MAX_BODY_BYTES - '{"name":"","categoryId":1}'.length)
    const body = JSON.stringify({ name, categoryId: 1 })
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES)
    const response = await request(`${mock.current.url}/v1/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body,
    })
    expect(response.statusCode).toBe(400)
    expect(await response.body.json()).toMatchObject({ code: 'invalid_request' })
  })

  it('reads a small chunked body', async () => {
    const response = await sendRaw(mock.current.url, (socket) => {
      const body = JSON.stringify({ name: 'Chunky', categoryId: 1 })
      socket.write(
        [
          'POST /v1/pets HTTP/1.1',
          'Host: localhost',
          `Authorization: Bearer ${KEY}`,
          'Transfer-Encoding: chunked',
          '',
          `${body.length.toString(16)}`,
          body,
          '0',
          '',
          '',
        ].join('\r\n'),
      )
    })
    expect(response.status).toBe(201)
    expect(JSON.parse(response.body)).toMatchObject({ name: 'Chunky', categoryId: 1 })
  })

  it('answers 413 to Expect: 100-continue over the limit without sending 100 Continue', async () => {
    const response = await sendRaw(mock.current.url, (socket) => {
      socket.write(
        [
          'POST /v1/pets HTTP/1.1',
          'Host: localhost',
          `Authorization: Bearer ${KEY}`,
          'Content-Type: application/json',
          'Expect: 100-continue',
          `Content-Length: ${50 * 1024 * 1024}`,
          '',
          '',
        ].join('\r\n'),
      )
      // The client waits for 100 Continue and sends nothing more.
    })
    expect(response.status).toBe(413)
    expect(response.head).not.toContain('100 Continue')
    expect(ErrorBody.parse(JSON.parse(response.body))).toMatchObject({
      code: 'payload_too_large',
      status: 413,
    })
    await expectStillServing()
  })

  it('sends 100 Continue to Expect: 100-continue within the limit, then reads the body', async () => {
    const { hostname, port } = new URL(mock.current.url)
    const body = JSON.stringify({ name: 'Patient', categoryId: 1 })
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          [
            'POST /v1/pets HTTP/1.1',
            'Host: localhost',
            `Authorization: Bearer ${KEY}`,
            'Content-Type: application/json',
            'Expect: 100-continue',
            `Content-Length: ${body.length}`,
            'Connection: close',
            '',
            '',
          ].join('\r\n'),
        )
      })
      let text = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk: string) => {
        if (text === '' && chunk.startsWith('HTTP/1.1 100')) socket.write(body)
        text += chunk
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(text))
    })
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue/)
    expect(received).toContain('HTTP/1.1 201 Created')
    expect(received).toContain('"name":"Patient"')
  })

  it('never runs the operation on a body the client abandoned mid-upload', async () => {
    const { hostname, port } = new URL(mock.current.url)
    const since = mock.current.petstore.requests().at(-1)?.id ?? 0
    const petsBefore = (await mock.current.petstore.state()).data.pets
    const journaled = mock.current.petstore.waitForRequest(
      { method: 'POST', since },
      { timeout: 5_000 },
    )
    const socket = net.connect(Number(port), hostname, () => {
      // A complete JSON object, but 20 bytes short of the declared length.
      const body = '{"name":"Truncated","categoryId":1}'
      socket.end(
        [
          'POST /v1/pets HTTP/1.1',
          'Host: localhost',
          `Authorization: Bearer ${KEY}`,
          'Content-Type: application/json',
          `Content-Length: ${body.length + 20}`,
          '',
          body,
        ].join('\r\n'),
      )
    })
    socket.on('error', () => {})
    const entry = await journaled
    socket.destroy()
    // 499: the client closed the connection; the create never ran.
    expect(entry).toMatchObject({ status: 499 })
    expect((await mock.current.petstore.state()).data.pets).toBe(petsBefore)
  })

  it('answers malformed paths and queries with an Error body, never a 500', async () => {
    for (const path of ['/v1/pets/%', '/v1/pets/%E0%A4%A', '//v1/pets', '/v1/pets?limit=%']) {
      const response = await request(`${mock.current.url}${path}`, {
        headers: { authorization: `Bearer ${KEY}` },
      })
      expect(response.statusCode, path).toBeLessThan(500)
      ErrorBody.parse(await response.body.json())
    }
  })
})
