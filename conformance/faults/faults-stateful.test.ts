import { describe, expect, it } from 'vitest'
import { faultGroups } from '../test-utils/fault-cases.ts'
import { FAULT_TABLE } from '../test-utils/fault-table.ts'
import type { ReferenceFault } from '../test-utils/reference-server.ts'
import { runAgainstReference } from '../test-utils/run-reference.ts'

faultGroups(FAULT_TABLE.stateful)

describe('a stateful failure names the field and the rule it breaks', () => {
  /** The failure of `stateful.model` in a run of `only` against a reference server with `fault`. */
  async function modelFailure(fault: ReferenceFault, only: Array<string>) {
    const result = await runAgainstReference({ fault }, { only })
    return result.results.find((entry) => entry.id === 'stateful.model' && entry.failures.length)
      ?.failures[0]?.actual
  }

  it('a list with an invalid Pet: which field, what it is, what the spec wants', async () => {
    // list.schema not selected: the model judges the page and says why it is no list of Pets.
    const actual = await modelFailure('numeric-names-as-numbers', [
      'create.generated-exact',
      'stateful.model',
    ])
    expect(actual).toMatch(
      /^list \S*: `name` is an integer \(42\) in 1 of \d+ pets, expected a string \(§4\.1: a list of Pets; §2 Pet\): HTTP 200 \[/,
    )
  }, 30_000)

  it('a filtered list showing another status: the field and the filter', async () => {
    const actual = await modelFailure('status-filter-ignored-with-limit', ['stateful.model'])
    expect(actual).toMatch(
      /^list \?status=\w+&limit=\d+: lists \{.*\}, whose `status` is "\w+" \(§4\.1: `status` filters the list\)$/,
    )
  }, 30_000)

  it('a created pet that is not found: the operation and the rule', async () => {
    const actual = await modelFailure('lose-every-third-pet', ['stateful.model'])
    expect(actual).toMatch(
      /^get \d+ \(created as \{.*\}\): HTTP 404 .*\(§4\.3: a created pet is found by its `id`, 200 with the Pet\)$/,
    )
  }, 30_000)
})
