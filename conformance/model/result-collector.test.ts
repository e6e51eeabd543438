import { describe, expect, expectTypeOf, it } from 'vitest'
import type { CheckOperation } from '../../src/judge/catalogue.ts'
import { assertRule } from '../probes/response-checks.ts'
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
    expect(() => collector.pass('list.default-limits', 'listPets')).toThrow(
      '[petstore-conformance] Failed to record a result of list.default-limits: no check of the catalogue has that id.',
    )
    collector.pass('list.default-limit', 'listPets')
    expect(collector.results(untested).map((result) => result.passes)).toEqual([1])
  })

  it("takes only an operation the check's definition lists (another does not compile)", () => {
    const collector = createResultCollector(selectChecks({ only: ['list.schema'] }))
    expectTypeOf<CheckOperation<'list.schema'>>().toEqualTypeOf<'listPets'>()
    expectTypeOf<CheckOperation<'create.concurrent'>>().toEqualTypeOf<'createPet' | 'getPet'>()
    expectTypeOf(collector.pass<'list.schema'>)
      .parameter(1)
      .toEqualTypeOf<'listPets'>()
    expect(() => {
      // @ts-expect-error: list.schema judges listPets only
      collector.pass('list.schema', 'getPet')
    }).toThrow(
      '[petstore-conformance] Failed to record a result of list.schema for getPet: its definition lists only listPets.',
    )
    expect(() =>
      // @ts-expect-error: get.valid judges getPet only
      collector.assert('get.valid', 'listPets', exchange(1, 5), 'a Pet', 'HTTP 500'),
    ).toThrow(/get\.valid for listPets/)
    // @ts-expect-error: get.not-found judges getPet only
    expect(() => collector.skip('get.not-found', 'createPet', 'why')).toThrow(/createPet/)
    // @ts-expect-error: list.limit judges listPets only
    expect(() => assertRule(collector, 'list.limit', 'getPet', exchange(2, 5))).toThrow(/getPet/)
    // @ts-expect-error: create.unique-ids has no function that judges one exchange
    expect(() => assertRule(collector, 'create.unique-ids', 'createPet', exchange(3, 5))).toThrow()
    // A check that was not selected is held to its definition too.
    expect(() =>
      // @ts-expect-error: orders.auth judges listOrders only
      collector.fail('orders.auth', 'listPets', undefined, { expected: '401', actual: '200' }),
    ).toThrow(/orders\.auth/)
    collector.pass('list.schema', 'listPets')
    expect(collector.results(untested).map((result) => [result.operation, result.passes])).toEqual([
      ['listPets', 1],
    ])
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
