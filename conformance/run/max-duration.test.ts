import { afterEach, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/judge/catalogue.ts'
import { errorBody, type RawServer, startRawServer } from '../../src/test-utils/raw-server.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { runConformance } from './run-conformance.ts'

let server: RawServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A server that answers every request 429, with `retryAfter` when given. */
const always429 = async (retryAfter?: string) => {
  server = await startRawServer((_request, response) => {
    response
      .writeHead(429, {
        'content-type': 'application/json',
        ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
      })
      .end(errorBody(429, 'rate_limited'))
  })
  return `${server.url}/v1`
}

describe('--max-duration against a server that always answers 429 (fake clock, no real waiting)', () => {
  it('with Retry-After 60 and 30 s allowed: stops at the first wait, every check not run, exit 2', async () => {
    const clock = fakeClock()
    const started = performance.now()
    const events: Array<string> = []
    const result = await runConformance({
      baseUrl: await always429('60'),
      token: 'sk_test_enterprise',
      seed: 1,
      maxDurationMs: 30_000,
      now: clock.now,
      sleep: clock.sleep,
      onEvent: (event) => events.push(event.type),
    })
    // The 60 s wait that does not fit is not announced: the stop says why.
    expect(events).not.toContain('wait')
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(clock.sleeps).toEqual([])
    expect(server?.requests).toBe(1)
    // The refused wait is neither a retry nor time waited.
    expect(result.stats).toMatchObject({ requests: 1, retries: 0, waitedMs: 0 })
    expect(result.exitCode).toBe(2)
    expect(result.stopped).toMatchObject({
      reason: 'maxDuration',
      code: 'ERR_PETSTORE_CONFORMANCE_MAX_DURATION',
    })
    expect(result.stopped?.message).toMatch(
      /^\[petstore-conformance\] Failed to finish the run in time: --max-duration 30 s reached early: .* needs 60 s, only 30 s are left\.$/,
    )
    // Only the checks of every response saw the one 429; no probe ran.
    const decided = result.results.filter((entry) => entry.outcome !== 'not-run')
    const responseChecks = catalogue.filter((check) => check.scope === 'response')
    expect(decided.length).toBeGreaterThan(0)
    for (const entry of decided) {
      expect(responseChecks.map((check) => check.id)).toContain(entry.id)
    }
    const { summary } = result
    expect(summary.notRun).toBe(result.results.length - decided.length)
    expect(result.verdict).toBe(
      `STOPPED: ${result.stopped?.summary}; ${summary.requiredFailed} required check${summary.requiredFailed === 1 ? '' : 's'} failed before; ${summary.notRun} checks not run (exit 2)`,
    )
  })

  it('without Retry-After: backs off and paces within the 30 s, then stops before the limit', async () => {
    const clock = fakeClock()
    const result = await runConformance({
      baseUrl: await always429(),
      token: 'sk_test_enterprise',
      seed: 1,
      maxDurationMs: 30_000,
      now: clock.now,
      sleep: clock.sleep,
    })
    expect(result.exitCode).toBe(2)
    expect(result.stopped?.reason).toBe('maxDuration')
    expect(clock.elapsed()).toBeLessThanOrEqual(30_000)
    expect(clock.sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(clock.elapsed())
    expect(result.stats.requests).toBeGreaterThan(4)
    expect(result.stats.requests).toBe(server?.requests)
    expect(result.stats.unrequested429).toBe(result.stats.requests)
    expect(result.summary.notRun).toBeGreaterThan(0)
  })

  it('the default bound is 600 s: Retry-After 60 is honoured until the next wait no longer fits', async () => {
    const clock = fakeClock()
    const result = await runConformance({
      baseUrl: await always429('60'),
      token: 'sk_test_enterprise',
      seed: 1,
      now: clock.now,
      sleep: clock.sleep,
    })
    expect(result.maxDurationMs).toBe(600_000)
    expect(result.exitCode).toBe(2)
    expect(result.stopped?.summary).toMatch(/^--max-duration 600 s reached early/)
    expect(clock.elapsed()).toBeLessThanOrEqual(600_000)
    expect(clock.elapsed()).toBeGreaterThan(540_000)
    expect(Math.max(...clock.sleeps)).toBe(60_000)
    expect(clock.sleeps.filter((ms) => ms === 60_000).length).toBeGreaterThanOrEqual(9)
  })

  it('bounds each request by the time left', async () => {
    const clock = fakeClock()
    const timeouts: Array<number> = []
    const result = await runConformance({
      baseUrl: 'http://127.0.0.1:9/v1',
      token: 'sk_test_enterprise',
      maxDurationMs: 2_000,
      timeoutMs: 10_000,
      now: clock.now,
      sleep: clock.sleep,
      transport: async (request) => {
        timeouts.push(request.timeoutMs)
        throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })
      },
    }).catch((error: { result?: unknown }) => error.result)
    expect(timeouts).toEqual([2_000])
    expect(result).toMatchObject({ exitCode: 2, stopped: { reason: 'unreachable' } })
  })
})
