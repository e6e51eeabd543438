import { ApiError } from '../../errors/api-error.ts'
import type { Category } from '../../spec/category.ts'
import { DEFAULT_PET_STATUS } from '../../spec/default-pet-status.ts'
import type { NewPet } from '../../spec/new-pet.ts'
import type { Order, OrderStatus } from '../../spec/order.ts'
import type { Pet } from '../../spec/pet.ts'
import type { PetStatus } from '../../spec/pet-status.ts'
import { type IndexedRecord, RecordIndex } from './record-index.ts'
import type { Dataset } from './seed-data.ts'

/**
 * The collections of the store, by name.
 *
 * @example
 * const pet: Records['pets'] = { id: 1, name: 'Rex', categoryId: 1, status: 'available' }
 */
export interface Records {
  categories: Category
  pets: Pet
  orders: Order
}

/**
 * The name of one of the store's collections.
 *
 * @example
 * const name: CollectionName = 'pets'
 */
export type CollectionName = keyof Records

/**
 * Where the data lives across restarts (the `--data-file` of the server).
 * `load` gives the stored dataset (or `undefined` when there is none yet);
 * `append` resolves once the pet is durable; `reset` replaces the whole
 * stored state with the dataset.
 *
 * @example
 * const store = createStore({ persistence: openDataFile('pets.json') })
 */
export interface Persistence {
  load(limits: { maxRecords: number }): Dataset | undefined
  append(pet: Pet): Promise<void>
  reset(dataset: Dataset): Promise<void>
}

/**
 * Told of every change the store makes itself (the `db` collections follow
 * the store this way). A returned promise is awaited before the change is
 * acknowledged.
 *
 * @example
 * store.observe({ created: (pet) => console.log(pet.id), loaded: () => {} })
 */
export interface StoreObserver {
  created(pet: Pet): Promise<void> | void
  loaded(dataset: Dataset): Promise<void> | void
}

/** At most this many serialized pages are cached (statuses x limits is 400). */
export const MAX_CACHED_PAGES = 512

interface CachedPage {
  text: string
  status: string | undefined
  /** The id of the page's last pet (0 when empty). */
  lastId: number
  /** The page has `limit` pets: a pet with a larger id cannot enter it. */
  full: boolean
  /** How many pets the page holds. */
  items: number
}

/**
 * How a store is made: the cap on pets, and where its data lives across restarts.
 *
 * @example
 * const store = createStore({ maxPets: 1000, persistence: openDataFile('pets.json') })
 */
export interface StoreOptions {
  /** Creates beyond this many pets answer 507 `storage_full`. Default: no cap. */
  maxPets?: number
  persistence?: Persistence
}

/**
 * The queries the operations need, over indexes kept up to date in place
 * (by id, by status, ordered by id): no read sorts, no write rebuilds.
 *
 * @example
 * const store: Store = createStore()
 * await store.load(seedData())
 * store.getPet(1)?.name // the first seeded pet's name
 */
export interface Store {
  /** Pets ordered by id, filtered by status, at most `limit`. */
  listPets(query: { status?: PetStatus; limit: number }): Array<Pet>
  /**
   * The same page serialized, and how many pets it holds, cached until a
   * change reaches it: a pet added after the last one of a full page leaves
   * that page cached.
   */
  listPetsPage(query: { status?: PetStatus; limit: number }): { text: string; items: number }
  getPet(id: number): Pet | undefined
  hasCategory(id: number): boolean
  /** Stores a new pet with the next id; resolves once it is durable. */
  createPet(input: NewPet & { categoryId: number }): Promise<Pet>
  listOrders(query: { status?: OrderStatus; limit: number }): Array<Order>
  counts(): { categories: number; pets: number; orders: number }
  /** Every record, each collection ordered by id. */
  snapshot(): Dataset
  /** Replaces all data with the dataset (and the persisted state, if any). */
  load(dataset: Dataset): Promise<void>
  /** The cap on pets (`Infinity` without one). */
  maxPets: number
  /** Whether a record of that id is stored. */
  has(name: CollectionName, id: number): boolean
  /** Adds or replaces a record written from outside (through `db`). */
  put<Name extends CollectionName>(name: Name, record: Records[Name]): void
  /** Removes a record deleted from outside (through `db`). */
  remove(name: CollectionName, id: number): void
  /** Replaces a whole collection with these records, in any order (the last of an id wins). */
  replace<Name extends CollectionName>(name: Name, records: Array<Records[Name]>): void
  /** Follows the store's own changes. */
  observe(observer: StoreObserver): void
}

