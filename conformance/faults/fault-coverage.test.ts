import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../../src/judge/catalogue.ts'
import { heldByProxy, provenBy } from '../test-utils/fault-cases.ts'
import { FAULT_TABLE } from '../test-utils/fault-table.ts'
import { PROXY_FAULTS } from '../test-utils/proxy-faults.ts'
import { REFERENCE_FAULTS } from '../test-utils/reference/apply-fault.ts'

/** Every case of the fault table (the fault tests run each). */
const allCases = Object.values(FAULT_TABLE).flatMap((groups) =>
  groups.flatMap((group) => group.cases),
)

/** The faults a case of the fault table runs. */
const faultsWithACase = (): Set<string> => new Set(allCases.map((entry) => entry.fault))

// Read from the checks' definitions (`faults`) and the fault proxy's table
// (`PROXY_FAULTS`, keyed by check id), as data: the fault tests run each
// named fault and require the naming checks to fail on it.
describe('fault coverage', () => {
  it('every required check names a fault it must catch (of the reference server, or of the fault proxy)', () => {
    const unproved = catalogue
      .filter((check) => check.level === 'required')
      .filter((check) => check.faults.length === 0 && (PROXY_FAULTS[check.id]?.length ?? 0) === 0)
      .map((check) => check.id)
    expect(unproved).toEqual([])
  })

  it('every fault a check names is one the reference server has', () => {
    const named = catalogue.flatMap((check) => check.faults.map((fault) => `${check.id}: ${fault}`))
    expect(named.length).toBeGreaterThan(0)
    expect(
      named.filter(
        (entry) =>
          !(REFERENCE_FAULTS as ReadonlyArray<string>).includes(entry.split(': ')[1] ?? ''),
      ),
    ).toEqual([])
  })

  it('every fault of the reference server is named by a check that must catch it', () => {
    const named = new Set<string>(catalogue.flatMap((check) => check.faults))
    expect(REFERENCE_FAULTS.filter((fault) => !named.has(fault))).toEqual([])
  })

  it('every group of the fault table has its test file, faults-<group>.test.ts', () => {
    expect(
      Object.keys(FAULT_TABLE).filter(
        (name) => !existsSync(`${import.meta.dirname}/faults-${name}.test.ts`),
      ),
    ).toEqual([])
  })

  it('every fault a check names is run by a fault case (a check proved by a fault no test runs is not proved)', () => {
    const run = faultsWithACase()
    expect(run.size).toBeGreaterThan(0)
    expect(
      catalogue.flatMap((check) =>
        check.faults.filter((fault) => !run.has(fault)).map((fault) => `${check.id}: ${fault}`),
      ),
    ).toEqual([])
  })

  it("every check judged on every answer is held by a fault case to the proxy's judge too (no exchange written by hand for it)", () => {
    const held = new Set(
      allCases.flatMap((entry) => heldByProxy(provenBy(entry.fault, entry.run), entry)),
    )
    expect(
      catalogue.filter((check) => check.judge && !held.has(check.id)).map((check) => check.id),
    ).toEqual([])
  })

  it('only required checks name faults (an advisory one only warns, so no fault test can require it)', () => {
    expect(
      catalogue
        .filter((check) => check.level === 'advisory' && check.faults.length > 0)
        .map((check) => check.id),
    ).toEqual([])
  })
})
