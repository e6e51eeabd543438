import { describe, expect, it } from 'vitest'
import { createResultCollector } from './result-collector.ts'
import { selectChecks } from './select-checks.ts'
import type { Exchange } from './types.ts'

const exchange = (id: number, durationMs: number, url = 'http://h/v1/pets'): Exchange => ({
  id,
  operation: 'listPets',
  credential: 'valid',
  request: { method: 'GET', url, headers: {} },
  response: { status: 200, headers: {}, body: '[]', truncated: false },
  receivedAt: 0,
  durationMs,
})

const untested = () => ({ outcome: 'skipped' as const, reason: 'not exercised' })

describe('createResultCollector', () => {
  it('takes only check ids of the catalogue (a typo does not compile)', () => {
    const collector = createResultCollector(selectChecks({ only: ['list.default-limit'] }))
    // @ts-expect-error: 'list.default-limits' is no check id
    collector.pass('list.default-limits', 'listPets')
    collector.pass('list.default-limit', 'listPets')
    expect(collector.results(untested).map((result) => result.passes)).toEqual([1])
  })

  it('counts a repeated identical failure instead of keeping it twice', () => {
    const collector = createResultCollector(selectChecks({ only: ['list.default-limit'] }))
    const input = { expected: 'at most 20 pets', actual: '30 pets' }
    collector.fail('list.default-limit', 'listPets', exchange(1, 5), input)
    collector.fail('list.default-limit', 'listPets', exchange(2, 5), input)
    collector.fail('list.default-limit', 'listPets', exchange(3, 5, 'http://h/v1/pets?x'), input)
    const [result] = collector.results(untested)
    expect(result?.failures).toHaveLength(2)
    expect(result?.omittedFailures).toBe(1)
  })

  it('times each result by the distinct exchanges it was decided on', () => {
    const collector = createResultCollector(selectChecks({ only: ['list.schema'] }))
    const first = exchange(1, 30)
    collector.received(first)
    collector.pass('list.schema', 'listPets')
    collector.pass('list.schema', 'listPets', first)
    collector.received(exchange(2, 12))
    collector.pass('list.schema', 'listPets')
    const [result] = collector.results(untested)
    expect(result?.durationMs).toBe(42)
    expect(collector.operationTimes()).toEqual({ listPets: 42 })
  })
})
