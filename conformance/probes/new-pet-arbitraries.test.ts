import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringifyExact } from '../../src/judge/exact-json.ts'
import { NewPet } from '../../src/spec/index.ts'
import { invalidNewPetBody, validNewPet } from './new-pet-arbitraries.ts'

describe('validNewPet', () => {
  it('stays inside what the spec states', () => {
    fc.assert(
      fc.property(validNewPet([3n, 5n]), (pet) => {
        expect(NewPet.safeParse({ ...pet, categoryId: Number(pet.categoryId) }).success).toBe(true)
        expect(pet.name.startsWith('conformance-')).toBe(true)
        expect(pet.name.length).toBeLessThanOrEqual(40)
        expect(pet.name).toBe(pet.name.trim())
        expect(pet.name).toMatch(/^conformance-[A-Za-z0-9][A-Za-z0-9 '.-]*$/)
        expect([3n, 5n]).toContain(pet.categoryId)
      }),
      { seed: 1, numRuns: 300 },
    )
  })

  it('sends int64 category ids beyond 2^53 exactly', () => {
    const [pet] = fc.sample(validNewPet([9223372036854775807n]), { seed: 1, numRuns: 1 })
    expect(stringifyExact(pet)).toContain('"categoryId":9223372036854775807')
  })

  it('is deterministic for a seed', () => {
    const a = fc.sample(validNewPet([1n]), { seed: 42, numRuns: 5 })
    const b = fc.sample(validNewPet([1n]), { seed: 42, numRuns: 5 })
    expect(a).toEqual(b)
  })
})

describe('invalidNewPetBody', () => {
  it('breaks a NewPet rule every time', () => {
    fc.assert(
      fc.property(invalidNewPetBody([1n, 2n]), ({ body }) => {
        let value: unknown
        try {
          value = JSON.parse(body)
        } catch {
          return
        }
        expect(NewPet.safeParse(value).success).toBe(false)
      }),
      { seed: 1, numRuns: 500 },
    )
  })

  it('covers every kind of violation', () => {
    const kinds = new Set(
      fc.sample(invalidNewPetBody([1n]), { seed: 1, numRuns: 300 }).map((value) => value.why),
    )
    expect([...kinds].sort()).toEqual([
      'body not an object',
      'categoryId beyond int64',
      'categoryId missing',
      'categoryId not an integer',
      'name missing',
      'name not a string',
      'status outside the enum',
    ])
  })

  it('writes out-of-range integers verbatim', () => {
    const big = fc
      .sample(invalidNewPetBody([1n]), { seed: 3, numRuns: 300 })
      .find((value) => value.why === 'categoryId beyond int64')
    expect(big?.body).toMatch(/"categoryId":-?\d{19,}/)
  })
})
