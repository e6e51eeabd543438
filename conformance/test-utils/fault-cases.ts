import { describe, expect, it } from 'vitest'
import { type CatalogueFault, CHECKS, catalogue } from '../../src/judge/catalogue.ts'
import { createExchangeJudge, type JudgedExchange } from '../../src/judge/judge-exchange.ts'
import { selectChecks } from '../model/select-checks.ts'
import type { CheckId, ConformanceEvent, ConformanceResult } from '../model/types.ts'
import { shapesProbe } from '../probes/shapes-probe.ts'
import type { ConformanceOptions } from '../run/run-conformance.ts'
import type { ReferenceFault, ReferenceOptions } from './reference-server.ts'
import { failedRequired, runAgainstReference } from './run-reference.ts'

/**
 * A fault a check's definition names that the reference server does not
 * have: none. A name it lacks (`faults: ['typo']`) fails to compile here,
 * naming it (`Type 'true' is not assignable to type '"typo"'`).
 *
 * @example
 * noUnknownFault // true
 */
type UnknownFault = Exclude<CatalogueFault, ReferenceFault>
export const noUnknownFault: [UnknownFault] extends [never] ? true : UnknownFault = true

/**
 * Checks that judge every rule a request crosses (the random sequences of
 * `stateful.model`, and the requests in other shapes judged by the model of
 * the spec): a server that breaks one rule may fail them too.
 *
 * @example
 * MODEL_CHECKS.includes('shape.query') // true
 */
export const MODEL_CHECKS: ReadonlyArray<string> = ['stateful.model', ...shapesProbe.checks]

/**
 * A case's server with small rate-limit windows (150 requests in 2 s) and a
 * run of the rate-limit group, which exhausts the key and waits a window out.
 *
 * @example
 * faultCases([{ fault: 'retry-after-in-ms', ...SMALL_WINDOW_RUN }])
 */
export const SMALL_WINDOW_RUN = {
  options: { rateLimit: { limit: 150, windowS: 2 } },
  run: { include: ['rate-limit'] },
} satisfies Pick<FaultCase, 'options' | 'run'>

/**
 * One server that breaks exactly one rule. The checks that must catch it are
 * the required ones whose definition names the fault (`faults` in the
 * catalogue), among those the run selects.
 *
 * @example
 * const entry: FaultCase = { fault: 'plain-text-405', mayFail: ['response.json'] }
 */
export interface FaultCase {
  fault: ReferenceFault
  /** Other switches of the reference server (allowed differences). */
  options?: ReferenceOptions
  run?: Partial<ConformanceOptions>
  /** Required checks that may fail too (they share the broken rule). */
  mayFail?: Array<CheckId>
  /**
   * Checks of those the fault fails that the proxy's judge cannot name from
   * the run's exchanges: the kit decides them from what its probe asked for,
   * not from one exchange (every other check with a `judge` or a
   * `judgeExchange` the proxy's judge must name too).
   */
  kitOnly?: Array<CheckId>
  /** What `inspect` asserts besides, in the test's name. */
  shows?: string
  /** Further assertions on the result and the notes the run said. */
  inspect?: (result: ConformanceResult, notes: ReadonlyArray<string>) => void
}

/**
 * Fault cases under one heading: a `describe` of the fault tests.
 *
 * @example
 * const group: FaultGroup = { title: 'limit boundaries', cases: [{ fault: 'limit-off-by-one' }] }
 */
export interface FaultGroup {
  title: string
  cases: Array<FaultCase>
}

/**
 * The required checks a fault must fail in a run with `run`'s selection: those
 * whose definition names it.
 *
 * @example
 * provenBy('limit-off-by-one') // ['list.limit-exact']
 */
export function provenBy(
  fault: ReferenceFault,
  run: Partial<ConformanceOptions> = {},
): Array<CheckId> {
  const selected = new Set(selectChecks(run).map((check) => check.id))
  return catalogue
    .filter(
      (check) =>
        check.level === 'required' &&
        selected.has(check.id) &&
        (check.faults as ReadonlyArray<string>).includes(fault),
    )
    .map((check) => check.id)
}

