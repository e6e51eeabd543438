import { Collection } from '@msw/data'
import { PetstoreError } from '../errors/petstore-error.ts'
import { Category } from '../spec/category.ts'
import { Order } from '../spec/order.ts'
import { Pet } from '../spec/pet.ts'
import type { CollectionName, Records, Store } from './create-store.ts'
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

const FIELDS: { [Name in CollectionName]: Array<keyof Records[Name]> } = {
  categories: ['id', 'name'],
  pets: ['id', 'name', 'categoryId', 'status'],
  orders: ['id', 'petId', 'quantity', 'shipDate', 'status', 'complete'],
}

/**
 * `@msw/data` collections that follow the store both ways: the store's own
 * changes are copied into them, and whatever a test writes through them
 * (create, update, delete) goes into the store's indexes, so the API serves
 * it at once. Only `createPetstore` (the msw entry) loads `@msw/data`; the
 * standalone server never does.
 *
 * @example
 * const store = createStore()
 * const { db } = createDatabase(store)
 * await store.load(seedData())
 * await db.pets.create({ id: 500, name: 'Rex', categoryId: 1, status: 'sold' })
 * store.getPet(500) // { id: 500, ... }
 */
export function createDatabase(store: Store): { db: Database } {
  const db: Database = {
    categories: new Collection({ schema: Category }),
    pets: new Collection({ schema: Pet }),
    orders: new Collection({ schema: Order }),
  }
  /** Values the store itself is copying in: their hooks must not write back. */
  const own = new WeakSet<object>()
  let loading = 0

  for (const name of ['categories', 'pets', 'orders'] as const) {
    const collection = db[name] as unknown as Collection<typeof Pet>
    const copy = (record: object) => pick(name, record)
    // Two records of one id would show one in the API and count two: a write
    // that would make them is refused before the collection keeps it.
    const refuseTaken = (id: number, action: string) => {
      if (!store.has(name, id)) return
      throw PetstoreError.failed(
        'ERR_PETSTORE_DUPLICATE_ID',
        `${action} a record in db.${name}`,
        `id ${id} is taken (update that record instead)`,
      )
    }
    collection.hooks.on('create', ({ data }) => {
      if (loading > 0 || (data.initialValues && own.has(data.initialValues))) return
      const record = copy(data.record)
      refuseTaken(record.id, 'create')
      store.put(name, record)
    })
    collection.hooks.on('update', ({ data }) => {
      if (data.prevRecord.id !== data.nextRecord.id) {
        refuseTaken(data.nextRecord.id, 'update')
        store.remove(name, data.prevRecord.id)
      }
      store.put(name, copy(data.nextRecord))
    })
    collection.hooks.on('delete', ({ data }) => {
      if (loading > 0) return
      store.remove(name, data.deletedRecord.id)
      // `clear()` tells of only some of the records it drops: once it is done, follow the collection.
      queueMicrotask(() => {
        if (loading === 0 && collection.count() !== store.counts()[name]) {
          store.replace(name, collection.all().map(copy))
        }
      })
    })
  }

  const fill = async (dataset: Dataset) => {
    loading++
    try {
      for (const name of ['orders', 'pets', 'categories'] as const) db[name].clear()
      for (const name of ['categories', 'pets', 'orders'] as const) {
        const collection = db[name] as unknown as Collection<typeof Pet>
        await Promise.all(
          (dataset[name] as Array<Pet>).map((record) => collection.create({ ...record })),
        )
      }
    } finally {
      loading--
    }
  }

  store.observe({
    async created(pet) {
      const values = { ...pet }
      own.add(values)
      await db.pets.create(values)
    },
    loaded: fill,
  })
  return { db }
}

function pick<Name extends CollectionName>(name: Name, record: object): Records[Name] {
  const source = record as Record<string, unknown>
  const result: Record<string, unknown> = {}
  for (const field of FIELDS[name] as Array<string>) {
    if (source[field] !== undefined) result[field] = source[field]
  }
  return result as unknown as Records[Name]
}
