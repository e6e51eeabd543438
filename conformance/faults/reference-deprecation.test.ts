import { describe, expect, it } from 'vitest'
import { runAgainstReference } from '../test-utils/run-reference.ts'

describe('the reference server announces the sunset of getPet', () => {
  it('with a Deprecation date before its Sunset (RFC 9745 §4)', async () => {
    const result = await runAgainstReference({}, { only: ['list.schema', 'get'] })
    const entry = result.results.find((item) => item.id === 'get.deprecation-headers')
    expect(entry?.outcome, JSON.stringify(entry?.failures[0])).toBe('passed')
  })
})
