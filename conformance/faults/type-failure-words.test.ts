import { describe, expect, it } from 'vitest'
import { failedRequired, runAgainstReference } from '../test-utils/run-reference.ts'

describe('a wrong type, in words', () => {
  it('a server that writes ids as strings: every failure names `id` and its type once, the JSON trimmed; the generated case is the simplest body', async () => {
    const result = await runAgainstReference({ fault: 'id-as-string' }, { categoryId: 1 })
    expect(failedRequired(result)).toContain('list.schema')
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
    const list = listed?.failures[0]
    expect(list?.actual).toMatch(
      /^`id` is a string \("\d+"\) in (\d+) of \1 pets?, expected an int64 integer: HTTP 200 \[/,
    )
    const exact = failed.find((entry) => entry.id === 'create.generated-exact')?.failures[0]
    expect(exact?.counterexample).toBe('{"name":"conformance-a","categoryId":1}')
    // Shrunk to it by fast-check (the names shrink to SIMPLE_NAME), or tried
    // as the simplest body after the shrinking: either way nothing else remains.
    expect(exact?.message).toMatch(
      /^(Shrunk to a minimal failing case|The simplest body fails the same way)/,
    )
  }, 60_000)

  it('a failure that depends on the body keeps what it depends on: a trimmed name shrinks to a name with a space at an end', async () => {
    const result = await runAgainstReference({ fault: 'trims-names' })
    const exact = result.results.find(
      (entry) => entry.id === 'create.generated-exact' && entry.outcome === 'failed',
    )?.failures[0]
    const sent = JSON.parse(exact?.counterexample ?? '{}') as { name?: string }
    expect(sent.name).toMatch(/^\s|\s$/)
    expect(exact?.message).toMatch(/^Shrunk to a minimal failing case/)
    expect(exact?.actual).toMatch(/^name ".*" instead of ".*"/)
  }, 60_000)
})
