import { fetch as undiciFetch } from 'undici'
import { beforeEach, describe, expect, it } from 'vitest'
import { startServer } from '../../adapter/node/start-server.ts'
import type { JournalEntry } from '../../core/journal/journal-entry.ts'
import { AUTH, expectError, useTransports } from '../../test-utils/use-transports.ts'

const JSON_HEADERS = { ...AUTH, 'content-type': 'application/json' }

describe.each(useTransports({ seed: 3 }))('the journal ($name)', (transport) => {
  beforeEach(async () => {
    await transport.send('POST', '/__mock/reset', { headers: JSON_HEADERS })
  })

  it('records each answered request with the fields the design names, not control requests', async () => {
    await transport.send('GET', '/v1/pets?limit=3&status=available', {
      headers: { ...AUTH, 'user-agent': 'journal-test' },
    })
    await transport.send('GET', '/v1/pets/99999', { headers: AUTH })
    await transport.send('POST', '/v1/pets', {
      headers: { ...JSON_HEADERS, prefer: 'code=503' },
      body: '{"name":"Rex","categoryId":1}',
    })
    await transport.send('GET', '/v1/pets?__code=429', { headers: AUTH })
    await transport.send('GET', '/v1/pets', { headers: { authorization: 'Bearer nope' } })
    await transport.send('GET', '/v1/elsewhere')
    await transport.send('GET', '/__mock/state')
    const response = await transport.send('GET', '/__mock/requests')
    expect(response.status).toBe(200)
    const entries = response.json<Array<JournalEntry>>()
    expect(entries.map((entry) => [entry.method, entry.path, entry.status, entry.code])).toEqual([
      ['GET', '/v1/pets', 200, null],
      ['GET', '/v1/pets/99999', 404, 'not_found'],
      ['POST', '/v1/pets', 503, 'service_unavailable'],
      ['GET', '/v1/pets', 429, 'rate_limited'],
      ['GET', '/v1/pets', 401, 'unauthorized'],
      ['GET', '/v1/elsewhere', 404, 'route_not_found'],
    ])
    const [list, get, post, query, anonymous, elsewhere] = entries
    expect(list).toMatchObject({
      query: { limit: '3', status: 'available' },
      route: '/v1/pets',
      headers: { authorization: 'Bearer sk_tes...', 'user-agent': 'journal-test' },
      body: null,
      bodyTruncated: false,
      forced: null,
      plan: 'enterprise',
    })
    expect(new Date(list?.time ?? '').toISOString()).toBe(list?.time)
    expect(list?.durationMs).toBeGreaterThanOrEqual(0)
    expect(get?.route).toBe('/v1/pets/{petId}')
    expect(post).toMatchObject({ body: '{"name":"Rex","categoryId":1}', forced: 'prefer' })
    expect(query).toMatchObject({ forced: 'query', query: { __code: '429' } })
    expect(anonymous).toMatchObject({ plan: null, forced: null })
    expect(elsewhere).toMatchObject({ route: null, plan: null })
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((entry) => entry.id)].sort((a, b) => a - b),
    )
  })

  it('filters by method, path or template, status, since and limit over HTTP', async () => {
    await transport.send('GET', '/v1/pets/1', { headers: AUTH })
    await transport.send('GET', '/v1/pets/2', { headers: AUTH })
    await transport.send('GET', '/v1/pets/99999', { headers: AUTH })
    await transport.send('POST', '/v1/pets', { headers: JSON_HEADERS, body: '{}' })
    const read = async (query: string) =>
      (await transport.send('GET', `/__mock/requests?${query}`))
        .json<Array<JournalEntry>>()
        .map((entry) => entry.path)
    expect(await read('path=/v1/pets/{petId}')).toEqual([
      '/v1/pets/1',
      '/v1/pets/2',
      '/v1/pets/99999',
    ])
    expect(await read('path=/v1/pets/2')).toEqual(['/v1/pets/2'])
    expect(await read('method=post')).toEqual(['/v1/pets'])
    expect(await read('status=404')).toEqual(['/v1/pets/99999'])
    expect(await read('status=4xx')).toEqual(['/v1/pets/99999', '/v1/pets'])
    expect(await read('limit=2')).toEqual(['/v1/pets/99999', '/v1/pets'])
    const [first] = transport.petstore.requests()
    expect(await read(`since=${first?.id}&limit=1`)).toEqual(['/v1/pets/2'])
    expectError(
      await transport.send('GET', '/__mock/requests?status=teapot'),
      400,
      'invalid_request',
    )
    expectError(await transport.send('GET', '/__mock/requests?order=desc'), 400, 'invalid_request')
  })

  it('clears with DELETE /__mock/requests, and with reset', async () => {
    await transport.send('GET', '/v1/pets', { headers: AUTH })
    expect(transport.petstore.requests()).toHaveLength(1)
    const cleared = await transport.send('DELETE', '/__mock/requests', { headers: JSON_HEADERS })
    expect(cleared.status).toBe(204)
    expect(transport.petstore.requests()).toEqual([])
    await transport.send('GET', '/v1/pets', { headers: AUTH })
    await transport.send('POST', '/__mock/reset', { headers: JSON_HEADERS })
    expect((await transport.send('GET', '/__mock/requests')).json()).toEqual([])
    const state = (await transport.send('GET', '/__mock/state')).json<{ journal: unknown }>()
    expect(state.journal).toMatchObject({ size: 0, capacity: 1000, evicted: 0 })
    expectError(await transport.send('PUT', '/__mock/requests'), 405, 'method_not_allowed')
  })

  it('in-process: requests(filter) and waitForRequest(filter)', async () => {
    const waiting = transport.petstore.waitForRequest(
      { path: '/v1/pets/{petId}' },
      { timeout: 5_000 },
    )
    await transport.send('GET', '/v1/pets', { headers: AUTH })
    await transport.send('GET', '/v1/pets/3', { headers: AUTH })
    expect(await waiting).toMatchObject({ path: '/v1/pets/3', status: 200 })
    expect(transport.petstore.requests({ method: 'GET', limit: 1 })).toMatchObject([
      { path: '/v1/pets/3' },
    ])
    expect(() => transport.petstore.requests({ limit: 0 })).toThrow(
      expect.objectContaining({ code: 'ERR_PETSTORE_INVALID_FILTER' }),
    )
  })

  it('streams one `request` event per entry at /__mock/events, resuming after Last-Event-ID', async () => {
    await transport.send('GET', '/v1/pets/1', { headers: AUTH })
    const [first] = transport.petstore.requests()
    const controller = new AbortController()
    const response = await transport.open('/__mock/events?status=200', {
      headers: { 'last-event-id': String((first?.id ?? 1) - 1) },
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    const events = readEvents(response)
    await transport.send('GET', '/v1/pets/99999', { headers: AUTH })
    await transport.send('GET', '/v1/pets/2', { headers: AUTH })
    const received = [await events.next(), await events.next()]
    controller.abort()
    expect(received.map((event) => [event.id, event.event, event.data.path])).toEqual([
      [String(first?.id), 'request', '/v1/pets/1'],
      [String((first?.id ?? 0) + 2), 'request', '/v1/pets/2'],
    ])
  })
})

describe('the event stream over a real server', () => {
  it('ends open streams when the server closes', async () => {
    const mock = await startServer({ port: 0, host: '127.0.0.1' })
    const response = await undiciFetch(`${mock.url}/__mock/events`)
    const reading = readEvents(response as unknown as Response).rest()
    await mock.close()
    await expect(reading).resolves.toContain('retry: 2000')
  })
})

interface SseEvent {
  id: string
  event: string
  data: JournalEntry
}

/** Reads the events of a Server-Sent Events response one at a time. */
function readEvents(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let all = ''
  return {
    async next(): Promise<SseEvent> {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields: Record<string, string> = {}
          for (const line of block.split('\n')) {
            const at = line.indexOf(': ')
            if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2)
          }
          if (fields.event === 'request') {
            return { id: fields.id ?? '', event: fields.event, data: JSON.parse(fields.data ?? '') }
          }
          continue
        }
        const { done, value } = await reader.read()
        if (done) throw new Error(`the stream ended: ${buffer}`)
        buffer += decoder.decode(value, { stream: true })
      }
    },
    async rest(): Promise<string> {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return all
        all += decoder.decode(value, { stream: true })
      }
    },
  }
}
