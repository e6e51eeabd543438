import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RecordIndex } from './record-index.ts'

interface Row {
  id: number
  status?: string
}

type Command = { kind: 'upsert'; row: Row } | { kind: 'remove'; id: number } | { kind: 'load' }

const row = fc.record(
  { id: fc.integer({ min: 1, max: 60 }), status: fc.constantFrom('a', 'b', 'c') },
  { requiredKeys: ['id'] },
)
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: row.map((value) => ({ kind: 'upsert' as const, row: value })) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 60 }).map((id) => ({ kind: 'remove' as const, id })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'load' as const }) },
)

describe('RecordIndex', () => {
  it('agrees with a sorted model after any sequence of upserts, removes and loads', () => {
    const seed = [{ id: 2, status: 'a' }, { id: 5 }, { id: 9, status: 'b' }]
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        const index = new RecordIndex<Row>()
        const model = new Map<number, Row>()
        index.load(seed)
        for (const record of seed) model.set(record.id, record)
        for (const step of commands) {
          if (step.kind === 'upsert') {
            index.upsert(step.row)
            model.set(step.row.id, step.row)
          } else if (step.kind === 'remove') {
            expect(index.remove(step.id)).toBe(model.get(step.id))
            model.delete(step.id)
          } else {
            index.load(seed)
            model.clear()
            for (const record of seed) model.set(record.id, record)
          }
          const sorted = [...model.values()].sort((a, b) => a.id - b.id)
          expect(index.all()).toEqual(sorted)
          expect(index.size).toBe(sorted.length)
          expect(index.lastId).toBe(sorted.at(-1)?.id ?? 0)
          for (const status of ['a', 'b', 'c']) {
            const group = sorted.filter((record) => record.status === status)
            expect(index.list(status, 100)).toEqual(group)
            expect(index.list(status, 2)).toEqual(group.slice(0, 2))
          }
          expect(index.list(undefined, 3)).toEqual(sorted.slice(0, 3))
          for (let id = 1; id <= 60; id++) expect(index.get(id)).toBe(model.get(id))
        }
      }),
      { seed: 10, numRuns: 150 },
    )
  })

  it('keeps the loaded array its own', () => {
    const rows = [{ id: 1 }, { id: 2 }]
    const index = new RecordIndex<Row>()
    index.load(rows)
    index.upsert({ id: 3 })
    expect(rows).toHaveLength(2)
    expect(index.list(undefined, -1)).toEqual([])
  })
})
