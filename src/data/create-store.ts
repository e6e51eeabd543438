import { Collection } from '@msw/data'
import { Category } from '../spec/category.ts'
import { DEFAULT_PET_STATUS } from '../spec/default-pet-status.ts'
import type { NewPet } from '../spec/new-pet.ts'
import { Order, type OrderStatus } from '../spec/order.ts'
import { Pet } from '../spec/pet.ts'
import type { PetStatus } from '../spec/pet-status.ts'
import type { Dataset } from './seed-data.ts'

/**
 * The in-memory collections, as `@msw/data` models them. Exposed as
 * `petstore.db` for tests that want to arrange or inspect data directly.
 */
export interface Database {
  categories: Collection<typeof Category>
  pets: Collection<typeof Pet>
  orders: Collection<typeof Order>
}

/**
 * The queries the operations need, over the collections, with the indexes
 * those queries need (by id, by status, ordered by id).
 */
export interface Store {
  db: Database
  /** Pets ordered by id, filtered by status, at most `limit`. */
  listPets(query: { status?: PetStatus; limit: number }): Array<Pet>
  getPet(id: number): Pet | undefined
  hasCategory(id: number): boolean
  /** Stores a new pet with the next id. */
  createPet(input: NewPet): Promise<Pet>
  listOrders(query: { status?: OrderStatus; limit: number }): Array<Order>
  /** A number that changes whenever any data changes. */
  version(): number
  counts(): { categories: number; pets: number; orders: number }
  /** Replaces all data with the dataset. */
  load(dataset: Dataset): Promise<void>
}

interface Index<T extends { id: number; status?: string }> {
  version: number
  size: number
  sorted: Array<T>
  byId: Map<number, T>
  byStatus: Map<string, Array<T>>
}

/**
 * Creates the store over fresh `@msw/data` collections.
 *
 * @example
 * const store = createStore()
 * await store.load(seedData())
 * store.listPets({ limit: 20 }).length // 20
 */
export function createStore(): Store {
  const db: Database = {
    categories: new Collection({ schema: Category }),
    pets: new Collection({ schema: Pet }),
    orders: new Collection({ schema: Order }),
  }
  // Any change made through the collections, also by a test that uses `db`
  // directly, moves the version on and so invalidates the indexes.
  let version = 0
  const bump = () => {
    version++
  }
  for (const collection of [db.categories, db.pets, db.orders] as const) {
    collection.hooks.on('create', bump)
    collection.hooks.on('update', bump)
    collection.hooks.on('delete', bump)
  }
  let nextPetId = 1
  const petIndex = createIndexer(db.pets, () => version)
  const orderIndex = createIndexer(db.orders, () => version)
  const categoryIndex = createIndexer(db.categories, () => version)

  const list = <T extends { id: number; status?: string }>(
    index: Index<T>,
    status: string | undefined,
    limit: number,
  ): Array<T> => {
    const source = status === undefined ? index.sorted : (index.byStatus.get(status) ?? [])
    return source.slice(0, limit)
  }

  return {
    db,
    listPets: ({ status, limit }) => list(petIndex(), status, limit),
    getPet: (id) => petIndex().byId.get(id),
    hasCategory: (id) => categoryIndex().byId.has(id),
    async createPet(input) {
      const largest = petIndex().sorted.at(-1)?.id ?? 0
      const id = Math.max(nextPetId, largest + 1)
      nextPetId = id + 1
      const record = await db.pets.create({
        id,
        name: input.name,
        categoryId: input.categoryId,
        status: input.status ?? DEFAULT_PET_STATUS,
      })
      return toPet(record)
    },
    listOrders: ({ status, limit }) => list(orderIndex(), status, limit),
    version: () => version,
    counts: () => ({
      categories: db.categories.count(),
      pets: db.pets.count(),
      orders: db.orders.count(),
    }),
    async load(dataset) {
      db.orders.clear()
      db.pets.clear()
      db.categories.clear()
      version++
      for (const category of dataset.categories) await db.categories.create(category)
      for (const pet of dataset.pets) await db.pets.create(pet)
      for (const order of dataset.orders) await db.orders.create(order)
      nextPetId = (dataset.pets.at(-1)?.id ?? 0) + 1
    },
  }
}

function createIndexer<T extends { id: number; status?: string }>(
  collection: { all(): Array<T>; count(): number },
  currentVersion: () => number,
): () => Index<T> {
  let index: Index<T> | undefined
  return () => {
    const version = currentVersion()
    if (index && index.version === version && index.size === collection.count()) return index
    const sorted = collection
      .all()
      .slice()
      .sort((a, b) => a.id - b.id)
    const byId = new Map<number, T>()
    const byStatus = new Map<string, Array<T>>()
    for (const record of sorted) {
      byId.set(record.id, record)
      if (record.status !== undefined) {
        const group = byStatus.get(record.status)
        if (group) group.push(record)
        else byStatus.set(record.status, [record])
      }
    }
    index = { version, size: sorted.length, sorted, byId, byStatus }
    return index
  }
}

function toPet(record: Pet): Pet {
  const { id, name, categoryId, status } = record
  return status === undefined ? { id, name, categoryId } : { id, name, categoryId, status }
}
