import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFakeClock } from '../../src/base/clock/create-fake-clock.ts'
import type { ConformanceResult } from '../model/types.ts'
import { runConformance } from '../run/run-conformance.ts'
import { MODEL_CHECKS } from '../test-utils/fault-cases.ts'
import {
  createFaultProxy,
  type FaultProxy,
  type FaultRule,
  pathOf,
  queryOf,
  rewriteRequest,
  setHeaders,
} from '../test-utils/fault-proxy.ts'
import { fetchTransportDatedBy } from '../test-utils/fetch-transport.ts'
import { errorResponse, getPetId, PROXY_FAULTS, PROXY_TOKEN } from '../test-utils/proxy-faults.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'

const TOKEN = PROXY_TOKEN

// The kit and the mock share a fake clock: the kit's waits (window resets,
// Retry-After, pacing) move it on instead of taking real time.
const clock = createFakeClock(Date.now())
const timing = {
  now: clock.now,
  sleep: async (ms: number) => clock.advance(ms),
  transport: fetchTransportDatedBy(clock.now),
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

describe('each required check fails against a server that breaks its rule', () => {
  it('the proxy without rules is transparent: zero failures', async () => {
    const result = await run([])
    expect(
      failedRequired(result),
      JSON.stringify(
        result.results
          .filter((e) => e.outcome === 'failed')
          .map((e) => [e.failures[0]?.actual, e.failures[0]?.counterexample]),
      ),
    ).toEqual([])
    expect(result.summary.warnings).toBe(0)
    expect(result.exitCode).toBe(0)
  })

  for (const [checkId, cases] of Object.entries(PROXY_FAULTS)) {
    for (const fault of cases) {
      it(`${checkId}: ${fault.breaks}`, async () => {
        const result = await run(fault.rules, fault.run)
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
    const result = await run(PROXY_FAULTS['create.generated-valid']?.[0]?.rules ?? [])
    const failure = result.results.find((entry) => entry.id === 'create.generated-valid')
      ?.failures[0]
    expect(failure?.seed).toBe(1)
    expect(failure?.counterexample).toMatch(/^\{"name":"conformance-/)
    expect(failure?.curl).toContain('--data-raw')
  })

  it('covers every required check of the default group', () => {
    const covered = new Set(Object.keys(PROXY_FAULTS))
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
})

describe('advisory checks warn, and fail only with strict', () => {
  const advisory: Record<string, Array<FaultRule>> = {
    // Not sent at all: what headers that are sent say is required (get.deprecation-truthful).
    'get.deprecation-headers': [setHeaders({ deprecation: undefined, sunset: undefined })],
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

  it('a Deprecation dated after the Sunset, or another Sunset, fails get.deprecation-truthful', async () => {
    // 2031-01-01: after the sunset of 2030-12-05 (RFC 9745 §4).
    for (const headers of [
      { deprecation: '@1924992000' },
      { sunset: 'Fri, 06 Dec 2030 00:00:00 GMT' },
    ]) {
      // On the deprecated operation only: elsewhere they break deprecation.only-get-pet.
      const result = await run([setHeaders(headers, (request) => getPetId(request) !== undefined)])
      const entry = result.results.find((item) => item.id === 'get.deprecation-truthful')
      expect(entry?.failures[0]?.actual).toMatch(/after the Sunset|not 2030-12-05/)
      expect(failedRequired(result)).toEqual(['get.deprecation-truthful'])
    }
  })

  it('--strict turns an advisory failure into a failed run', async () => {
    proxy.setRules(advisory['method.not-allowed'] ?? [])
    const result = await runConformance({
      baseUrl: `${proxy.url}/v1`,
      token: TOKEN,
      seed: 1,
      strict: true,
      only: ['method.not-allowed'],
      ...timing,
    })
    expect(result.summary.failed).toBeGreaterThan(0)
    expect(result.exitCode).toBe(1)
  })
})
