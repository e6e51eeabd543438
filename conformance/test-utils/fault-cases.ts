import { expect, it } from 'vitest'
import type { ConformanceResult } from '../model/types.ts'
import type { ConformanceOptions } from '../run-conformance.ts'
import { shapesProbe } from '../shapes-probe.ts'
import type { ReferenceFault, ReferenceOptions } from './reference-server.ts'
import { failedRequired, runAgainstReference } from './run-reference.ts'

/**
 * Checks that judge every rule a request crosses (the random sequences of
 * `stateful.model`, and the requests in other shapes judged by the model of
 * the spec): a server that breaks one rule may fail them too.
 *
 * @example
 * MODEL_CHECKS.includes('shape.query') // true
 */
export const MODEL_CHECKS: ReadonlyArray<string> = ['stateful.model', ...shapesProbe.checks]

/** One server that breaks exactly one rule, and the checks that must catch it. */
export interface FaultCase {
  fault: ReferenceFault
  /** Other switches of the reference server (allowed differences). */
  options?: ReferenceOptions
  run?: Partial<ConformanceOptions>
  /** Required checks that must fail. */
  fails: Array<string>
  /** Required checks that may fail too (they share the broken rule). */
  mayFail?: Array<string>
  /** Further assertions on the result. */
  inspect?: (result: ConformanceResult) => void
}

/**
 * Declares one test per case: the reference server with the fault switched
 * on fails the run (exit 1) on the named checks and on nothing unrelated;
 * each failure carries a reproducing curl.
 *
 * @example
 * faultCases([{ fault: 'limit-off-by-one', fails: ['list.limit-exact'] }])
 */
export function faultCases(cases: Array<FaultCase>): void {
  for (const entry of cases) {
    it(`fails a server with the fault "${entry.fault}"`, async () => {
      const result = await runAgainstReference(
        { ...entry.options, fault: entry.fault },
        entry.run ?? {},
      )
      const failed = failedRequired(result)
      const diagnosis = JSON.stringify(
        result.results
          .filter((item) => item.outcome === 'failed')
          .map((item) => [item.id, item.failures[0]?.actual]),
      )
      expect(failed, diagnosis).toEqual(expect.arrayContaining(entry.fails))
      const allowed = new Set([...entry.fails, ...(entry.mayFail ?? []), ...MODEL_CHECKS])
      expect(
        failed.filter((id) => !allowed.has(id)),
        `only the broken rule fails: ${diagnosis}`,
      ).toEqual([])
      expect(result.exitCode).toBe(1)
      for (const id of entry.fails) {
        const failure = result.results.find((item) => item.id === id && item.failures.length)
          ?.failures[0]
        expect(failure?.curl ?? failure?.sequence).toMatch(/curl /)
      }
      entry.inspect?.(result)
    }, 30_000)
  }
}
