import { describe, expect, it } from 'vitest'
import { faultGroups } from '../test-utils/fault-cases.ts'
import { FAULT_TABLE } from '../test-utils/fault-table.ts'
import { failedRequired, runAgainstReference } from '../test-utils/run-reference.ts'

faultGroups(FAULT_TABLE['path-spelling'])

describe('shape.path-spelling alone catches them', () => {
  const faults = FAULT_TABLE['path-spelling'].flatMap((group) =>
    group.cases.map((entry) => entry.fault),
  )
  it.each(faults)(
    'the kit without shape.path-spelling passes "%s"',
    async (fault) => {
      const result = await runAgainstReference({ fault }, { skip: ['shape.path-spelling'] })
      expect(failedRequired(result)).toEqual([])
    },
    30_000,
  )

  it('a read-only run still sends the spellings without the key to the GET operations', async () => {
    const result = await runAgainstReference(
      { fault: 'auth-before-slashes-merged' },
      { readOnly: true, only: ['shape.path-spelling'] },
    )
    const outcomes = result.results.map((entry) => `${entry.operation} ${entry.outcome}`)
    expect(outcomes).toEqual(expect.arrayContaining(['createPet skipped', 'getPet failed']))
  }, 30_000)
})
