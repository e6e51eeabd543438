import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createPetstore } from '../../adapter/msw/create-petstore.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { parseFixtures } from './parse-fixtures.ts'

const example = JSON.parse(
  readFileSync(new URL('../../../fixtures/example.json', import.meta.url), 'utf8'),
) as { categories: Array<unknown>; pets: Array<unknown>; orders: Array<unknown> }

const category = (id: number) => ({ id, name: `Category ${id}` })
const pet = (id: number, categoryId = 1) => ({ id, name: `Pet ${id}`, categoryId })
const order = (id: number, petId = 1) => ({
  id,
  petId,
  quantity: 1,
  shipDate: '2026-03-01T10:00:00.000Z',
  status: 'placed',
  complete: false,
})

describe('parseFixtures', () => {
  it('loads fixtures/example.json', async () => {
    const petstore = createPetstore({ fixtures: example })
    await petstore.ready
    expect(petstore.state().data).toEqual({
      categories: example.categories.length,
      pets: example.pets.length,
      orders: example.orders.length,
    })
  })

  it('sorts records by id and gives a pet without status the default one', () => {
    const dataset = parseFixtures({
      categories: [category(2), category(1)],
      pets: [pet(3), { id: 1, name: 'Rex', categoryId: 2 }],
    })
    expect(dataset.categories.map((record) => record.id)).toEqual([1, 2])
    expect(dataset.pets).toEqual([
      { id: 1, name: 'Rex', categoryId: 2, status: 'available' },
      { ...pet(3), status: 'available' },
    ])
    expect(dataset.orders).toEqual([])
  })

  it('falls back to the six seeded categories', () => {
    expect(parseFixtures({ pets: [pet(1, 6)] }).categories).toHaveLength(6)
  })

  it.each<[string, unknown, string]>([
    ['a non-object', [], 'must hold a JSON object'],
    ['an unknown key', { animals: [] }, 'unknown key "animals"'],
    ['a collection that is not an array', { pets: {} }, '"pets" must be an array'],
    [
      'a pet naming no category',
      { categories: [category(1)], pets: [pet(1), pet(2), pet(3, 99)] },
      'pets[2].categoryId 99 names no category',
    ],
    [
      'an order naming no pet',
      { categories: [category(1)], pets: [pet(1)], orders: [order(1, 5)] },
      'orders[0].petId 5 names no pet',
    ],
    ['a duplicate id', { pets: [pet(1), pet(1)] }, 'pets[1].id 1 is a duplicate'],
    [
      'a string id',
      { pets: [pet(1), { ...pet(2), id: '2' }] },
      'pets[1].id must be an integer, got "2"',
    ],
    ['a missing name', { pets: [{ id: 1, categoryId: 1 }] }, 'pets[0].name is required'],
    [
      'an unknown pet status',
      { pets: [{ ...pet(1), status: 'lost' }] },
      'pets[0].status must be one of available, pending, sold, got "lost"',
    ],
    [
      'an order with a bad date',
      { pets: [pet(1)], orders: [{ ...order(1), shipDate: 'soon' }] },
      'orders[0].shipDate must be an ISO 8601 date-time',
    ],
    [
      'an order with quantity 0',
      { pets: [pet(1)], orders: [{ ...order(1), quantity: 0 }] },
      'orders[0].quantity must be at least 1, got 0',
    ],
    ['a record that is not an object', { pets: [pet(1), 7] }, 'pets[1] must be an object, got 7'],
    ['an empty category name', { categories: [{ id: 1, name: '' }] }, 'categories[0].name'],
    ['a blank pet name', { pets: [{ ...pet(1), name: '   ' }] }, 'must not be blank'],
    ['a pet id the mock cannot hold exactly', { pets: [pet(2 ** 60)] }, 'pets[0].id'],
  ])('rejects %s with a ConfigError naming the first bad record', (_, input, message) => {
    let error: unknown
    try {
      parseFixtures(input)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).code).toBe('ERR_PETSTORE_INVALID_FIXTURES')
    expect((error as ConfigError).message).toMatch(/^\[petstore-mock\] Failed to load fixtures: /)
    expect((error as ConfigError).message).toContain(message)
  })

  it('is what the fixtures option of createPetstore uses', () => {
    expect(() => createPetstore({ fixtures: { pets: [pet(1, 99)] } })).toThrow(
      'pets[0].categoryId 99 names no category',
    )
  })
})
