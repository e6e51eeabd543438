import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from '../src/clock/create-fake-clock.ts'
import type { ConformanceResult } from './model/types.ts'
import { runConformance } from './run-conformance.ts'
import { MODEL_CHECKS } from './test-utils/fault-cases.ts'
import {
  createFaultProxy,
  type FaultProxy,
  type FaultRule,
  jsonOf,
  type ProxiedRequest,
  type ProxiedResponse,
  pathOf,
  queryOf,
  rewriteJson,
  rewriteRequest,
  setHeaders,
} from './test-utils/fault-proxy.ts'
import { undatedFetchTransport } from './test-utils/fetch-transport.ts'
import { withTestMock } from './test-utils/with-test-mock.ts'

const TOKEN = 'sk_test_enterprise'
const VALID = `Bearer ${TOKEN}`
const VALID_BODY = JSON.stringify({ name: 'conformance-proxy', categoryId: 1 })
const STATUSES = ['available', 'pending', 'sold']

// The kit and the mock share a fake clock: the kit's waits (window resets,
// Retry-After, pacing) move it on instead of taking real time.
const clock = createFakeClock(Date.now())
const timing = {
  now: clock.now,
  sleep: async (ms: number) => clock.advance(ms),
  transport: undatedFetchTransport,
}
const mock = withTestMock({ clock })
let proxy: FaultProxy

beforeAll(async () => {
  proxy = await createFaultProxy({ target: mock.current.url })
})

afterAll(async () => {
  await proxy?.close()
})

