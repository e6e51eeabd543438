import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../../src/base/clock/create-fake-clock.ts'
import type { ConformanceResult } from '../model/types.ts'
import { type ConformanceOptions, runConformance } from '../run/run-conformance.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { provenBy, SMALL_WINDOW_RUN } from '../test-utils/fault-cases.ts'
import { fetchTransportDatedBy } from '../test-utils/fetch-transport.ts'
import type { ReferenceFault, ReferenceOptions } from '../test-utils/reference-server.ts'
import { startReferenceServer } from '../test-utils/reference-server.ts'
import {
  failedRequired,
  REFERENCE_OTHER_TOKEN,
  REFERENCE_TOKEN,
} from '../test-utils/run-reference.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'

/** Each failure as its check and operation. */
const failures = (result: ConformanceResult) =>
  result.results
    .filter((entry) => entry.outcome === 'failed')
    .map((entry) => `${entry.id} ${entry.operation}`)
    .sort()

/** A second run starts a minute after the first ended, as a person runs it again. */
const BETWEEN_RUNS_MS = 60_000

/** Runs the kit twice (seed 7, a minute apart) against one reference server with `options`. */
async function twoRuns(options: ReferenceOptions, run: Partial<ConformanceOptions> = {}) {
  const clock = fakeClock()
  const server = await startReferenceServer({ clock: clock.now, ...options })
  try {
    const once = () =>
      runConformance({
        baseUrl: server.baseUrl,
        token: REFERENCE_TOKEN,
        otherToken: REFERENCE_OTHER_TOKEN,
        seed: 7,
        now: clock.now,
        sleep: clock.sleep,
        ...run,
      })
    const first = await once()
    clock.advance(BETWEEN_RUNS_MS)
    const second = await once()
    return { first, second }
  } finally {
    await server.close()
  }
}

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
      const { first, second } = await twoRuns({ fault })
      expect(failures(first)).not.toEqual([])
      expect(failures(second)).toEqual(failures(first))
      expect(second.seed).toBe(first.seed)
    }, 60_000)
  }
})

describe('a fault that the state an earlier run left makes visible is caught in the first run too', () => {
  // Each is seen only in a state a run leaves behind: more than 50 pets to
  // list, a server past its fifth create, a window that has rolled. The
  // first run makes that state itself (it creates the pets, it is past five
  // creates when it reads back what it created), so both runs fail alike,
  // on the checks that name the fault.
  const cases: Array<{
    fault: ReferenceFault
    options?: ReferenceOptions
    run?: Partial<ConformanceOptions>
    /** Compare the checks that fail, not each check's operations. */
    sameChecks?: boolean
  }> = [
    { fault: 'limit-100-capped-at-50' },
    // No pets at start: the run's own creates take the store past 50.
    { fault: 'limit-100-capped-at-50', options: { seedPets: 0 } },
    // Every pet the run created is read back, the create.valid ones too once past the fifth create.
    { fault: 'mislabel-status-after-5-creates' },
    // A Reset stuck at the key's first window is wrong once a window rolls: between two runs,
    // and within a run that waits a window out (the rate-limit group). A default run within
    // one window cannot see it; the second of two default runs does. The same checks fail
    // in both runs; on which operations depends on when the window rolled (from the first
    // request in the second run, after the wait in the first).
    {
      fault: 'reset-stuck-at-first-window',
      ...SMALL_WINDOW_RUN,
      sameChecks: true,
    },
  ]
  for (const { fault, options, run, sameChecks } of cases) {
    it(`a reference server with the fault "${fault}"${options ? ` and ${JSON.stringify(options)}` : ''}${run ? ` (${JSON.stringify(run)})` : ''}`, async () => {
      const { first, second } = await twoRuns({ ...options, fault }, run)
      expect(failedRequired(first)).toEqual(expect.arrayContaining(provenBy(fault)))
      const seen = (result: ConformanceResult) =>
        sameChecks
          ? [...new Set(failures(result).map((line) => line.split(' ')[0]))]
          : failures(result)
      expect(seen(second)).toEqual(seen(first))
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
        transport: fetchTransportDatedBy(clock.now),
      })
    const first = await run()
    clock.advance(BETWEEN_RUNS_MS)
    const second = await run()
    expect(second.stats.petsCreated).toBeGreaterThan(0)
    expect([failures(first), failures(second)]).toEqual([[], []])
    expect([first.exitCode, second.exitCode]).toEqual([0, 0])
  }, 60_000)
})
