/**
 * What an index needs of a record: an integer id and, optionally, a status.
 *
 * @example
 * const index = new RecordIndex<IndexedRecord>()
 * index.upsert({ id: 7, status: 'available' })
 */
export interface IndexedRecord {
  id: number
  status?: string
}

/**
 * Records kept in id order, by id and by status, updated in place: an insert
 * with the largest id so far is an append; any other id goes where a binary
 * search puts it. Reads never sort.
 *
 * @example
 * const index = new RecordIndex<Pet>()
 * index.load(dataset.pets)
 * index.upsert({ id: 101, name: 'Rex', categoryId: 1, status: 'available' })
 * index.list('available', 20)
 */
export class RecordIndex<T extends IndexedRecord> {
  #sorted: Array<T> = []
  #byId = new Map<number, T>()
  #byStatus = new Map<string, Array<T>>()

  /** How many records. */
  get size(): number {
    return this.#sorted.length
  }

  /** The largest id, or 0 when empty. */
  get lastId(): number {
    return this.#sorted.at(-1)?.id ?? 0
  }

  /** Replaces every record with these, which must be sorted by id without duplicates. */
  load(sorted: ReadonlyArray<T>): void {
    this.#sorted = sorted.slice()
    this.#byId = new Map()
    this.#byStatus = new Map()
    for (const record of this.#sorted) {
      this.#byId.set(record.id, record)
      if (record.status !== undefined) this.#group(record.status).push(record)
    }
  }

  get(id: number): T | undefined {
    return this.#byId.get(id)
  }

  has(id: number): boolean {
    return this.#byId.has(id)
  }

  /** At most `limit` records in id order, of one status or of all. */
  list(status: string | undefined, limit: number): Array<T> {
    const source = status === undefined ? this.#sorted : (this.#byStatus.get(status) ?? [])
    return source.slice(0, Math.max(0, limit))
  }

  /** Every record in id order (a copy). */
  all(): Array<T> {
    return this.#sorted.slice()
  }

  /** Adds the record, or replaces the one with its id. */
  upsert(record: T): void {
    const previous = this.#byId.get(record.id)
    this.#byId.set(record.id, record)
    if (previous === undefined) {
      insertSorted(this.#sorted, record)
    } else {
      this.#sorted[indexOfId(this.#sorted, record.id)] = record
      if (previous.status !== undefined) removeSorted(this.#group(previous.status), record.id)
    }
    if (record.status !== undefined) insertSorted(this.#group(record.status), record)
  }

  /** Removes the record with this id; returns it, if there was one. */
  remove(id: number): T | undefined {
    const previous = this.#byId.get(id)
    if (previous === undefined) return undefined
    this.#byId.delete(id)
    removeSorted(this.#sorted, id)
    if (previous.status !== undefined) removeSorted(this.#group(previous.status), id)
    return previous
  }

  #group(status: string): Array<T> {
    let group = this.#byStatus.get(status)
    if (group === undefined) {
      group = []
      this.#byStatus.set(status, group)
    }
    return group
  }
}

/** The position of the first record whose id is at least `id`. */
function lowerBound(sorted: ReadonlyArray<IndexedRecord>, id: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] as IndexedRecord).id < id) low = middle + 1
    else high = middle
  }
  return low
}

function indexOfId(sorted: ReadonlyArray<IndexedRecord>, id: number): number {
  const at = lowerBound(sorted, id)
  return sorted[at]?.id === id ? at : -1
}

function insertSorted<T extends IndexedRecord>(sorted: Array<T>, record: T): void {
  const last = sorted.at(-1)
  if (last === undefined || last.id < record.id) {
    sorted.push(record)
    return
  }
  const at = lowerBound(sorted, record.id)
  if (sorted[at]?.id === record.id) sorted[at] = record
  else sorted.splice(at, 0, record)
}

function removeSorted(sorted: Array<IndexedRecord>, id: number): void {
  const at = indexOfId(sorted, id)
  if (at !== -1) sorted.splice(at, 1)
}