// Each run starts from the seeded data and fresh rate-limit windows: the
// runs share the mock, and together would spend its per-address daily quota.
beforeEach(async () => {
  await fetch(`${mock.current.url}/__mock/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
})

const api = (request: ProxiedRequest) => request.path.startsWith('/v1/')
const auth = (request: ProxiedRequest) => request.headers.authorization
const withAuth = (request: ProxiedRequest, value: string): ProxiedRequest => ({
  ...request,
  headers: { ...request.headers, authorization: value },
})
const getPetId = (request: ProxiedRequest): number | undefined => {
  const match = /^\/v1\/pets\/(\d+)$/.exec(pathOf(request))
  return request.method === 'GET' && match ? Number(match[1]) : undefined
}
const isCreate = (request: ProxiedRequest) =>
  request.method === 'POST' && pathOf(request) === '/v1/pets'
const createBody = (request: ProxiedRequest): Record<string, unknown> | undefined => {
  const body = jsonOf(request.body)
  return isCreate(request) && body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined
}
const errorResponse = (response: ProxiedResponse, status: number): ProxiedResponse => ({
  ...response,
  status,
  headers: { ...response.headers, 'content-type': 'application/json' },
  body: JSON.stringify({ code: 'injected', message: 'Injected by the fault proxy.', status }),
})
const replaceBody = (request: ProxiedRequest, body: unknown): ProxiedRequest => ({
  ...request,
  body: JSON.stringify(body),
})

function run(rules: Array<FaultRule>, options: { token?: string; include?: Array<string> } = {}) {
  proxy.setRules(rules)
  return runConformance({
    baseUrl: `${proxy.url}/v1`,
    token: options.token ?? TOKEN,
    seed: 1,
    examples: 10,
    include: options.include ?? [],
    ...timing,
  })
}

const failedRequired = (result: ConformanceResult) => [
  ...new Set(
    result.results
      .filter((entry) => entry.outcome === 'failed' && entry.level === 'required')
      .map((entry) => entry.id),
  ),
]

interface Fault {
  /** The rule the server breaks. */
  breaks: string
  rules: Array<FaultRule>
  /** Checks that share the broken rule and may fail with it. */
  alsoMayFail?: Array<string>
}

let firstLimit100 = true
let seen429 = false

const faults: Record<string, Array<Fault>> = {
  'auth.no-header': [
    {
      breaks: 'a request without Authorization is served',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => api(r) && auth(r) === undefined,
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'auth.unknown-key': [
    {
      breaks: 'an unknown key is accepted',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => auth(r) === 'Bearer sk_conformance_unknown_key',
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'auth.non-bearer': [
    {
      breaks: 'the Token scheme is accepted',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, (auth(r) ?? '').replace(/^Token /, 'Bearer ')),
          (r) => auth(r)?.startsWith('Token ') === true,
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'auth.empty-token': [
    {
      breaks: 'an empty bearer token is accepted',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => auth(r)?.trim() === 'Bearer',
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'error.body': [
    {
      breaks: '401 bodies lack `status`',
      rules: [
        {
          response: (response) =>
            response.status === 401
              ? { ...response, body: JSON.stringify({ code: 'unauthorized', message: 'No.' }) }
              : response,
        },
      ],
      alsoMayFail: ['orders.auth'],
    },
    {
      breaks: 'Error.status differs from the HTTP status on 404',
      rules: [
        {
          response: (response) =>
            response.status === 404 ? { ...errorResponse(response, 400), status: 404 } : response,
        },
      ],
    },
  ],
  'response.json': [
    {
      breaks: 'GET /pets/{id} answers text/plain',
      rules: [setHeaders({ 'content-type': 'text/plain' }, (r) => getPetId(r) !== undefined)],
      alsoMayFail: ['error.body'],
    },
  ],
  'server.no-5xx': [
    {
      breaks: 'limit=abc crashes the server',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === 'abc',
          response: (response) => errorResponse(response, 500),
        },
      ],
    },
  ],
  'ratelimit.headers': [
    {
      breaks: 'GET /pets/{id} lacks X-RateLimit-Reset',
      rules: [setHeaders({ 'x-ratelimit-reset': undefined }, (r) => getPetId(r) !== undefined)],
    },
    {
      breaks: 'X-RateLimit-Limit is not an integer on 401s of GET /pets/{id}',
      // Only getPet: the kit shares the mock's per-address bucket across runs
      // and must still see Remaining on the other 401s to pace it.
      rules: [
        setHeaders(
          { 'x-ratelimit-limit': '60.0' },
          (r) => auth(r) !== VALID && getPetId(r) !== undefined,
        ),
      ],
    },
  ],
  'ratelimit.values': [
    {
      breaks: 'Remaining exceeds Limit',
      rules: [
        setHeaders({ 'x-ratelimit-remaining': '99999999' }, (r) => queryOf(r).get('limit') === '1'),
      ],
      alsoMayFail: [
        'ratelimit.remaining-decreases',
        'ratelimit.counts-once',
        'ratelimit.counts-overlapping',
      ],
    },
    {
      breaks: 'Reset is in milliseconds',
      rules: [
        setHeaders(
          { 'x-ratelimit-reset': (value) => String(Number(value) * 1000) },
          (r) => pathOf(r) === '/v1/store/orders',
        ),
      ],
    },
    {
      breaks: 'Reset is in the past',
      rules: [
        setHeaders(
          { 'x-ratelimit-reset': (value) => String(Number(value) - 3600) },
          (r) => getPetId(r) !== undefined,
        ),
      ],
    },
  ],
  'ratelimit.retry-after': [
    {
      breaks: 'a 429 without Retry-After',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '100',
          response: (response) => {
            if (!firstLimit100) {
              return response
            }
            firstLimit100 = false
            const limited = errorResponse(response, 429)
            delete limited.headers['retry-after']
            limited.headers['x-ratelimit-remaining'] = '0'
            return limited
          },
        },
      ],
    },
  ],
  'list.schema': [
    {
      breaks: 'a listed pet has a string categoryId',
      rules: [
        rewriteJson(
          (pets) =>
            (pets as Array<object>).map((pet, i) =>
              i === 0 ? { ...pet, categoryId: 'one' } : pet,
            ),
          (r) => queryOf(r).get('limit') === '1' && auth(r) === VALID,
        ),
      ],
    },
  ],
  'list.default-limit': [
    {
      breaks: 'the default page holds 21 pets',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, path: '/v1/pets?limit=21' }),
          (r) => r.method === 'GET' && r.path === '/v1/pets' && auth(r) === VALID,
        ),
      ],
    },
  ],
  'list.limit': [
    {
      breaks: 'limit=1 returns 2 pets',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, path: '/v1/pets?limit=2' }),
          (r) => queryOf(r).get('limit') === '1',
        ),
      ],
    },
    {
      breaks: 'limit=100 is rejected',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '100',
          response: (response) => errorResponse(response, 400),
        },
      ],
      alsoMayFail: ['list.status-filter'],
    },
  ],
  'list.max-items': [
    {
      breaks: 'limit=101 returns 101 pets',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '101',
          request: (r) => ({ ...r, path: '/v1/pets?limit=100' }),
          response: (response) => {
            const pets = jsonOf(response.body) as Array<{ id: number }>
            const extra = { ...(pets[0] as object), id: 999_999 }
            return { ...response, body: JSON.stringify([...pets, extra]) }
          },
        },
      ],
    },
  ],
  'list.status-filter': [
    {
      breaks: 'status=sold returns available pets',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, path: '/v1/pets?status=available' }),
          (r) => queryOf(r).get('status') === 'sold',
        ),
      ],
      // The sold pets the run created are then missing from every sold list.
      alsoMayFail: ['list.complete'],
    },
  ],
  'create.valid': [
    {
      breaks: 'create answers 200 instead of 201',
      rules: [
        {
          when: (r) => isCreate(r) && r.body.includes('-1-pending"'),
          response: (response) => ({ ...response, status: 200 }),
        },
      ],
    },
    {
      breaks: 'create ignores the status sent',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), status: undefined }),
          (r) => r.body.includes('-1-pending"'),
        ),
        rewriteJson(
          (pet) => ({ ...(pet as object), status: 'available' }),
          (r) => r.body.includes('-1-pending"'),
        ),
      ],
    },
  ],
  'create.unique-ids': [
    {
      breaks: 'created pets reuse id 1',
      rules: [
        rewriteJson(
          (pet) => ({ ...(pet as object), id: 1 }),
          (r) => isCreate(r) && r.body.includes('-without-status'),
        ),
      ],
      alsoMayFail: ['create.then-get'],
    },
  ],
  'create.then-get': [
    {
      breaks: 'a created pet comes back renamed',
      rules: [
        rewriteJson(
          (pet) => {
            const value = pet as { name?: string }
            return value?.name?.startsWith('conformance-')
              ? { ...value, name: `${value.name}!` }
              : pet
          },
          (r) => getPetId(r) !== undefined,
        ),
      ],
      alsoMayFail: ['create.generated-exact', 'create.concurrent'],
    },
  ],
  'create.reject-missing-body': [
    {
      breaks: 'a missing body creates a pet',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, body: VALID_BODY }),
          (r) => isCreate(r) && r.body === '',
        ),
      ],
    },
  ],
  'create.reject-malformed-json': [
    {
      breaks: 'malformed JSON creates a pet',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, body: VALID_BODY }),
          (r) => isCreate(r) && r.body !== '' && jsonOf(r.body) === undefined,
        ),
      ],
      alsoMayFail: ['input.malformed'],
    },
  ],
  'create.reject-invalid-name': [
    {
      breaks: 'a missing or non-string name is replaced',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), name: 'conformance-proxy' }),
          (r) => createBody(r) !== undefined && typeof createBody(r)?.name !== 'string',
        ),
      ],
      alsoMayFail: ['create.generated-invalid', 'input.malformed'],
    },
  ],
  'create.reject-invalid-category-id': [
    {
      breaks: 'an invalid categoryId is replaced',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), categoryId: 1 }),
          (r) => createBody(r) !== undefined && !Number.isSafeInteger(createBody(r)?.categoryId),
        ),
      ],
      alsoMayFail: ['create.generated-invalid', 'input.malformed', 'create.generated-exact'],
    },
  ],
  'create.reject-invalid-status': [
    {
      breaks: 'an unknown status is dropped',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), status: undefined }),
          (r) => {
            const body = createBody(r)
            return (
              body !== undefined && 'status' in body && !STATUSES.includes(body.status as string)
            )
          },
        ),
      ],
      alsoMayFail: ['create.generated-invalid', 'input.malformed'],
    },
  ],
  'create.generated-valid': [
    {
      breaks: 'names with punctuation are rejected',
      rules: [
        {
          when: (r) => /[^A-Za-z0-9-]/.test(String(createBody(r)?.name ?? '')),
          response: (response) => errorResponse(response, 400),
        },
      ],
      alsoMayFail: ['create.generated-exact'],
    },
  ],
  'create.generated-invalid': [
    {
      breaks: 'a body that is not an object creates a pet',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, body: VALID_BODY }),
          (r) => {
            const body = jsonOf(r.body)
            return (
              isCreate(r) &&
              r.body !== '' &&
              body !== undefined &&
              (body === null || typeof body !== 'object' || Array.isArray(body))
            )
          },
        ),
      ],
      alsoMayFail: ['input.malformed'],
    },
  ],
  'get.valid': [
    {
      breaks: 'seeded pets answer 404',
      rules: [
        {
          when: (r) => (getPetId(r) ?? 1000) <= 100 && auth(r) === VALID,
          response: (response) => errorResponse(response, 404),
        },
      ],
    },
  ],
  'orders.auth': [
    {
      breaks: 'GET /store/orders is served without a valid key',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => pathOf(r) === '/v1/store/orders',
        ),
      ],
    },
  ],
  'ratelimit.remaining-decreases': [
    {
      breaks: 'Remaining never changes',
      rules: [setHeaders({ 'x-ratelimit-remaining': '5000' }, (r) => auth(r) === VALID)],
      alsoMayFail: ['ratelimit.counts-once', 'ratelimit.counts-overlapping'],
    },
  ],
  'get.not-found': [
    {
      breaks: 'an unknown id answers 400',
      rules: [
        {
          when: (r) => (getPetId(r) ?? 0) > 1_000_000,
          response: (response) => errorResponse(response, 400),
        },
      ],
      alsoMayFail: ['auth.checked-first', 'input.malformed', 'get.no-alias'],
    },
  ],
}

describe('each required check fails against a server that breaks its rule', () => {
  it('the proxy without rules is transparent: zero failures', async () => {
    const result = await run([])
    expect(failedRequired(result)).toEqual([])
    expect(result.summary.warnings).toBe(0)
    expect(result.exitCode).toBe(0)
  })

  for (const [checkId, cases] of Object.entries(faults)) {
    for (const fault of cases) {
      it(`${checkId}: ${fault.breaks}`, async () => {
        const result = await run(fault.rules)
        const failed = failedRequired(result)
        const diagnosis = JSON.stringify({ stats: result.stats, aborted: result.aborted })
        expect(failed, diagnosis).toContain(checkId)
        // The model-driven checks judge every rule a request crosses.
        const unexpected = failed.filter(
          (id) =>
            id !== checkId && !MODEL_CHECKS.includes(id) && !(fault.alsoMayFail ?? []).includes(id),
        )
        expect(unexpected, `only the broken rule fails ${diagnosis}`).toEqual([])
        expect(result.exitCode).toBe(1)
        const failure = result.results.find(
          (entry) => entry.id === checkId && entry.failures.length,
        )?.failures[0]
        expect(failure?.curl).toMatch(/^curl -i /)
        expect(failure?.expected).toBeTruthy()
        expect(failure?.actual).toBeTruthy()
      })
    }
  }

  it('create.generated-valid reports the seed and a shrunk body', async () => {
    const result = await run(faults['create.generated-valid']?.[0]?.rules ?? [])
    const failure = result.results.find((entry) => entry.id === 'create.generated-valid')
      ?.failures[0]
    expect(failure?.seed).toBe(1)
    expect(failure?.counterexample).toMatch(/^\{"name":"conformance-/)
    expect(failure?.curl).toContain('--data-raw')
  })

  it('covers every required check of the default group', () => {
    const covered = new Set(Object.keys(faults))
    const required = [
      'auth.no-header',
      'auth.unknown-key',
      'auth.non-bearer',
      'auth.empty-token',
      'error.body',
      'response.json',
      'server.no-5xx',
      'ratelimit.headers',
      'ratelimit.values',
      'ratelimit.retry-after',
      'list.schema',
      'list.default-limit',
      'list.limit',
      'list.max-items',
      'list.status-filter',
      'create.valid',
      'create.unique-ids',
      'create.then-get',
      'create.reject-missing-body',
      'create.reject-malformed-json',
      'create.reject-invalid-name',
      'create.reject-invalid-category-id',
      'create.reject-invalid-status',
      'create.generated-valid',
      'create.generated-invalid',
      'get.valid',
      'get.not-found',
    ]
    expect(required.filter((id) => !covered.has(id))).toEqual([])
  })
})

describe('the rate-limit group fails against a server that breaks its rules', () => {
  it('passes through the transparent proxy, without one unrequested 429', async () => {
    const result = await run([], { token: 'sk_tiny_1', include: ['rate-limit'] })
    expect(failedRequired(result)).toEqual([])
    expect(result.stats.unrequested429).toBe(0)
    const exhaust = result.results.find((entry) => entry.id === 'ratelimit.exhaust')
    expect(exhaust?.outcome).toBe('passed')
    const retryAfter = result.results.find(
      (entry) => entry.id === 'ratelimit.retry-after' && entry.operation === 'any',
    )
    expect(retryAfter?.outcome).toBe('passed')
  })

  it('ratelimit.exhaust: the server never answers 429', async () => {
    const result = await run(
      [
        {
          when: (r) => queryOf(r).get('limit') === '1',
          response: (response) =>
            response.status === 429
              ? {
                  ...response,
                  status: 200,
                  body: '[]',
                  headers: { ...response.headers, 'retry-after': '' },
                }
              : response,
        },
      ],
      { token: 'sk_tiny_2', include: ['rate-limit'] },
    )
    expect(failedRequired(result)).toEqual(['ratelimit.exhaust'])
  })

  it('ratelimit.recovers: still 429 after Retry-After', async () => {
    seen429 = false
    const result = await run(
      [
        {
          when: (r) => queryOf(r).get('limit') === '1',
          response: (response) => {
            if (response.status === 429) {
              seen429 = true
              return response
            }
            return seen429
              ? {
                  ...errorResponse(response, 429),
                  headers: {
                    ...response.headers,
                    'content-type': 'application/json',
                    'retry-after': '1',
                    'x-ratelimit-remaining': '0',
                  },
                }
              : response
          },
        },
      ],
      { token: 'sk_tiny_3', include: ['rate-limit'] },
    )
    expect(failedRequired(result)).toEqual(['ratelimit.recovers'])
  })
})

describe('advisory checks warn, and fail only with strict', () => {
  const advisory: Record<string, Array<FaultRule>> = {
    'get.deprecation-headers': [setHeaders({ sunset: 'Fri, 06 Dec 2030 00:00:00 GMT' })],
    'auth.www-authenticate': [setHeaders({ 'www-authenticate': undefined })],
    'method.not-allowed': [
      {
        when: (r) => r.method === 'DELETE',
        response: (response) => errorResponse(response, 404),
      },
    ],
    'list.invalid-limit': [
      rewriteRequest(
        (r) => ({ ...r, path: '/v1/pets?limit=20' }),
        (r) => queryOf(r).get('limit') === '0',
      ),
    ],
    'list.invalid-status': [
      rewriteRequest(
        (r) => ({ ...r, path: '/v1/pets' }),
        (r) => queryOf(r).get('status') === 'adopted',
      ),
    ],
    'get.invalid-id': [
      {
        when: (r) => pathOf(r) === '/v1/pets/abc',
        response: (response) => ({
          ...response,
          body: 'Bad Request',
          headers: { ...response.headers, 'content-type': 'text/plain' },
        }),
      },
    ],
  }
  for (const [checkId, rules] of Object.entries(advisory)) {
    it(`${checkId} warns without failing the run`, async () => {
      const result = await run(rules)
      const warned = result.results.filter((entry) => entry.outcome === 'failed')
      expect(warned.map((entry) => entry.id)).toContain(checkId)
      // A plain-text 400 breaks the Error body; a status filter ignored lists
      // pets of another status, which shape.query holds to (no pet has the
      // status `adopted`: the list is empty or refused).
      const alsoRequired: Record<string, Array<string>> = {
        'get.invalid-id': ['error.body', 'response.json'],
        'list.invalid-status': ['shape.query'],
      }
      expect(failedRequired(result)).toEqual(alsoRequired[checkId] ?? [])
    })
  }

  it('get.deprecation-headers warns on a Deprecation dated after the Sunset', async () => {
    // 2031-01-01: after the sunset of 2030-12-05 (RFC 9745 §4).
    const result = await run([setHeaders({ deprecation: '@1924992000' })])
    const entry = result.results.find((item) => item.id === 'get.deprecation-headers')
    expect(entry?.failures[0]?.actual).toMatch(/after the Sunset/)
    expect(failedRequired(result)).toEqual([])
  })

  it('--strict turns an advisory failure into a failed run', async () => {
    proxy.setRules(advisory['auth.www-authenticate'] ?? [])
    const result = await runConformance({
      baseUrl: `${proxy.url}/v1`,
      token: TOKEN,
      seed: 1,
      strict: true,
      only: ['auth'],
      ...timing,
    })
    expect(result.summary.failed).toBeGreaterThan(0)
    expect(result.exitCode).toBe(1)
  })
})
