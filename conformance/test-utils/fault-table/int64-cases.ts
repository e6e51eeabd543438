import { expect } from 'vitest'
import type { ConformanceResult } from '../../model/types.ts'
import type { FaultGroup } from '../fault-cases.ts'
import { failedRequired } from '../run-reference.ts'

/**
 * Every failure against a server that writes ids as strings names `id` and
 * its type once, the JSON trimmed; the generated case is the simplest body.
 */
function typeInWords(result: ConformanceResult) {
  expect(failedRequired(result)).toContain('create.valid')
  const failed = result.results.filter((entry) => entry.outcome === 'failed')
  for (const entry of failed) {
    for (const failure of entry.failures) {
      const words =
        /`id` is a string \("\d+"\)(?: in (\d+) of \1 pets?)?, expected an int64 integer/
      expect(failure.actual, `${entry.id}: ${failure.actual}`).toMatch(words)
      // Said once per failure, and the body only as an excerpt.
      expect(failure.actual.match(/`id`/g), entry.id).toHaveLength(1)
      expect(failure.actual.length, entry.id).toBeLessThan(400)
    }
  }
  // One wrong field is said once per check and operation; the other answers are counted.
  for (const entry of failed.filter((item) => item.id !== 'stateful.model')) {
    expect(entry.failures, entry.id).toHaveLength(1)
  }
  const listed = failed.find((entry) => entry.id === 'list.schema')
  expect(listed?.omittedFailures).toBeGreaterThan(0)
  expect(listed?.failures[0]?.actual).toMatch(
    /^`id` is a string \("\d+"\) in (\d+) of \1 pets?, expected an int64 integer: HTTP 200 \[/,
  )
  const exact = failed.find((entry) => entry.id === 'create.generated-exact')?.failures[0]
  expect(exact?.counterexample).toBe('{"name":"conformance-a","categoryId":1}')
  // Shrunk to it by fast-check (the names shrink to SIMPLE_NAME), or tried
  // as the simplest body after the shrinking: either way nothing else remains.
  expect(exact?.message).toMatch(
    /^(Shrunk to a minimal failing case|The simplest body fails the same way)/,
  )
}

/**
 * The fault cases of `FAULT_TABLE.int64`, run by `conformance/faults/faults-int64.test.ts`.
 *
 * @example
 * faultGroups(int64Cases)
 */
export const int64Cases: Array<FaultGroup> = [
  {
    title: 'int64 ids are kept exactly',
    cases: [
      {
        // Ids written as JSON strings: no listed pet is valid, so the creates find no category
        // unless one is given; with one, every create check says the same wrong field.
        fault: 'id-as-string',
        run: { categoryId: 1 },
        shows:
          'every failure names `id` and its type once, the JSON trimmed; the generated case is the simplest body',
        inspect: typeInWords,
        mayFail: [
          'create.valid',
          'create.echo-exact',
          'create.concurrent',
          'create.generated-valid',
          'create.generated-exact',
        ],
      },
      {
        fault: 'ids-as-doubles',
        options: { firstId: 9007199254740993n, idStep: 1n, categoryIds: [9007199254740993n] },
        mayFail: [
          'create.unique-ids',
          'create.concurrent',
          'get.valid',
          'list.schema',
          'create.generated-exact',
        ],
      },
      {
        // With a known category id beyond 2^53, `<id>.5` reads as a whole number
        // in a double: the kit also sends 1.5.
        fault: 'category-fraction-truncated',
        options: { categoryIds: [9007199254740993n, 1n] },
      },
    ],
  },
]
