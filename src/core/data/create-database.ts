import type { Collection } from '@msw/data'
import { ConfigError } from '../../errors/config-error.ts'
import { PetstoreError } from '../../errors/petstore-error.ts'
import { Category } from '../../spec/category.ts'
import { Order } from '../../spec/order.ts'
import { Pet } from '../../spec/pet.ts'
import type { CollectionName, Records, Store } from './create-store.ts'
import { importMswData, type MswData, requireMswData } from './load-msw-data.ts'

/**
 * The in-memory collections, as `@msw/data` models them. Exposed as
 * `petstore.db` for tests that want to arrange or inspect data directly.
 *
 * @example
 * await petstore.ready
 * petstore.db.pets.create({ id: 500, name: 'Rex', categoryId: 1, status: 'available' })
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
 * The `db` of `createPetstore`, made when first asked for: a petstore whose
 * tests never read `db` never loads `@msw/data` nor copies its data into it.
 * `ready()` makes it too (and resolves once it holds the store's data), so
 * that `await petstore.ready` then `petstore.db` reads a filled database.
 *
 * @example
 * const database: LazyDatabase = createDatabase(store, () => loading)
 * await database.ready() // database.db now holds the store's data
 */
export interface LazyDatabase {
  /** The collections, made now if they are not yet (filled once `ready()` resolves). */
  readonly db: Database
  /** Makes the collections if they are not yet; resolves once they hold the store's data. */
  ready(): Promise<void>
}

/**
 * `@msw/data` collections that follow the store both ways, made on first use:
 * the store's own changes are copied into them, and whatever a test writes
 * through them (create, update, delete) goes into the store's indexes, so the
 * API serves it at once. Only `createPetstore` (the msw entry) asks for them;
 * the standalone server never does.
 *
 * @example
 * const store = createStore()
 * let loading = store.load(seedData())
 * const database = createDatabase(store, () => loading)
 * await database.ready()
 * await database.db.pets.create({ id: 500, name: 'Rex', categoryId: 1, status: 'sold' })
 * store.getPet(500) // { id: 500, ... }
 */
export function createDatabase(store: Store, storeReady: () => Promise<void>): LazyDatabase {
  let made: { db: Database; filled: () => Promise<void> } | undefined
  const make = (module: MswData) => {
    made ??= attach(store, storeReady, module)
    return made
  }
  return {
    get db() {
      if (made) return made.db
      const module = requireMswData()
      if (module === undefined) {
        // Only where modules cannot be loaded synchronously (a browser).
        throw new ConfigError(
          'ERR_PETSTORE_NO_DB',
          'read petstore.db',
          'the collections load with `await petstore.ready`; await it first',
        )
      }
      return make(module).db
    },
    async ready() {
      const { filled } = made ?? make(await importMswData())
      await filled()
    },
  }
}

function attach(
  store: Store,
  storeReady: () => Promise<void>,
  { Collection }: MswData,
): { db: Database; filled: () => Promise<void> } {
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

  const fill = async () => {
    const dataset = store.snapshot()
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

  // Fills run one after another, each with what the store holds when it
  // starts: one starts at once when none is under way (so that the store's
  // load and the copy into the collections happen in the same turn, as
  // `loading` then mutes the hooks), else after the last one queued. A load
  // under way when the collections are made either has its records in the
  // store already or tells this observer when it has.
  let filling: Promise<void> = Promise.resolve()
  let queued = 0
  const refill = () => {
    const start = () => fill().finally(() => queued--)
    filling = queued++ > 0 ? filling.then(start, start) : start()
    return filling
  }
  // A failure shows where the fill is awaited (`ready`), not as an unhandled rejection.
  refill().catch(() => undefined)
  store.observe({
    async created(pet) {
      const values = { ...pet }
      own.add(values)
      await db.pets.create(values)
    },
    loaded: refill,
  })
  const filled = async () => {
    await storeReady()
    await filling
  }
  return { db, filled }
}

function pick<Name extends CollectionName>(name: Name, record: object): Records[Name] {
  const source = record as Record<string, unknown>
  const result: Record<string, unknown> = {}
  for (const field of FIELDS[name] as Array<string>) {
    if (source[field] !== undefined) result[field] = source[field]
  }
  return result as unknown as Records[Name]
}
