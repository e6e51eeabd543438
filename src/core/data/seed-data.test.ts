import { describe, expect, it } from 'vitest'
import { createPetstore, type Petstore } from '../../adapter/msw/create-petstore.ts'
import { Category } from '../../spec/category.ts'
import { Order } from '../../spec/order.ts'
import { Pet } from '../../spec/pet.ts'
import { PET_NAMES } from './pet-names.ts'
import { DEFAULT_SEED_OPTIONS, seedData } from './seed-data.ts'

async function snapshot(petstore: Petstore): Promise<string> {
  await petstore.ready
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id
  return JSON.stringify({
    categories: petstore.db.categories.all().sort(byId),
    pets: petstore.db.pets.all().sort(byId),
    orders: petstore.db.orders.all().sort(byId),
  })
}

describe('seedData', () => {
  it('gives byte-identical data for the same seed', async () => {
    const first = await snapshot(createPetstore({ seed: 42 }))
    const second = await snapshot(createPetstore({ seed: 42 }))
    expect(second).toBe(first)
    expect(JSON.stringify(seedData({ seed: 42 }))).toBe(JSON.stringify(seedData({ seed: 42 })))
  })

  it('gives different data for a different seed', async () => {
    const first = await snapshot(createPetstore({ seed: 42 }))
    const other = await snapshot(createPetstore({ seed: 43 }))
    expect(other).not.toBe(first)
  })

  it('uses seed 1 by default', async () => {
    expect(await snapshot(createPetstore())).toBe(await snapshot(createPetstore({ seed: 1 })))
  })

  it('does not depend on the clock', () => {
    const now = Date.now
    try {
      const first = JSON.stringify(seedData())
      Date.now = () => 0
      expect(JSON.stringify(seedData())).toBe(first)
    } finally {
      Date.now = now
    }
  })

  it('makes 100 pets, 6 named categories and 25 orders by default', () => {
    const data = seedData()
    expect(data.pets).toHaveLength(DEFAULT_SEED_OPTIONS.pets)
    expect(data.orders).toHaveLength(DEFAULT_SEED_OPTIONS.orders)
    expect(data.categories.map((category) => category.name)).toEqual([
      'Dogs',
      'Cats',
      'Birds',
      'Fish',
      'Reptiles',
      'Small Mammals',
    ])
  })

  it('makes records that the schema accepts and that point at existing records', () => {
    const data = seedData({ seed: 9, pets: 300, orders: 120, categories: 8 })
    for (const category of data.categories) Category.parse(category)
    const categoryIds = new Set(data.categories.map((category) => category.id))
    for (const pet of data.pets) {
      Pet.parse(pet)
      expect(categoryIds.has(pet.categoryId)).toBe(true)
    }
    const petIds = new Set(data.pets.map((pet) => pet.id))
    for (const order of data.orders) {
      Order.parse(order)
      expect(petIds.has(order.petId)).toBe(true)
    }
    expect(new Set(data.categories.map((category) => category.name)).size).toBe(8)
    expect(petIds.size).toBe(300)
  })

  it('honours the count options of createPetstore', async () => {
    const petstore = createPetstore({ pets: 7, orders: 3, categories: 2 })
    await petstore.ready
    expect(petstore.state().data).toEqual({ categories: 2, pets: 7, orders: 3 })
  })

  it('allows an empty store', async () => {
    const petstore = createPetstore({ pets: 0, orders: 0 })
    await petstore.ready
    expect(petstore.state().data).toEqual({ categories: 6, pets: 0, orders: 0 })
  })

  it("names pets from faker's English list, so a seed gives the data it always gave", async () => {
    const { faker } = await import('@faker-js/faker/locale/en')
    expect(PET_NAMES).toEqual(faker.rawDefinitions.animal?.pet_name)
    // Generated with faker's whole English locale, before the pet names moved here.
    expect(seedData({ seed: 1, pets: 3, orders: 1 })).toEqual({
      categories: seedData({ pets: 0, orders: 0 }).categories,
      pets: [
        { id: 1, name: 'Milo', categoryId: 3, status: 'available' },
        { id: 2, name: 'Bruno', categoryId: 2, status: 'available' },
        { id: 3, name: 'Finn', categoryId: 2, status: 'available' },
      ],
      orders: [
        {
          id: 1,
          petId: 2,
          quantity: 3,
          shipDate: '2026-03-16T10:05:41.473Z',
          status: 'approved',
          complete: false,
        },
      ],
    })
  })
})
