import { beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from '../../base/clock/create-fake-clock.ts'
import { MAX_BODY_BYTES } from '../../spec/limits.ts'
import { type SendInit, type Transport, useTransports } from '../../test-utils/use-transports.ts'

const START = Date.UTC(2026, 0, 1, 9, 30, 0)
const clock = createFakeClock(START)
const free = { authorization: 'Bearer sk_test_free' }
const json = { 'content-type': 'application/json' }

/** Sends through one transport; GET unless told otherwise. */
const caller =
  (transport: Transport) =>
  (path: string, init: SendInit & { method?: string } = {}) =>
    transport.send(init.method ?? 'GET', path, init)

describe.each(useTransports({ clock }))('control API ($name)', (transport) => {
  const call = caller(transport)
  const admin = (path: string) => `/__mock/${path}`
  const api = (path: string) => `/v1/${path}`
  const postScenario = (scenario: unknown) =>
    call(admin('scenarios'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof scenario === 'string' ? scenario : JSON.stringify(scenario),
    })

  beforeEach(async () => {
    clock.set(START)
    await transport.petstore.reset()
  })

  it('queues scenarios that force the next matching responses, then run out', async () => {
    const created = await postScenario({ status: 429, times: 2, method: 'GET', path: '/v1/pets' })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(Number),
      status: 429,
      method: 'GET',
      path: '/v1/pets',
      remaining: 2,
    })
    expect((await call(api('store/orders'), { headers: free })).status).toBe(200)
    const forced = await call(api('pets'), { headers: free })
    expect(forced.status).toBe(429)
    expect(forced.body).toEqual({
      code: 'rate_limited',
      message: 'Rate limit exceeded (simulated).',
      status: 429,
    })
    expect(forced.headers.get('retry-after')).toBe('60')
    expect(forced.headers.get('x-ratelimit-remaining')).toBe('0')
    expect((await call(admin('scenarios'))).body).toMatchObject([{ remaining: 1 }])
    expect((await call(api('pets'), { headers: free })).status).toBe(429)
    expect((await call(api('pets'), { headers: free })).status).toBe(200)
    expect((await call(admin('scenarios'))).body).toEqual([])
  })

  it('matches route templates, adds delays, and is not used up by Prefer, __code or a 401', async () => {
    await postScenario({ status: 404, path: '/v1/pets/{petId}' })
    expect((await call(api('pets/1'))).status).toBe(401)
    expect((await call(api('pets/1'), { headers: { ...free, prefer: 'code=500' } })).status).toBe(
      500,
    )
    expect((await call(api('pets/1?__code=503'), { headers: free })).status).toBe(503)
    const forced = await call(api('pets/1'), { headers: free })
    expect(forced.status).toBe(404)
    expect(forced.headers.get('deprecation')).not.toBeNull()
    expect((await call(api('pets/1'), { headers: free })).status).toBe(200)

    const slow = await postScenario({ delay: 5, method: 'post' })
    expect(slow.body).toMatchObject({ delay: 5, method: 'POST', remaining: 1 })
    const created = await call(api('pets'), {
      method: 'POST',
      headers: { ...free, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    })
    expect(created.status).toBe(201)
    expect((await call(admin('scenarios'))).body).toEqual([])
  })

  it('drops every scenario on DELETE', async () => {
    await postScenario({ status: 500 })
    await postScenario({ status: 503, times: 5 })
    const deleted = await call(admin('scenarios'), { method: 'DELETE', headers: json })
    expect(deleted.status).toBe(204)
    expect((await call(api('pets'), { headers: free })).status).toBe(200)
  })

  it('answers a bad scenario with a 400 that names the field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        { status: 418 },
        'invalid_request',
        'Field "status" must be one of 400, 401, 404, 429, 500, 503.',
      ],
      [
        { status: 500, times: -1 },
        'invalid_request',
        'Field "times" must be a whole number from 1 to 10000.',
      ],
      [
        { status: 500, delay: 'slow' },
        'invalid_request',
        'Field "delay" must be a whole number of milliseconds from 0 to 60000.',
      ],
      [
        { status: 500, method: 7 },
        'invalid_request',
        'Field "method" must be an HTTP method such as "GET".',
      ],
      [
        { status: 500, path: 'pets' },
        'invalid_request',
        'Field "path" must be a path such as "/v1/pets" or "/v1/pets/{petId}", without a query.',
      ],
      [
        { status: 500, when: 'now' },
        'invalid_request',
        'Field "when" is not part of a scenario; use status, delay, times, method, path, match.',
      ],
      [
        { status: 500, path: '/pets' },
        'invalid_request',
        'The scenario path "/pets" matches no route; routes are GET /v1/pets, POST /v1/pets, GET /v1/pets/{petId}, GET /v1/store/orders.',
      ],
      [
        { status: 500, match: { body: { name: 'x' }, cookies: {} } },
        'invalid_request',
        'Field "match.cookies" is not part of a scenario\'s match; use query, headers, body.',
      ],
      [{}, 'invalid_request', 'Field "status" is required unless "delay" is given.'],
      [
        'null',
        'invalid_request',
        'The scenario must be a JSON object such as { "status": 429, "times": 3 }.',
      ],
      ['{"status":', 'invalid_json', 'The request body is not valid JSON.'],
      ['', 'invalid_request', 'The request body is missing; send a scenario as JSON.'],
    ]
    for (const [body, code, message] of cases) {
      const response = await postScenario(body)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(response.body).toEqual({ code, message, status: 400 })
    }
    const huge = await postScenario('x'.repeat(MAX_BODY_BYTES + 1))
    expect([huge.status, huge.body.code]).toEqual([413, 'payload_too_large'])
    expect((await call(admin('scenarios'))).body).toEqual([])
  })

  it('forces an answer by what the request carries: query, headers, top-level body fields', async () => {
    const created = await postScenario({
      status: 400,
      times: 2,
      method: 'POST',
      path: '/v1/pets',
      match: { body: { name: 'Error' } },
    })
    expect(created.body).toMatchObject({ match: { body: { name: 'Error' } }, remaining: 2 })
    await postScenario({
      status: 503,
      match: { query: { limit: 3 }, headers: { 'X-Mode': 'down' } },
    })
    const post = (name: string) =>
      call(api('pets'), {
        method: 'POST',
        headers: { ...free, 'content-type': 'application/json' },
        body: JSON.stringify({ name, categoryId: 1 }),
      })
    expect((await post('Rex')).status).toBe(201)
    expect((await post('Error')).body).toMatchObject({ code: 'invalid_request', status: 400 })
    expect((await call(api('pets?limit=3'), { headers: free })).status).toBe(200)
    const forced = await call(api('pets?limit=3'), { headers: { ...free, 'x-mode': 'down' } })
    expect(forced.status).toBe(503)
    const [, errored, , down] = transport.petstore.requests()
    expect(errored).toMatchObject({ status: 400, forced: 'scenario', code: 'invalid_request' })
    expect(down).toMatchObject({ status: 503, forced: 'scenario', query: { limit: '3' } })
  })

  it('drops one scenario by id, and 404s an unknown one', async () => {
    const first = await postScenario({ status: 500, path: '/v1/pets' })
    await postScenario({ status: 503, path: '/v1/store/orders' })
    const id = (first.body as { id: number }).id
    expect((await call(admin(`scenarios/${id}`), { method: 'DELETE', headers: json })).status).toBe(
      204,
    )
    expect((await call(admin('scenarios'))).body).toMatchObject([{ status: 503 }])
    const again = await call(admin(`scenarios/${id}`), { method: 'DELETE', headers: json })
    expect(again.body).toMatchObject({ code: 'not_found', status: 404 })
    expect((await call(admin('scenarios/x'), { method: 'DELETE', headers: json })).status).toBe(404)
  })

  it('serves the dashboard page and its script, nothing from another origin', async () => {
    const foreign = await call(admin(''), { headers: { origin: 'http://elsewhere.test' } })
    // Over HTTP a fetch from another origin is refused; in-process nobody else can call.
    expect(foreign.status).toBe(transport.name === 'http' ? 403 : 200)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const page = await call(admin(''))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'")
    expect(page.text).toContain('<script src="dashboard.js"></script>')
    expect(page.text).not.toMatch(/https?:\/\//)
    const script = await call(admin('dashboard.js'))
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.text).toMatch(/^\(\(\) => \{\n'use strict'\n/)
    expect(script.text).toMatch(/\(function dashboardMain\(/)
    expect(() => new Function(script.text)).not.toThrow()
    const bare = await call('/__mock')
    if (transport.name === 'msw') {
      // The global fetch follows the redirect to the page.
      expect([bare.status, bare.text]).toEqual([200, page.text])
    } else {
      expect([bare.status, bare.headers.get('location')]).toEqual([308, '/__mock/'])
    }
  })

  it('answers 405 with Allow for a wrong method, 404 for an unknown endpoint', async () => {
    const wrong = await call(admin('reset'), { method: 'GET' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(wrong.body).toMatchObject({ code: 'method_not_allowed', status: 405 })
    const state = await call(admin('state'), { method: 'PUT', body: '{}' })
    expect([state.status, state.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
    const journal = await call(admin('requests'), { method: 'PUT', body: '{}' })
    expect([journal.status, journal.headers.get('allow')]).toEqual([405, 'GET, HEAD, DELETE'])
    const unknown = await call(admin('nothing'))
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'route_not_found', status: 404 })
  })

  it('reports data counts, quota used per key, bans and scenarios', async () => {
    await call(api('pets'), { headers: free })
    await call(api('pets'), { headers: { authorization: 'Bearer sk_test_pro' } })
    for (let i = 0; i < 71; i++) await call(api('pets'))
    await postScenario({ status: 503, times: 2 })
    const state = await call(admin('state'))
    expect(state.status).toBe(200)
    expect(state.body).toMatchObject({
      data: { categories: 6, pets: 100, orders: 25 },
      rateLimit: {
        enabled: true,
        clients: [
          {
            client: 'key:sk_test_fr...',
            minute: { limit: 60, used: 1, reset: (START + 60_000) / 1000 },
            day: { limit: 1_000, used: 1, reset: Date.UTC(2026, 0, 2) / 1000 },
          },
          { client: 'key:sk_test_p...', minute: { limit: 300, used: 1 } },
          {
            client: `address:${transport.clientAddress}`,
            minute: { used: 60 },
            bannedUntil: (START + 300_000) / 1000,
          },
        ],
      },
      scenarios: [{ status: 503, remaining: 2 }],
    })
    expect(state.body.keys).toContainEqual({
      key: 'sk_test_fr...',
      plan: 'free',
      perMinute: 60,
      perDay: 1_000,
    })
  })

  it('restores the seeded data and clears counters, bans and scenarios on reset', async () => {
    const created = await call(api('pets'), {
      method: 'POST',
      headers: { ...free, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Extra', categoryId: 1 }),
    })
    expect(created.status).toBe(201)
    for (let i = 0; i < 80; i++) await call(api('pets'), { headers: free })
    expect((await call(api('pets'), { headers: free })).body.code).toBe('key_banned')
    await postScenario({ status: 500, times: 3 })

    const reset = await call(admin('reset'), { method: 'POST', headers: json })
    expect(reset.status).toBe(200)
    expect(reset.body).toMatchObject({
      data: { pets: 100 },
      rateLimit: { clients: [] },
      scenarios: [],
    })
    const after = await call(api('pets'), { headers: free })
    expect(after.status).toBe(200)
    expect(after.headers.get('x-ratelimit-remaining')).toBe('59')
    expect((await call(api(`pets/${created.body.id}`), { headers: free })).status).toBe(404)
  })

  it('sends no CORS headers and answers no preflight', async () => {
    const origin = 'http://localhost:5173'
    const preflight = await call(admin('scenarios'), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    // Over HTTP the origin check refuses it (403); in-process it is a method the path lacks (405).
    expect(preflight.status).toBe(transport.name === 'http' ? 403 : 405)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const state = await call(admin('state'), { headers: { origin } })
    expect(state.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses a state change without Content-Type: application/json, changing nothing', async () => {
    await postScenario({ status: 503, times: 2 })
    for (const [method, path, type] of [
      ['POST', 'reset', undefined],
      ['POST', 'reset', 'text/plain'],
      ['DELETE', 'scenarios', 'application/x-www-form-urlencoded'],
      ['POST', 'scenarios', 'multipart/form-data; boundary=x'],
    ] as const) {
      const response = await call(admin(path), {
        method,
        headers: type === undefined ? {} : { 'content-type': type },
        body: type === undefined ? undefined : '{"status":500}',
      })
      expect(response.status, `${method} ${path} ${type}`).toBe(415)
      expect(response.body).toMatchObject({ code: 'unsupported_media_type', status: 415 })
    }
    expect((await call(admin('scenarios'))).body).toMatchObject([{ status: 503, remaining: 2 }])
  })
})

describe.each(useTransports({ admin: false }))('control API turned off ($name)', (transport) => {
  const call = caller(transport)

  it('answers 404 under /__mock/', async () => {
    for (const [method, path] of [
      ['POST', 'reset'],
      ['GET', 'state'],
      ['POST', 'scenarios'],
      ['DELETE', 'scenarios'],
    ] as const) {
      const response = await call(`/__mock/${path}`, {
        method,
        body: method === 'POST' ? '{"status":500}' : undefined,
      })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ code: 'route_not_found', status: 404 })
    }
  })
})
