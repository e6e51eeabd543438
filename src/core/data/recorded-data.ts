import { existsSync } from 'node:fs'
import { LIMITS } from '../../base/options/defaults.ts'
import { ConfigError } from '../../errors/config-error.ts'
import type { Category } from '../../spec/category.ts'
import { reviveExactInteger } from '../../spec/int64.ts'
import { Order } from '../../spec/order.ts'
import type { Pet } from '../../spec/pet.ts'
import type { OperationId } from '../../spec/routes.ts'
import { showControls } from '../../utils/show-controls.ts'
import { FixturePet, parseFixtures } from './parse-fixtures.ts'
import { readJsonFile } from './read-json-file.ts'
import { readWholeLines } from './read-whole-lines.ts'
import { RecordIndex } from './record-index.ts'
import { seedData } from './seed-data.ts'

/**
 * What the recorder sees of one upstream answer.
 *
 * @example
 * recorder.observe({ operationId: 'listPets', status: 200, text: '[]', complete: true })
 */
export interface RecordedAnswer {
  operationId: OperationId | undefined
  status: number
  /** The decoded body. */
  text: string
  /** `false` when the body was cut or could not be decoded: nothing is read from it. */
  complete: boolean
}

/** FILE is written this many records at a time: one piece per turn of the event loop. */
export const RECORD_CHUNK = 1_000

/**
 * The mock's seeded categories by id (1 `Dogs` to 6 `Small Mammals`): kept in
 * every recording, so that a create the upstream accepted with one of them is
 * accepted from the recording too, and naming those ids as the mock does.
 */
const KNOWN_CATEGORIES = new Map(seedData({ pets: 0, orders: 0 }).categories.map((c) => [c.id, c]))

/** One line of the log: a pet or an order, as last seen. */
type LogLine = { pet: Pet } | { order: Order }

/**
 * What the recorder holds in memory (`--record FILE`): the pets and orders
 * seen, deduplicated by id (the last answer wins), each validated as a
 * fixture and reduced to the schema's fields, at most `LIMITS.maxRecords`
 * each (an id beyond them, or a bad record, is counted in `skipped`); the
 * records changed since they were last taken for the log (`takeLines`); and
 * the fixtures text of it all (`fixtures`). It reads and writes no file but
 * through `readFile` and `readLog`, which read what a recorder left.
 *
 * @example
 * const data = new RecordedData()
 * data.observe({ operationId: 'getPet', status: 200, text: '{"id":7,"name":"Rex","categoryId":1}', complete: true }) // true
 * data.takeLines(1_000) // ['{"pet":{"id":7,"name":"Rex","categoryId":1,…}}\n']
 */
export class RecordedData {
  readonly pets = new RecordIndex<Pet>()
  readonly orders = new RecordIndex<Order>()
  /** Records left out: ids beyond what the mock holds, bad records, over the bound. */
  skipped = 0
  /** Whether something was seen that FILE does not hold yet. */
  unwritten = false
  readonly #categoriesBefore = new Map<number, Category>()
  /** How many recorded pets name each category id. */
  readonly #petsOfCategory = new Map<number, number>()
  readonly #dirtyPets = new Set<number>()
  readonly #dirtyOrders = new Set<number>()

  /** Reads FILE, when it exists, as `--fixtures` reads it; its records are kept as written. */
  readFile(path: string, action: string): void {
    if (!existsSync(path)) return
    const earlier = readJsonFile(path, action) as Record<string, unknown>
    // Checked as --fixtures checks it; kept as it was written.
    const dataset = parseFixtures(earlier, { action })
    if (earlier.categories !== undefined) {
      for (const category of dataset.categories) this.#categoriesBefore.set(category.id, category)
    }
    for (const item of (earlier.pets ?? []) as Array<unknown>) this.#setPet(FixturePet.parse(item))
    for (const order of dataset.orders) this.orders.upsert(order)
  }

  /** Reads the log a recorder left; returns how many lines it held (a torn last one left out). */
  readLog(file: string, action: string): number {
    const lines = readLog(file, action)
    for (const line of lines) {
      if ('pet' in line) this.#setPet(line.pet)
      else this.orders.upsert(line.order)
    }
    return lines.length
  }

  /**
   * Keeps the pets and orders of a 2xx answer that was read whole (a list or
   * a pet, the orders list); returns whether any record changed.
   */
  observe({ operationId, status, text, complete }: RecordedAnswer): boolean {
    if (!complete || status < 200 || status > 299) return false
    let value: unknown
    try {
      value = JSON.parse(text, reviveExactInteger)
    } catch {
      return false
    }
    let changed = false
    const petOf = (item: unknown) =>
      this.#keep(this.pets, (pet) => this.#setPet(pet), this.#dirtyPets, FixturePet.safeParse(item))
    if (operationId === 'listPets' && Array.isArray(value)) {
      for (const item of value) changed = petOf(item) || changed
    } else if (operationId === 'getPet' || operationId === 'createPet') {
      changed = petOf(value)
    } else if (operationId === 'listOrders' && Array.isArray(value)) {
      for (const item of value) {
        const order = Order.safeParse(item)
        changed =
          this.#keep(this.orders, (o) => this.orders.upsert(o), this.#dirtyOrders, order) || changed
      }
    }
    return changed
  }

