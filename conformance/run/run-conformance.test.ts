import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../../src/base/clock/create-fake-clock.ts'
import { catalogue } from '../../src/judge/catalogue.ts'
import type { ConformanceResult, Exchange, OperationId } from '../model/types.ts'
import { fetchTransport, fetchTransportDatedBy } from '../test-utils/fetch-transport.ts'
import { startReferenceServer } from '../test-utils/reference-server.ts'
import { REFERENCE_TOKEN } from '../test-utils/run-reference.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'
import {
  type ConformanceOptions,
  ConformanceSetupError,
  probeOrder,
  runConformance,
} from './run-conformance.ts'

const mock = withTestMock()

// The Free-plan run's mock and kit share a fake clock: its windows (a "minute"
// is a second) move only when the kit waits, so no window resets between two
// requests on a busy machine.
const pacedClock = createFakeClock(Date.now())
const pacedMock = withTestMock({ clock: pacedClock })

const base = () => `${mock.current.url}/v1`

/** The outcome of a check, for one operation or the first one. */
const outcomeOf = (result: ConformanceResult, id: string, operation?: OperationId) =>
  result.results.find(
    (entry) => entry.id === id && (operation === undefined || entry.operation === operation),
  )?.outcome

/** Runs the kit against the mock with the Enterprise key, unless `options` says otherwise. */
const run = (options: Partial<ConformanceOptions> = {}) =>
  runConformance({ baseUrl: base(), token: 'sk_test_enterprise', ...options })

