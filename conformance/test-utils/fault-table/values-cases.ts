import { expect } from 'vitest'
import type { ConformanceResult } from '../../model/types.ts'
import type { FaultGroup } from '../fault-cases.ts'

/**
 * A failure that depends on the body keeps what it depends on: a trimmed
 * name shrinks to a name with a space at an end.
 */
function shrunkToASpace(result: ConformanceResult) {
  const exact = result.results.find(
    (entry) => entry.id === 'create.generated-exact' && entry.outcome === 'failed',
  )?.failures[0]
  const sent = JSON.parse(exact?.counterexample ?? '{}') as { name?: string }
  expect(sent.name).toMatch(/^\s|\s$/)
  expect(exact?.message).toMatch(/^Shrunk to a minimal failing case/)
  expect(exact?.actual).toMatch(/^name ".*" instead of ".*"/)
}

/**
 * The fault cases of `FAULT_TABLE.values`, run by `conformance/faults/faults-values.test.ts`.
 *
 * @example
 * faultGroups(valuesCases)
 */
export const valuesCases: Array<FaultGroup> = [
  {
    title: "what a create stores is what was sent, over each field's whole domain",
    cases: [
      {
        fault: 'trims-names',
        shows: 'shrunk to a name with a space at an end',
        inspect: shrunkToASpace,
      },
      { fault: 'numeric-names-refused' },
      {
        fault: 'astral-characters-mangled',
        mayFail: ['create.echo-exact'],
      },
      {
        fault: 'numeric-names-as-numbers',
        mayFail: ['list.schema'],
      },
      {
        // Unknown categories accepted: the kit sends category ids beyond 2^53.
        fault: 'category-id-through-double',
        options: { unknownCategory: 'accept' },
        // The stored category id, rounded to 2^63, is listed beyond int64.
        mayFail: ['list.schema'],
      },
    ],
  },
  {
    title: 'ids never alias',
    cases: [{ fault: 'path-ids-alias-beyond-32-bits' }],
  },
]
