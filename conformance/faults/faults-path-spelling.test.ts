import { describe, expect, it } from 'vitest'
import { type FaultCase, faultCases } from '../test-utils/fault-cases.ts'
import { failedRequired, runAgainstReference } from '../test-utils/run-reference.ts'

// An auth layer and a router that read a path two ways (stack-faults.ts): a
// spelling the router takes for an operation reaches it without the key; and
// a slash redirect that leaves the API.
const SPELLING_FAULTS: Array<FaultCase> = [
  { fault: 'auth-exact-path-router-ignores-trailing-slash' },
  { fault: 'auth-before-slashes-merged' },
  { fault: 'auth-before-dot-segments-removed' },
  { fault: 'auth-on-raw-path-router-decodes' },
  { fault: 'auth-case-sensitive-router-case-insensitive' },
  { fault: 'slash-redirect-drops-mount-path' },
]

describe('path spellings that reach an operation without the key, or redirect out of the API', () => {
  faultCases(SPELLING_FAULTS)

  it.each(SPELLING_FAULTS)(
    'the kit without shape.path-spelling passes "$fault"',
    async ({ fault }) => {
      const result = await runAgainstReference({ fault }, { skip: ['shape.path-spelling'] })
      expect(failedRequired(result)).toEqual([])
    },
    30_000,
  )

  it('a read-only run still sends every spelling without the key to the GET operations', async () => {
    const result = await runAgainstReference(
      { fault: 'auth-before-slashes-merged' },
      { readOnly: true, only: ['shape.path-spelling'] },
    )
    const outcomes = result.results.map((entry) => `${entry.operation} ${entry.outcome}`)
    expect(outcomes).toEqual(expect.arrayContaining(['createPet skipped', 'getPet failed']))
  }, 30_000)
})
