import { DEFAULTS } from '../../base/options/defaults.ts'
import type { Category } from '../../spec/category.ts'
import { type Order, OrderStatus } from '../../spec/order.ts'
import type { Pet } from '../../spec/pet.ts'
import type { PetStatus } from '../../spec/pet-status.ts'
import { PET_NAMES } from './pet-names.ts'
import { createSeededRandom } from './seeded-random.ts'

/**
 * The data a petstore starts with (and returns to on reset).
 *
 * @example
 * const dataset: Dataset = seedData({ pets: 3, orders: 2 }) // dataset.pets.length === 3
 */
export interface Dataset {
  categories: Array<Category>
  pets: Array<Pet>
  orders: Array<Order>
}

/**
 * How much data `seedData` makes, and from which seed.
 *
 * @example
 * const options: SeedOptions = { seed: 42, pets: 10, orders: 5 }
 */
export interface SeedOptions {
  /** The faker seed: the same seed gives byte-identical data. Default 1. */
  seed?: number
  /** How many pets. Default 100. */
  pets?: number
  /** How many orders. Default 25. */
  orders?: number
  /** How many categories. Default 6. */
  categories?: number
}

/**
 * What `seedData` makes when not told otherwise: the defaults of the options.
 *
 * @example
 * DEFAULT_SEED_OPTIONS.pets // 100
 */
export const DEFAULT_SEED_OPTIONS = {
  seed: DEFAULTS.seed,
  pets: DEFAULTS.pets,
  orders: DEFAULTS.orders,
  categories: DEFAULTS.categories,
} as const

const CATEGORY_NAMES = ['Dogs', 'Cats', 'Birds', 'Fish', 'Reptiles', 'Small Mammals']

const PET_STATUSES: Array<{ value: PetStatus; weight: number }> = [
  { value: 'available', weight: 6 },
  { value: 'pending', weight: 2 },
  { value: 'sold', weight: 2 },
]

/** Order ship dates fall in this range, whatever day it is: the data never depends on the clock. */
const SHIP_FROM = '2026-01-01T00:00:00.000Z'
const SHIP_TO = '2026-12-31T00:00:00.000Z'

/**
 * Generates the seeded dataset. Pure: the same options give the same data,
 * drawn as faker draws it (`createSeededRandom`), so that the data is what
 * faker made for the same seed before.
 *
 * @example
 * const data = seedData({ seed: 42, pets: 10 })
 * data.pets.length // 10
 */
export function seedData(options: SeedOptions = {}): Dataset {
  const { seed, pets, orders, categories } = { ...DEFAULT_SEED_OPTIONS, ...options }
  const random = createSeededRandom(seed)

  const categoryList: Array<Category> = []
  for (let index = 0; index < categories; index++) {
    const base = CATEGORY_NAMES[index % CATEGORY_NAMES.length] ?? 'Animals'
    const round = Math.floor(index / CATEGORY_NAMES.length)
    categoryList.push({ id: index + 1, name: round === 0 ? base : `${base} ${round + 1}` })
  }

  const petList: Array<Pet> = []
  for (let index = 0; index < pets && categoryList.length > 0; index++) {
    const category = random.arrayElement(categoryList)
    petList.push({
      id: index + 1,
      name: random.arrayElement(PET_NAMES),
      categoryId: category.id,
      status: random.weightedArrayElement(PET_STATUSES),
    })
  }

  const orderList: Array<Order> = []
  for (let index = 0; index < orders && petList.length > 0; index++) {
    const status = random.arrayElement(OrderStatus.options)
    orderList.push({
      id: index + 1,
      petId: random.arrayElement(petList).id,
      quantity: random.int(1, 3),
      shipDate: random.dateBetween(SHIP_FROM, SHIP_TO).toISOString(),
      status,
      complete: status === 'delivered',
    })
  }

  return { categories: categoryList, pets: petList, orders: orderList }
}
