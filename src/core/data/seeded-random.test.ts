import type { Faker, FakerOptions } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OrderStatus } from '../../spec/order.ts'
import { PET_NAMES } from './pet-names.ts'
import { type SeedOptions, seedData } from './seed-data.ts'
import { createSeededRandom } from './seeded-random.ts'

/** faker, seeded as the data was made with it before `createSeededRandom`. */
const SeedFaker = baseFaker.constructor as new (options: FakerOptions) => Faker
const fakerOf = (seed: number) =>
  new SeedFaker({
    locale: [{ animal: { pet_name: [...PET_NAMES] } }, baseFaker.rawDefinitions],
    seed,
  })

/** `seedData` as it was written on faker: the reference the new draws must match. */
function seedDataWithFaker({ seed = 1, pets = 100, orders = 25, categories = 6 }: SeedOptions) {
  const faker = fakerOf(seed)
  const categoryList = seedData({ categories, pets: 0, orders: 0 }).categories
  const petList: Array<{ id: number; name: string; categoryId: number; status: string }> = []
  for (let index = 0; index < pets && categoryList.length > 0; index++) {
    const category = faker.helpers.arrayElement(categoryList)
    petList.push({
      id: index + 1,
      name: faker.animal.petName(),
      categoryId: category.id,
      status: faker.helpers.weightedArrayElement([
        { value: 'available', weight: 6 },
        { value: 'pending', weight: 2 },
        { value: 'sold', weight: 2 },
      ]),
    })
  }
  const orderList: Array<Record<string, unknown>> = []
  for (let index = 0; index < orders && petList.length > 0; index++) {
    const status = faker.helpers.arrayElement(OrderStatus.options)
    orderList.push({
      id: index + 1,
      petId: faker.helpers.arrayElement(petList).id,
      quantity: faker.number.int({ min: 1, max: 3 }),
      shipDate: faker.date
        .between({ from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' })
        .toISOString(),
      status,
      complete: status === 'delivered',
    })
  }
  return { categories: categoryList, pets: petList, orders: orderList }
}

/** Seeds over the whole domain petstore options accept, the edges and a few small ones included. */
const seeds = fc.oneof(
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(0, 1, 2, 42, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER),
)

describe('createSeededRandom', () => {
  it('draws the numbers faker draws for the same seed, past a state refill (624 words)', () => {
    fc.assert(
      fc.property(seeds, fc.integer({ min: 1, max: 1_000 }), (seed, max) => {
        const random = createSeededRandom(seed)
        const faker = fakerOf(seed)
        // 700 draws of two words each: the state is twisted again twice.
        for (let draw = 0; draw < 700; draw++) {
          const kind = draw % 4
          if (kind === 0) expect(random.int(0, max)).toBe(faker.number.int({ max }))
          else if (kind === 1) expect(random.float(0, max)).toBe(faker.number.float({ max }))
          else if (kind === 2) {
            expect(random.arrayElement(PET_NAMES)).toBe(faker.helpers.arrayElement(PET_NAMES))
          } else {
            expect(
              random.dateBetween('2026-01-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z'),
            ).toEqual(
              faker.date.between({
                from: '2026-01-01T00:00:00.000Z',
                to: '2026-12-31T00:00:00.000Z',
              }),
            )
          }
        }
      }),
      { seed: 28, numRuns: 40 },
    )
  })

  it('takes no number for a list of one, as faker', () => {
    const random = createSeededRandom(7)
    const faker = fakerOf(7)
    expect(random.arrayElement(['only'])).toBe(faker.helpers.arrayElement(['only']))
    expect(random.next()).toBe(faker.number.float())
  })
})

describe('seedData', () => {
  it('makes the data faker made for the same options', () => {
    fc.assert(
      fc.property(
        seeds,
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 9 }),
        (seed, pets, orders, categories) => {
          const options = { seed, pets, orders, categories }
          expect(seedData(options)).toEqual(seedDataWithFaker(options))
        },
      ),
      { seed: 28, numRuns: 60 },
    )
    expect(seedData()).toEqual(seedDataWithFaker({}))
  })
})