/**
 * The checks of `fails` the proxy's judge must name on the exchanges of the
 * case's run: those it judges (a `judge` or a `judgeExchange`), less the
 * case's `kitOnly`.
 *
 * @example
 * heldByProxy(['deprecation.only-get-pet', 'list.complete'], { fault: 'deprecation-on-every-operation' })
 * // ['deprecation.only-get-pet']
 */
export function heldByProxy(fails: ReadonlyArray<CheckId>, entry: FaultCase): Array<CheckId> {
  return fails.filter(
    (id) => (CHECKS[id].judge || CHECKS[id].judgeExchange) && !(entry.kitOnly ?? []).includes(id),
  )
}

/** The checks the proxy's judge names on `exchanges`, judged in order as one stream. */
function namedByProxy(exchanges: ReadonlyArray<JudgedExchange>): Set<string> {
  const judge = createExchangeJudge()
  return new Set(
    exchanges.flatMap((exchange) => judge(exchange).map((violation) => violation.check)),
  )
}

/**
 * Declares one test per case: the reference server with the fault switched
 * on fails the run (exit 1) on the checks whose definition names the fault
 * ({@link provenBy}) and on nothing unrelated; each failure carries a
 * reproducing curl; and the proxy's judge, given the run's exchanges as a
 * proxy in front of the server saw them, names those it judges too
 * ({@link heldByProxy}): a check judged on every answer needs no exchange
 * written by hand for the proxy's judge.
 *
 * @example
 * faultCases([{ fault: 'limit-off-by-one' }])
 */
export function faultCases(cases: Array<FaultCase>): void {
  for (const entry of cases) {
    const fails = provenBy(entry.fault, entry.run)
    const shows = entry.shows ? `; ${entry.shows}` : ''
    it(`fails a server with the fault "${entry.fault}" (${fails.join(', ') || 'no check names it'})${shows}`, async () => {
      expect(fails, `no required check of the run names the fault "${entry.fault}"`).not.toEqual([])
      const notes: Array<string> = []
      const onEvent = (event: ConformanceEvent) => {
        if (event.type === 'note') notes.push(event.text)
        entry.run?.onEvent?.(event)
      }
      const result = await runAgainstReference(
        { ...entry.options, fault: entry.fault },
        { ...entry.run, onEvent },
      )
      const failed = failedRequired(result)
      const diagnosis = JSON.stringify(
        result.results
          .filter((item) => item.outcome === 'failed')
          .map((item) => [item.id, item.failures[0]?.actual]),
      )
      expect(failed, diagnosis).toEqual(expect.arrayContaining(fails))
      const allowed = new Set<string>([...fails, ...(entry.mayFail ?? []), ...MODEL_CHECKS])
      expect(
        failed.filter((id) => !allowed.has(id)),
        `only the broken rule fails: ${diagnosis}`,
      ).toEqual([])
      expect(result.exitCode).toBe(1)
      expect(
        heldByProxy(fails, entry).filter((id) => !namedByProxy(result.exchanges).has(id)),
        "checks the proxy's judge does not name on the run's exchanges",
      ).toEqual([])
      for (const id of fails) {
        const failure = result.results.find((item) => item.id === id && item.failures.length)
          ?.failures[0]
        expect(failure?.curl ?? failure?.sequence).toMatch(/curl /)
      }
      entry.inspect?.(result, notes)
    }, 30_000)
  }
}

/**
 * Declares the fault cases of `groups`, one `describe` a group
 * ({@link faultCases}).
 *
 * @example
 * faultGroups(FAULT_TABLE.boundaries)
 */
export function faultGroups(groups: ReadonlyArray<FaultGroup>): void {
  for (const group of groups) {
    describe(group.title, () => faultCases(group.cases))
  }
}
