import { expect } from 'vitest'
import type { ConformanceResult } from '../../model/types.ts'
import { formatFailure } from '../../reporters/junit-reporter.ts'
import type { FaultGroup } from '../fault-cases.ts'

/** The stateful failure, with its numbered curl steps. */
function statefulFailure(result: ConformanceResult) {
  const failure = result.results.find(
    (entry) => entry.id === 'stateful.model' && entry.failures.length,
  )?.failures[0]
  expect(failure?.seed).toBe(1)
  expect(failure?.sequence).toMatch(/^1\. .+\n {3}curl -i /)
  const steps = failure?.sequence?.match(/^\d+\. /gm) ?? []
  // Every report (console, JUnit, GitHub, HTML) shows the numbered steps.
  expect(failure && formatFailure(failure)).toMatch(/\nshortest failing sequence:\n1\. /)
  return { failure, steps: steps.length }
}

/**
 * The fault cases of `FAULT_TABLE.stateful`, run by `conformance/faults/faults-stateful.test.ts`.
 *
 * @example
 * faultGroups(statefulCases)
 */
export const statefulCases: Array<FaultGroup> = [
  {
    title: 'the stateful phase finds what one request cannot, and shrinks it',
    cases: [
      {
        fault: 'lose-every-third-pet',
        // Only the stateful phase: no other check creates pets first.
        run: { only: ['stateful.model'], statefulRequests: 80 },
        inspect(result) {
          const { failure, steps } = statefulFailure(result)
          const first = Number(/as (\d+) request/.exec(failure?.message ?? '')?.[1])
          expect(steps).toBeLessThanOrEqual(first)
          expect(failure?.message).toMatch(/shrunk [1-9]\d* time/)
          expect(failure?.actual).toMatch(/^get \d+ .*HTTP 404/)
          expect(result.stats.requests).toBeLessThanOrEqual(1 + 80)
        },
      },
      {
        // A create with a name that exists overwrites that pet and returns it.
        fault: 'create-upserts-by-name',
        run: { only: ['stateful.model'] },
        inspect(result) {
          const { failure } = statefulFailure(result)
          expect(failure?.actual).toMatch(/was already given to/)
        },
      },
      {
        fault: 'overlapping-creates-lose-writes',
        run: { only: ['stateful.model'] },
        inspect(result) {
          const { failure } = statefulFailure(result)
          expect(failure?.actual).toMatch(/HTTP 404/)
        },
      },
      {
        fault: 'mislabel-status-after-5-creates',
        run: { only: ['stateful.model'], statefulRequests: 60 },
        inspect(result) {
          const { failure, steps } = statefulFailure(result)
          expect(steps).toBeGreaterThanOrEqual(1)
          expect(failure?.actual).toMatch(/status/)
          expect(result.stats.requests).toBeLessThanOrEqual(1 + 60)
        },
      },
    ],
  },
]
