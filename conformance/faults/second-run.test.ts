import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../../src/base/clock/create-fake-clock.ts'
import type { ConformanceResult } from '../model/types.ts'
import { runConformance } from '../run/run-conformance.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { undatedFetchTransport } from '../test-utils/fetch-transport.ts'
import type { ReferenceFault } from '../test-utils/reference-server.ts'
import { startReferenceServer } from '../test-utils/reference-server.ts'
import { REFERENCE_OTHER_TOKEN, REFERENCE_TOKEN } from '../test-utils/run-reference.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'

/** Each failure as its check and operation. */
const failures = (result: ConformanceResult) =>
  result.results
    .filter((entry) => entry.outcome === 'failed')
    .map((entry) => `${entry.id} ${entry.operation}`)
    .sort()

/** A second run starts a minute after the first ended, as a person runs it again. */
const BETWEEN_RUNS_MS = 60_000

describe('the same server and seed give the same failures on a second run', () => {
  // Faults whose failures a run changed for the next one: names repeated by a
  // second run with the same seed (a server that finds pets by name), a pet
  // stored wrong by the first run listed in the second's first lists, a page
  // short by one once the store passes 100 pets, a default page of 25 once a
  // status has more than 20 pets, a cache holding a keyed answer from before.
  const faults: Array<ReferenceFault> = [
    'create-upserts-by-name',
    'numeric-names-as-numbers',
    'limit-off-by-one',
    'default-page-25-with-status',
    'concurrent-creates-share-an-id',
    'cache-ignores-authorization',
  ]
  for (const fault of faults) {
    it(`a reference server with the fault "${fault}"`, async () => {
      const clock = fakeClock()
      const server = await startReferenceServer({ clock: clock.now, fault })
      try {
        const run = () =>
          runConformance({
            baseUrl: server.baseUrl,
            token: REFERENCE_TOKEN,
            otherToken: REFERENCE_OTHER_TOKEN,
            seed: 7,
            now: clock.now,
            sleep: clock.sleep,
          })
        const first = await run()
        clock.advance(BETWEEN_RUNS_MS)
        const second = await run()
        expect(failures(first)).not.toEqual([])
        expect(failures(second)).toEqual(failures(first))
        expect(second.seed).toBe(first.seed)
      } finally {
        await server.close()
      }
    }, 60_000)
  }
})

describe('the mock passes a second run as it passed the first', () => {
  const clock = createFakeClock(Date.now())
  const mock = withTestMock({ clock })
  it('no failure in either run, pets of the first run in the store', async () => {
    const run = () =>
      runConformance({
        baseUrl: `${mock.current.url}/v1`,
        token: 'sk_test_enterprise',
        otherToken: 'sk_test_pro',
        seed: 7,
        now: clock.now,
        sleep: async (ms: number) => clock.advance(ms),
        // The mock's windows run on the fake clock; its `Date` on the wall clock.
        transport: undatedFetchTransport,
      })
    const first = await run()
    clock.advance(BETWEEN_RUNS_MS)
    const second = await run()
    expect(second.stats.petsCreated).toBeGreaterThan(0)
    expect([failures(first), failures(second)]).toEqual([[], []])
    expect([first.exitCode, second.exitCode]).toEqual([0, 0])
  }, 60_000)
})
