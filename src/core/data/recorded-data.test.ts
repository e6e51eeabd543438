import { describe, expect, it } from 'vitest'
import { RecordedData } from './recorded-data.ts'

const pet = (id: number, categoryId = 1, name = `Pet ${id}`) => ({
  id,
  name,
  categoryId,
  status: 'available',
  tags: [],
})

/** The fixtures text of `data`, parsed. */
function fixturesOf(data: RecordedData) {
  return JSON.parse([...data.fixtures()].join('')) as {
    categories: Array<{ id: number; name: string }>
    pets: Array<{ id: number }>
    orders: Array<{ id: number }>
  }
}

describe('RecordedData', () => {
  it('keeps the pets of 2xx answers read whole, by id, the last answer winning', () => {
    const data = new RecordedData()
    const list = JSON.stringify([pet(2), pet(1)])
    expect(data.observe({ operationId: 'listPets', status: 200, text: list, complete: true })).toBe(
      true,
    )
    // The same records again change nothing; a cut body, a 4xx and bad JSON are not read.
    expect(data.observe({ operationId: 'listPets', status: 200, text: list, complete: true })).toBe(
      false,
    )
    const renamed = JSON.stringify(pet(1, 1, 'Rex'))
    expect(
      data.observe({ operationId: 'getPet', status: 200, text: renamed, complete: false }),
    ).toBe(false)
    expect(
      data.observe({ operationId: 'getPet', status: 404, text: renamed, complete: true }),
    ).toBe(false)
    expect(data.observe({ operationId: 'getPet', status: 200, text: '{', complete: true })).toBe(
      false,
    )
    expect(
      data.observe({ operationId: 'getPet', status: 200, text: renamed, complete: true }),
    ).toBe(true)
    expect(data.pets.get(1)?.name).toBe('Rex')
    expect(data.skipped).toBe(0)
  })

  it('counts a record that is no fixture, or whose id the mock cannot hold, as skipped', () => {
    const data = new RecordedData()
    const text = `[{"id":"x"},{"id":9007199254740993,"name":"Big","categoryId":1}]`
    expect(data.observe({ operationId: 'listPets', status: 200, text, complete: true })).toBe(false)
    expect(data.skipped).toBe(2)
    expect(data.pets.size).toBe(0)
  })

  it('hands the changed records to the log in batches, each once', () => {
    const data = new RecordedData()
    const list = JSON.stringify([pet(1), pet(2), pet(3)])
    data.observe({ operationId: 'listPets', status: 200, text: list, complete: true })
    expect(data.marked).toBe(3)
    const first = data.takeLines(2)
    expect(first.map((line) => JSON.parse(line).pet.id)).toEqual([1, 2])
    expect(data.takeLines(2).map((line) => JSON.parse(line).pet.id)).toEqual([3])
    expect(data.marked).toBe(0)
    expect(data.takeLines(2)).toEqual([])
  })

  it('writes the seeded categories, names the others the pets use, and clears unwritten', () => {
    const data = new RecordedData()
    data.observe({
      operationId: 'listPets',
      status: 200,
      text: JSON.stringify([pet(1, 42)]),
      complete: true,
    })
    expect(data.unwritten).toBe(true)
    const { categories, pets } = fixturesOf(data)
    expect(data.unwritten).toBe(false)
    expect(categories.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 42])
    expect(categories.at(-1)?.name).toBe('Category 42')
    expect(pets.map((p) => p.id)).toEqual([1])
  })
})