/**
 * Creates an empty store; `load` fills it.
 *
 * @example
 * const store = createStore({ maxPets: 1000 })
 * await store.load(seedData())
 * store.listPets({ limit: 20 }).length // 20
 */
export function createStore(options: StoreOptions = {}): Store {
  const maxPets = options.maxPets ?? Number.POSITIVE_INFINITY
  const { persistence } = options
  const indexes: { [Name in CollectionName]: RecordIndex<Records[Name]> } = {
    categories: new RecordIndex(),
    pets: new RecordIndex(),
    orders: new RecordIndex(),
  }
  const observers: Array<StoreObserver> = []
  let nextPetId = 1
  /** Creates accepted but not yet durable: they count against the cap. */
  let pending = 0
  /** Moves on with every load, so that a create that straddles one is not stored. */
  let generation = 0
  const pages = new Map<string, CachedPage>()
  /** Drops the cached pages that a change of pet `id` (with these statuses) reaches. */
  const touch = (id: number, statuses: Array<string | undefined>) => {
    for (const [key, page] of pages) {
      if (page.status !== undefined && !statuses.includes(page.status)) continue
      if (page.full && id > page.lastId) continue
      pages.delete(key)
    }
  }

  return {
    maxPets,
    listPets: ({ status, limit }) => indexes.pets.list(status, limit),
    listPetsPage({ status, limit }) {
      const key = `${status ?? ''}:${limit}`
      let page = pages.get(key)
      if (page === undefined) {
        const pets = indexes.pets.list(status, limit)
        page = {
          text: JSON.stringify(pets),
          status,
          lastId: pets.at(-1)?.id ?? 0,
          full: pets.length >= limit,
          items: pets.length,
        }
        if (pages.size >= MAX_CACHED_PAGES) pages.clear()
        pages.set(key, page)
      }
      return page
    },
    getPet: (id) => indexes.pets.get(id),
    hasCategory: (id) => indexes.categories.has(id),
    async createPet(input) {
      if (indexes.pets.size + pending >= maxPets) {
        throw new ApiError(
          'storage_full',
          `The store holds its maximum of ${maxPets} pets; nothing was created. POST /__mock/reset frees it.`,
        )
      }
      const pet: Pet = {
        id: nextPetId++,
        name: input.name,
        categoryId: input.categoryId,
        status: input.status ?? DEFAULT_PET_STATUS,
      }
      const started = generation
      if (persistence) {
        pending++
        try {
          await persistence.append(pet)
        } finally {
          pending--
        }
      }
      if (started === generation) {
        indexes.pets.upsert(pet)
        touch(pet.id, [pet.status])
        for (const observer of observers) await observer.created(pet)
      }
      return { ...pet }
    },
    listOrders: ({ status, limit }) => indexes.orders.list(status, limit),
    counts: () => ({
      categories: indexes.categories.size,
      pets: indexes.pets.size,
      orders: indexes.orders.size,
    }),
    snapshot: () => ({
      categories: indexes.categories.all(),
      pets: indexes.pets.all(),
      orders: indexes.orders.all(),
    }),
    async load(dataset) {
      generation++
      if (persistence) await persistence.reset(dataset)
      indexes.categories.load(dataset.categories)
      indexes.pets.load(dataset.pets)
      indexes.orders.load(dataset.orders)
      nextPetId = indexes.pets.lastId + 1
      pages.clear()
      for (const observer of observers) await observer.loaded(dataset)
    },
    has(name, id) {
      return indexes[name].has(id)
    },
    put(name, record) {
      const index = indexes[name] as RecordIndex<IndexedRecord>
      const previous = index.get(record.id)
      index.upsert(record)
      if (name !== 'pets') return
      nextPetId = Math.max(nextPetId, record.id + 1)
      touch(record.id, [previous?.status, (record as IndexedRecord).status])
    },
    remove(name, id) {
      const removed = (indexes[name] as RecordIndex<IndexedRecord>).remove(id)
      if (removed === undefined) return
      if (name === 'pets') touch(id, [removed.status])
    },
    replace(name, records) {
      const byId = new Map(records.map((record) => [record.id, record]))
      const sorted = [...byId.values()].sort((a, b) => a.id - b.id)
      ;(indexes[name] as RecordIndex<IndexedRecord>).load(sorted)
      if (name === 'pets') nextPetId = Math.max(nextPetId, indexes.pets.lastId + 1)
      pages.clear()
    },
    observe(observer) {
      observers.push(observer)
    },
  }
}
