import { describe, expect, it } from 'vitest'
import { createScenarioQueue, MAX_SCENARIOS, type ScenarioRequest } from './scenario-queue.ts'

function req(
  method: string,
  path: string,
  init: { query?: string; headers?: Record<string, string>; body?: string } = {},
): ScenarioRequest {
  return {
    method,
    path,
    query: new URLSearchParams(init.query),
    headers: new Headers(init.headers),
    body: init.body ?? null,
  }
}

function messageOf(attempt: () => unknown): string {
  try {
    attempt()
  } catch (error) {
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' })
    return (error as Error).message
  }
  throw new Error('expected a 400')
}

describe('createScenarioQueue', () => {
  it('forces the next matching responses, times over, first queued first', () => {
    const queue = createScenarioQueue()
    const first = queue.add({ status: 503, times: 2, method: 'get', path: '/v1/pets' })
    expect(first).toEqual({ id: 1, status: 503, method: 'GET', path: '/v1/pets', remaining: 2 })
    queue.add({ status: 500 })
    expect(queue.take(req('POST', '/v1/pets'))?.status).toBe(500)
    expect(queue.take(req('GET', '/v1/pets'))).toMatchObject({ id: 1, remaining: 1 })
    expect(queue.take(req('HEAD', '/v1/pets'))).toMatchObject({ id: 1, remaining: 0 })
    expect(queue.list()).toEqual([])
    expect(queue.take(req('GET', '/v1/pets'))).toBeUndefined()
  })

  it('matches a route template as well as a path', () => {
    const queue = createScenarioQueue()
    queue.add({ status: 404, path: '/v1/pets/{petId}', times: 2 })
    expect(queue.take(req('GET', '/v1/pets/7'))).toBeUndefined()
    expect(queue.take(req('GET', '/v1/pets/7'), '/v1/pets/{petId}')?.status).toBe(404)
    queue.add({ delay: 10, path: '/v1/pets/8' })
    queue.clear()
    expect(queue.list()).toEqual([])
  })

  it('names the bad field of a bad scenario', () => {
    const queue = createScenarioQueue()
    expect(messageOf(() => queue.add({ status: 418 }))).toBe(
      'Field "status" must be one of 400, 401, 404, 429, 500, 503.',
    )
    expect(messageOf(() => queue.add({ status: '429' }))).toBe(
      'Field "status" must be one of 400, 401, 404, 429, 500, 503.',
    )
    expect(messageOf(() => queue.add({ times: 3 }))).toBe(
      'Field "status" is required unless "delay" is given.',
    )
    expect(messageOf(() => queue.add({ status: 500, times: 0 }))).toBe(
      'Field "times" must be a whole number from 1 to 10000.',
    )
    expect(messageOf(() => queue.add({ delay: 60_001 }))).toBe(
      'Field "delay" must be a whole number of milliseconds from 0 to 60000.',
    )
    expect(messageOf(() => queue.add({ status: 500, method: 'G T' }))).toBe(
      'Field "method" must be an HTTP method such as "GET".',
    )
    expect(messageOf(() => queue.add({ status: 500, path: 'v1/pets' }))).toBe(
      'Field "path" must be a path such as "/v1/pets" or "/v1/pets/{petId}", without a query.',
    )
    expect(messageOf(() => queue.add({ status: 500, path: '/v1/pets?limit=1' }))).toMatch(
      /^Field "path"/,
    )
    expect(messageOf(() => queue.add({ status: 500, code: 'x' }))).toBe(
      'Field "code" is not part of a scenario; use status, delay, times, method, path, match.',
    )
    expect(messageOf(() => queue.add([429]))).toBe(
      'The scenario must be a JSON object such as { "status": 429, "times": 3 }.',
    )
    expect(queue.list()).toEqual([])
  })

  it('refuses a method and path that no route answers, naming them', () => {
    const queue = createScenarioQueue()
    expect(messageOf(() => queue.add({ status: 500, path: '/pets' }))).toMatch(
      /^The scenario path "\/pets" matches no route; routes are GET \/v1\/pets, POST \/v1\/pets, /,
    )
    expect(messageOf(() => queue.add({ status: 500, method: 'POST', path: '/v1/pets/7' }))).toMatch(
      /^The scenario method POST is not answered at "\/v1\/pets\/7"; routes are /,
    )
    expect(messageOf(() => queue.add({ status: 500, method: 'DELETE' }))).toMatch(
      /^The scenario method DELETE is not answered at any route/,
    )
    expect(queue.add({ status: 500, method: 'HEAD', path: '/v1/pets/{petId}' })).toMatchObject({
      method: 'HEAD',
    })
    expect(queue.add({ status: 500, path: '/v1/store/orders' })).toMatchObject({ id: 2 })
  })

  it('reads a body as the operations do: one they refuse matches no body fields', () => {
    const queue = createScenarioQueue()
    queue.add({ status: 400, times: 10, match: { body: { name: 'Error' } } })
    const json = '{"name":"Error"}'
    const bytes = (text: string) => new TextEncoder().encode(text)
    const refused: Array<Pick<ScenarioRequest, 'headers' | 'body'>> = [
      { headers: new Headers({ 'content-type': 'text/plain' }), body: json },
      { headers: new Headers(), body: new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(json)]) },
      {
        headers: new Headers(),
        body: new Uint8Array([...bytes('{"name":"Error","x":"'), 0xff, 0x22, 0x7d]),
      },
    ]
    for (const request of refused) {
      expect(queue.take({ ...req('POST', '/v1/pets'), ...request })).toBeUndefined()
    }
    const accepted = {
      headers: new Headers({ 'content-type': 'application/json' }),
      body: bytes(json),
    }
    expect(queue.take({ ...req('POST', '/v1/pets'), ...accepted })?.status).toBe(400)
  })

  it('matches on exact query, header and top-level body values', () => {
    const queue = createScenarioQueue()
    queue.add({ status: 400, times: 10, match: { body: { name: 'Error', tags: ['a', 1] } } })
    queue.add({
      status: 503,
      times: 10,
      match: { query: { limit: 3 }, headers: { 'X-Test': 'on' } },
    })
    expect(queue.take(req('POST', '/v1/pets', { body: '{"name":"Rex"}' }))).toBeUndefined()
    expect(queue.take(req('POST', '/v1/pets', { body: '{"name":"Error"}' }))).toBeUndefined()
    expect(queue.take(req('POST', '/v1/pets', { body: 'not json' }))).toBeUndefined()
    expect(
      queue.take(req('POST', '/v1/pets', { body: '{"tags":["a",1],"name":"Error","x":1}' }))
        ?.status,
    ).toBe(400)
    expect(queue.take(req('GET', '/v1/pets', { query: 'limit=3' }))).toBeUndefined()
    expect(queue.take(req('GET', '/v1/pets', { headers: { 'x-test': 'on' } }))).toBeUndefined()
    expect(
      queue.take(req('GET', '/v1/pets', { query: 'limit=3', headers: { 'x-test': 'on' } }))?.status,
    ).toBe(503)
  })

  it('names the bad part of a match', () => {
    const queue = createScenarioQueue()
    expect(messageOf(() => queue.add({ status: 400, match: { cookies: {} } }))).toBe(
      'Field "match.cookies" is not part of a scenario\'s match; use query, headers, body.',
    )
    expect(messageOf(() => queue.add({ status: 400, match: { query: { a: {} } } }))).toMatch(
      /^Field "match\.query\.a" must map names to a string, number or boolean/,
    )
    expect(messageOf(() => queue.add({ status: 400, match: { body: [] } }))).toMatch(
      /^Field "match\.body" must be an object/,
    )
    expect(queue.list()).toEqual([])
  })

  it('holds at most MAX_SCENARIOS', () => {
    const queue = createScenarioQueue()
    for (let i = 0; i < MAX_SCENARIOS; i++) queue.add({ status: 500 })
    expect(messageOf(() => queue.add({ status: 500 }))).toMatch(/^At most 100 scenarios/)
  })

  it('matches fields named __proto__, constructor or toString like any other', () => {
    const queue = createScenarioQueue()
    const request = (query: string, body: string | null = null) => ({
      method: 'GET',
      path: '/v1/pets',
      query: new URLSearchParams(query),
      headers: new Headers(),
      body,
    })
    queue.add(JSON.parse('{"status":400,"match":{"query":{"__proto__":"x"}}}'))
    queue.add(JSON.parse('{"status":404,"match":{"body":{"__proto__":{"a":1},"toString":1}}}'))
    queue.add({ status: 429, match: { query: { constructor: 'y' } } })
    expect(queue.list().map((scenario) => Object.keys(scenario.match?.query ?? {}))).toEqual([
      ['__proto__'],
      [],
      ['constructor'],
    ])
    expect(queue.take(request(''))).toBeUndefined()
    expect(queue.take(request('constructor=y'))?.status).toBe(429)
    expect(queue.take(request('', '{"toString":1}'))).toBeUndefined()
    expect(queue.take(request('', '{"__proto__":{"a":1},"toString":1}'))?.status).toBe(404)
    expect(queue.take(request('__proto__=x'))?.status).toBe(400)
  })
})
