import { describe, expect, it } from 'vitest'
import type { ConformanceResult } from '../model/types.ts'
import { formatFailure } from '../reporters/junit-reporter.ts'
import { faultCases } from '../test-utils/fault-cases.ts'
import type { ReferenceFault } from '../test-utils/reference-server.ts'
import { runAgainstReference } from '../test-utils/run-reference.ts'

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

describe('the stateful phase finds what one request cannot, and shrinks it', () => {
  faultCases([
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
  ])
})

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