  /** How many changed records wait for the log. */
  get marked(): number {
    return this.#dirtyPets.size + this.#dirtyOrders.size
  }

  /** At most `max` changed records as log lines (one JSON line each, controls escaped), no longer marked. */
  takeLines(max: number): Array<string> {
    const lines: Array<string> = []
    for (const [dirty, index, kind] of [
      [this.#dirtyPets, this.pets, 'pet'],
      [this.#dirtyOrders, this.orders, 'order'],
    ] as const) {
      for (const id of dirty) {
        if (lines.length >= max) break
        dirty.delete(id)
        lines.push(`${showControls(JSON.stringify({ [kind]: index.get(id) }))}\n`)
      }
    }
    return lines
  }

  /**
   * FILE's text as of now, in pieces made when asked for: the mock's six
   * seeded categories, those FILE named, and every other id the pets name as
   * `Category N`; every pet; the orders whose pet is written. Taking it
   * clears `unwritten`.
   */
  fixtures(): Generator<string> {
    this.unwritten = false
    const categories = new Map<number, Category>([...KNOWN_CATEGORIES, ...this.#categoriesBefore])
    for (const [id, named] of this.#petsOfCategory) {
      if (named > 0 && !categories.has(id)) categories.set(id, { id, name: `Category ${id}` })
    }
    const petList = this.pets.all()
    const orderList = this.orders.all()
    return fixturesText(
      [...categories.values()].sort((a, b) => a.id - b.id),
      petList,
      () => orderList.filter((order) => hasId(petList, order.petId)),
    )
  }

  #setPet(pet: Pet): void {
    const before = this.pets.get(pet.id)
    if (before !== undefined) count(this.#petsOfCategory, before.categoryId, -1)
    count(this.#petsOfCategory, pet.categoryId, 1)
    this.pets.upsert(pet)
  }

  #keep<T extends { id: number }>(
    into: { has(id: number): boolean; get(id: number): T | undefined; size: number },
    set: (record: T) => void,
    dirty: Set<number>,
    parsed: { success: boolean; data?: T },
  ): boolean {
    const record = parsed.data
    if (!parsed.success || record === undefined) {
      this.skipped++
      return false
    }
    if (!into.has(record.id) && into.size >= LIMITS.maxRecords) {
      this.skipped++
      return false
    }
    const before = into.get(record.id)
    if (before !== undefined && JSON.stringify(before) === JSON.stringify(record)) return false
    set(record)
    dirty.add(record.id)
    this.unwritten = true
    return true
  }
}

/** Whether a list sorted by id holds this id (a binary search). */
function hasId(sorted: ReadonlyArray<{ id: number }>, id: number): boolean {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] as { id: number }).id < id) low = middle + 1
    else high = middle
  }
  return sorted[low]?.id === id
}

function count(counts: Map<number, number>, id: number, by: number): void {
  counts.set(id, (counts.get(id) ?? 0) + by)
}

/**
 * The text `JSON.stringify({ categories, pets, orders }, null, 2)` would give
 * (C1 and bidi controls as escapes), in pieces of {@link RECORD_CHUNK}
 * records, each made only when asked for.
 *
 * @example
 * [...fixturesText([], [], () => [])].join('') // '{\n  "categories": [],\n  "pets": [],\n  "orders": []\n}\n'
 */
export function* fixturesText(
  categories: ReadonlyArray<Category>,
  pets: ReadonlyArray<Pet>,
  orders: () => ReadonlyArray<Order>,
): Generator<string> {
  yield '{\n'
  yield* member('categories', categories, ',')
  yield* member('pets', pets, ',')
  yield* member('orders', orders(), '')
  yield '}\n'
}

function* member(name: string, items: ReadonlyArray<object>, after: string): Generator<string> {
  if (items.length === 0) {
    yield `  "${name}": []${after}\n`
    return
  }
  yield `  "${name}": [\n`
  for (let at = 0; at < items.length; at += RECORD_CHUNK) {
    const text = items
      .slice(at, at + RECORD_CHUNK)
      .map((item) => `    ${JSON.stringify(item, null, 2).replaceAll('\n', '\n    ')}`)
      .join(',\n')
    yield `${showControls(text)}${at + RECORD_CHUNK < items.length ? ',' : ''}\n`
  }
  yield `  ]${after}\n`
}

/** The whole lines of the log, checked; a torn last line (a crash mid-write) is left out. */
function readLog(file: string, action: string): Array<LogLine> {
  return readWholeLines(file).map((raw, index) => {
    const bad = () =>
      new ConfigError(
        'ERR_PETSTORE_INVALID_FIXTURES',
        action,
        `${file} line ${index + 1} must be {"pet": {...}} or {"order": {...}}`,
      )
    let line: unknown
    try {
      line = JSON.parse(raw, reviveExactInteger)
    } catch {
      throw bad()
    }
    if (typeof line === 'object' && line !== null && 'pet' in line) {
      const pet = FixturePet.safeParse(line.pet)
      if (pet.success) return { pet: pet.data }
    } else if (typeof line === 'object' && line !== null && 'order' in line) {
      const order = Order.safeParse(line.order)
      if (order.success) return { order: order.data }
    }
    throw bad()
  })
}
