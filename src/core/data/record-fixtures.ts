import { accessSync, constants, existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { LIMITS } from '../../base/options/defaults.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { formatMessage } from '../../errors/format-message.ts'
import { messageOf } from '../../errors/message-of.ts'
import type { Category } from '../../spec/category.ts'
import { reviveExactInteger } from '../../spec/int64.ts'
import { Order } from '../../spec/order.ts'
import type { Pet } from '../../spec/pet.ts'
import type { OperationId } from '../../spec/routes.ts'
import { showControls } from '../../utils/show-controls.ts'
import { FixturePet, parseFixtures } from './parse-fixtures.ts'
import { readJsonFile } from './read-json-file.ts'
import { seedData } from './seed-data.ts'
import { writeFileAtomically } from './write-file-atomically.ts'

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

/**
 * The recorder (`--record FILE`): the pets and orders seen in upstream answers.
 *
 * @example
 * const recorder = createFixtureRecorder('recorded.json')
 */
export interface FixtureRecorder {
  observe(answer: RecordedAnswer): void
  /** Resolves once what was seen is written. */
  close(): Promise<void>
  /** Records kept, and records left out (ids beyond what the mock holds, bad records, over the bound). */
  counts(): { pets: number; orders: number; skipped: number }
}

/**
 * The mock's seeded categories by id (1 `Dogs` to 6 `Small Mammals`): kept in
 * every recording, so that a create the upstream accepted with one of them is
 * accepted from the recording too, and naming those ids as the mock does.
 */
const KNOWN_CATEGORIES = new Map(seedData({ pets: 0, orders: 0 }).categories.map((c) => [c.id, c]))

/**
 * Records the pets and orders of upstream answers (a list or a pet, the
 * orders list) into `file` in the `--fixtures` format, so that
 * `petstore-mock --fixtures FILE` serves them: deduplicated by id (the last
 * answer wins), ids read exactly (an id beyond ±(2^53 − 1), which the mock
 * cannot hold, is left out and counted, never rounded), each record validated
 * as a fixture and reduced to the schema's fields (so nothing else the
 * upstream sent, and no credential, is ever written; C1 and bidi controls are
 * written as JSON escapes, `showControls`). A `file` that exists
 * is added to, by id: what it holds is read first (as `--fixtures` reads
 * it) and kept, a record with a new id is added, one with the same id is
 * replaced by the newer answer; a file that is not valid fixtures throws a
 * `ConfigError` naming it, and nothing is recorded over it. The categories are
 * the mock's six seeded ones (`Dogs`, `Cats`, … ids 1 to 6), those the file
 * named, and every other id the pets name, as `Category N` (the spec shows no
 * category names); an order is written once its pet is. Each change is written
 * crash-safely (`writeFileAtomically`), one write at a time, the latest data
 * winning. At most `LIMITS.maxRecords` pets and orders each. A folder that
 * does not exist or cannot be written throws a `ConfigError`
 * (`ERR_PETSTORE_FILE`) at once; a write that fails later is reported once
 * to `onError`.
 *
 * @example
 * const recorder = createFixtureRecorder('recorded.json')
 * recorder.observe({ operationId: 'getPet', status: 200, text: '{"id":7,"name":"Rex","categoryId":1}', complete: true })
 * await recorder.close()
 */
export function createFixtureRecorder(
  file: string,
  onError: (message: string) => void = (message) => console.error(message),
): FixtureRecorder {
  const folder = dirname(resolve(file))
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    throw new ConfigError(
      'ERR_PETSTORE_FILE',
      `record to ${file}`,
      `its folder ${folder} does not exist or is not writable`,
    )
  }
  const pets = new Map<number, Pet>()
  const orders = new Map<number, Order>()
  const categoriesBefore = new Map<number, Category>()
  if (existsSync(file)) {
    const action = `record to ${file}`
    const earlier = readJsonFile(file, action) as Record<string, unknown>
    // Checked as --fixtures checks it; kept as it was written.
    const dataset = parseFixtures(earlier, { action })
    if (earlier.categories !== undefined) {
      for (const category of dataset.categories) categoriesBefore.set(category.id, category)
    }
    for (const item of (earlier.pets ?? []) as Array<unknown>) {
      const pet = FixturePet.parse(item)
      pets.set(pet.id, pet)
    }
    for (const order of dataset.orders) orders.set(order.id, order)
  }
  let skipped = 0
  let writing: Promise<void> = Promise.resolve()
  let dirty = false
  let reported = false

  const write = () => {
    if (dirty) return
    dirty = true
    writing = writing.then(async () => {
      dirty = false
      try {
        // C1 and bidi controls as JSON escapes: the file reads back the same, and shows no raw control.
        await writeFileAtomically(file, `${showControls(JSON.stringify(snapshot(), null, 2))}\n`)
      } catch (error) {
        if (reported) return
        reported = true
        onError(formatMessage(`write --record ${file}`, messageOf(error)))
      }
    })
  }

  const snapshot = () => {
    const categories = new Map<number, Category>([...KNOWN_CATEGORIES, ...categoriesBefore])
    for (const pet of pets.values()) {
      if (!categories.has(pet.categoryId)) {
        categories.set(
          pet.categoryId,
          KNOWN_CATEGORIES.get(pet.categoryId) ?? {
            id: pet.categoryId,
            name: `Category ${pet.categoryId}`,
          },
        )
      }
    }
    return {
      categories: [...categories.values()].sort((a, b) => a.id - b.id),
      pets: [...pets.values()].sort((a, b) => a.id - b.id),
      orders: [...orders.values()]
        .filter((order) => pets.has(order.petId))
        .sort((a, b) => a.id - b.id),
    }
  }

  const keep = <T extends { id: number }>(
    into: Map<number, T>,
    value: unknown,
    parse: (value: unknown) => { success: boolean; data?: T },
  ): boolean => {
    const result = parse(value)
    if (!result.success || result.data === undefined) {
      skipped++
      return false
    }
    if (!into.has(result.data.id) && into.size >= LIMITS.maxRecords) {
      skipped++
      return false
    }
    const before = into.get(result.data.id)
    into.set(result.data.id, result.data)
    return before === undefined || JSON.stringify(before) !== JSON.stringify(result.data)
  }

  return {
    observe({ operationId, status, text, complete }) {
      if (!complete || status < 200 || status > 299) return
      let value: unknown
      try {
        value = JSON.parse(text, reviveExactInteger)
      } catch {
        return
      }
      let changed = false
      const petOf = (item: unknown) => keep(pets, item, (v) => FixturePet.safeParse(v))
      if (operationId === 'listPets' && Array.isArray(value)) {
        for (const item of value) changed = petOf(item) || changed
      } else if (operationId === 'getPet' || operationId === 'createPet') {
        changed = petOf(value)
      } else if (operationId === 'listOrders' && Array.isArray(value)) {
        for (const item of value) {
          changed = keep(orders, item, (v) => Order.safeParse(v)) || changed
        }
      }
      if (changed) write()
    },
    close: async () => {
      await writing
    },
    counts: () => ({ pets: pets.size, orders: orders.size, skipped }),
  }
}