describe('runConformance against the project mock', () => {
  it('passes every check with the Enterprise key', async () => {
    const result = await run({
      seed: 1,
      otherToken: 'sk_test_pro',
      fallbackPerMinute: 3600,
    })
    expect(result.results.filter((entry) => entry.outcome === 'failed')).toEqual([])
    expect(outcomeOf(result, 'ratelimit.keys-separate')).toBe('passed')
    expect(result.exitCode).toBe(0)
    expect(result.ok).toBe(true)
    expect(result.stats.unrequested429).toBe(0)
    // About seven minutes at the Free plan's 60 a minute (5 of them ask for JSON with other
    // Accept values, about 55 send requests in other shapes, 31 spell the operations' paths,
    // 5 bodies RFC 8259 refuses, 4 lists read again after the sequences, 16 for names at the
    // edges of length and character range, about 25 to read back each created pet no probe
    // fetched; the seed's draws of generated names move it by a few).
    expect(result.stats.requests).toBeLessThan(400)
    expect(result.stats.petsCreated).toBeGreaterThan(0)
    const skipped = result.results.filter((entry) => entry.outcome === 'skipped')
    const only429 = [
      'ratelimit.retry-after',
      'ratelimit.429-remaining',
      'ratelimit.retry-after-reset',
    ]
    expect(new Set(skipped.map((entry) => entry.id))).toEqual(new Set(only429))
    // A rule only a 429 decides is one result of the run, untested in a default run.
    for (const id of only429) {
      expect(result.results.filter((entry) => entry.id === id)).toEqual([
        expect.objectContaining({
          operation: 'any',
          outcome: 'skipped',
          skipReason: 'no 429 was received (--include rate-limit provokes one)',
        }),
      ])
    }
    expect(result.results.find((entry) => entry.operation === 'getPet')?.deprecated).toBe(true)
  })

  it('passes with a Free-plan key, the rate-limit group included, without an unrequested 429', async () => {
    const result = await run({
      baseUrl: `${pacedMock.current.url}/v1`,
      now: pacedClock.now,
      sleep: async (ms) => pacedClock.advance(ms),
      transport: fetchTransportDatedBy(pacedClock.now),
      token: 'sk_tiny_1',
      otherToken: 'sk_tiny_2',
      seed: 2,
      include: ['rate-limit'],
      fallbackPerMinute: 3600,
    })
    expect(result.results.filter((entry) => entry.outcome === 'failed')).toEqual([])
    expect(result.stats.unrequested429).toBe(0)
    for (const id of [
      'ratelimit.exhaust',
      'ratelimit.recovers',
      'ratelimit.refuses-every-operation',
    ]) {
      expect(outcomeOf(result, id)).toBe('passed')
    }
    for (const id of [
      'ratelimit.retry-after',
      'ratelimit.429-remaining',
      'ratelimit.retry-after-reset',
    ]) {
      expect(result.results.filter((entry) => entry.id === id)).toEqual([
        expect.objectContaining({ operation: 'any', outcome: 'passed' }),
      ])
    }
    // With a 429 provoked, nothing is left untested: --fail-on-skip passes.
    expect(
      result.results
        .filter((entry) => entry.outcome === 'skipped')
        .map((entry) => `${entry.id} [${entry.operation}]`),
    ).toEqual([])
  })

  it('never writes the key into the result', async () => {
    const result = await run({
      seed: 3,
      only: ['auth', 'create.valid'],
    })
    expect(JSON.stringify(result)).not.toContain('sk_test_enterprise')
  })

  it('--read-only sends only GET requests and reports write checks as skipped', async () => {
    const methods = new Set<string>()
    const result = await run({
      seed: 1,
      readOnly: true,
      onEvent(event) {
        if (event.type === 'request') {
          methods.add(event.exchange.request.method)
        }
      },
    })
    expect([...methods]).toEqual(['GET'])
    expect(result.exitCode).toBe(0)
    expect(result.stats.petsCreated).toBe(0)
    const createValid = result.results.find((entry) => entry.id === 'create.valid')
    expect(createValid?.outcome).toBe('skipped')
    expect(createValid?.skipReason).toMatch(/read-only/)
    expect(outcomeOf(result, 'auth.no-header', 'getPet')).toBe('passed')
  })

  it('runs only the selected checks', async () => {
    const exchanges: Array<Exchange> = []
    const result = await run({
      only: ['get.not-found'],
      onEvent: (event) => event.type === 'request' && exchanges.push(event.exchange),
    })
    expect(result.results.map((entry) => entry.id)).toEqual(['get.not-found'])
    expect(exchanges.length).toBeLessThanOrEqual(3)
  })

  it('stops at the request budget and reports the rest as not run, exit 0', async () => {
    const result = await run({
      seed: 1,
      maxRequests: 12,
    })
    expect(result.stats.requests).toBe(12)
    expect(result.exitCode).toBe(0)
    const skipped = result.results.find((entry) => entry.id === 'get.not-found')
    expect(skipped?.outcome).toBe('not-run')
    expect(skipped?.skipReason).toMatch(/request budget/)
    expect(result.stopped).toMatchObject({
      reason: 'budget',
      code: 'ERR_PETSTORE_CONFORMANCE_BUDGET',
    })
    expect(result.stopped?.summary).toMatch(/budget of 12 requests/)
    expect(result.verdict).toMatch(/ not run .*budget of 12 requests is spent \(exit 0\)$/)
  })

  it('stops with a setup error on a pre-flight 401', async () => {
    await expect(run({ token: 'sk_wrong' })).rejects.toThrow(/answered 401 to the given key/)
  })

  it('stops with a setup error when the base URL misses /v1', async () => {
    await expect(run({ baseUrl: mock.current.url })).rejects.toThrow(/answered 404/)
  })

  it('names a missing API root as the cause when <base>/v1/pets answers (the reference server)', async () => {
    const server = await startReferenceServer()
    const origin = new URL(server.baseUrl).origin
    try {
      const error = await runConformance({ baseUrl: origin, token: REFERENCE_TOKEN }).catch(
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(ConformanceSetupError)
      expect(error).toMatchObject({
        code: 'ERR_PETSTORE_CONFORMANCE_API_NOT_FOUND',
        exitCode: 2,
        message: `[petstore-conformance] Failed to find the API: GET ${origin}/pets answered 404, but GET ${origin}/v1/pets answers 200: the base URL lacks the API root /v1; run again with --base-url ${origin}/v1.`,
      })
      // Two requests: the pre-flight and the one under /v1; no check failed, the probes did not run.
      const result = (error as ConformanceSetupError).result
      expect(result?.stats.requests).toBe(2)
      expect(result?.results.filter((entry) => entry.outcome === 'failed')).toEqual([])
      expect(result?.results.find((entry) => entry.id === 'list.schema')?.outcome).toBe('not-run')
    } finally {
      await server.close()
    }
  })

  it('keeps the general message when <base>/v1/pets answers 404 too', async () => {
    const server = await startReferenceServer({ basePath: '/api/v2' })
    const origin = new URL(server.baseUrl).origin
    try {
      await expect(runConformance({ baseUrl: origin, token: REFERENCE_TOKEN })).rejects.toThrow(
        `GET ${origin}/pets answered 404 (the base URL includes the version segment`,
      )
    } finally {
      await server.close()
    }
  })

  it('stops with a setup error when nothing listens', async () => {
    const error = await run({ baseUrl: 'http://127.0.0.1:9/v1' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConformanceSetupError)
    expect((error as ConformanceSetupError).exitCode).toBe(2)
    expect((error as Error).message).toMatch(/Failed to reach .*connection refused/)
  })

  it('rejects bad options before sending anything', async () => {
    await expect(runConformance({ baseUrl: 'ftp://x', token: 'sk_k' })).rejects.toThrow(/http\(s\)/)
    await expect(runConformance({ baseUrl: base(), token: '' })).rejects.toThrow(/no API key/)
    await expect(
      runConformance({ baseUrl: base(), token: 'sk_k', only: ['nope'] }),
    ).rejects.toThrow(/matches no check/)
  })

  it('reports one result per check and operation', async () => {
    const result = await run({
      seed: 1,
      include: ['rate-limit'],
      maxRequests: 1,
    })
    const expected = catalogue.reduce((sum, check) => sum + check.operations.length, 0)
    expect(result.results).toHaveLength(expected)
  })
})

describe('probe selection', () => {
  it('runs a probe for every check that is not judged on every response, each in its one place', () => {
    const fed = probeOrder.flatMap((probe) => probe.checks)
    expect(
      catalogue
        .filter((check) => check.scope === 'probe' && !fed.includes(check.id))
        .map((check) => check.id),
    ).toEqual([])
    expect(new Set(fed).size).toBe(fed.length)
    expect(new Set(probeOrder.map((probe) => probe.name)).size).toBe(probeOrder.length)
  })

  it('--only auth sends only the pre-flight and the auth requests', async () => {
    const result = await run({
      only: ['auth'],
      fallbackPerMinute: 3600,
    })
    // 6 ways of lacking a key and the valid key with a suffix or a second word, x 3
    // operations; each way of lacking a key on an unknown petId (auth.checked-first),
    // plus 2 more without a header
    expect(result.stats.requests).toBe(1 + 8 * 3 + 6 + 2)
    expect(result.results.every((entry) => entry.outcome === 'passed')).toBe(true)
  })

  it('--only ratelimit.headers runs every default probe to check every response', async () => {
    const result = await run({
      seed: 1,
      only: ['ratelimit.headers'],
      fallbackPerMinute: 3600,
    })
    expect(result.stats.requests).toBeGreaterThan(50)
    expect(result.results.every((entry) => entry.outcome === 'passed')).toBe(true)
  })
})

describe('backoff through the runner, without real waiting', () => {
  it('honours Retry-After of an unrequested 429 with the injected sleep, and still passes', async () => {
    const sleeps: Array<number> = []
    let count = 0
    let slept = 0
    const result = await run({
      seed: 1,
      only: ['list', 'ratelimit.retry-after'],
      // A clock that moves on when the kit sleeps.
      now: () => Date.now() + slept,
      sleep: async (ms) => {
        sleeps.push(ms)
        slept += ms
      },
      transport: async (request) => {
        const response = await fetchTransport(request)
        count += 1
        if (count === 3) {
          // Nothing left until a Reset 30 s ahead, as Retry-After says.
          return {
            status: 429,
            headers: {
              ...response.headers,
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 30),
              'retry-after': '30',
            },
            body: JSON.stringify({ code: 'rate_limited', message: 'Slow down.', status: 429 }),
            truncated: false,
          }
        }
        return response
      },
    })
    expect(sleeps).toEqual([30_000])
    expect(result.stats).toMatchObject({ unrequested429: 1, retries: 1, waitedMs: 30_000 })
    expect(result.results.filter((entry) => entry.outcome === 'failed')).toEqual([])
    expect(outcomeOf(result, 'ratelimit.retry-after', 'any')).toBe('passed')
  })
})
