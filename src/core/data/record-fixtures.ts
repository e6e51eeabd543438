import { accessSync, constants, existsSync, rmSync } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
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
import { claimDataFile } from './claim-data-file.ts'
import { FixturePet, parseFixtures } from './parse-fixtures.ts'
import { readJsonFile } from './read-json-file.ts'
import { readWholeLines } from './read-whole-lines.ts'
import { RecordIndex } from './record-index.ts'
import { seedData } from './seed-data.ts'
import { resolveLinks, writeFileAtomically } from './write-file-atomically.ts'

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
  /** Resolves once what was seen is in the log. */
  flush(): Promise<void>
  /** Writes FILE whole (the log folded in), removes the log and gives the file up. */
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

/** At most this many changed records are appended to the log in one write (and one `fdatasync`). */
export const MAX_RECORD_BATCH = 1_000

/** FILE is written this many records at a time: one piece per turn of the event loop. */
export const RECORD_CHUNK = 1_000

/**
 * The log is folded into FILE once it holds more lines than this, or than
 * FILE holds records if that is more: each line is then rewritten at most
 * once on average, whatever the size of FILE.
 */
export const MIN_LINES_BEFORE_FOLD = 10_000

/** One line of the log: a pet or an order, as last seen. */
type LogLine = { pet: Pet } | { order: Order }

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
 * category names); an order is written once its pet is. At most
 * `LIMITS.maxRecords` pets and orders each.
 *
 * One recorder per file: the file is claimed at once (`FILE.lock`, as
 * `--data-file` claims its file; a link is followed first), and a second
 * recorder, or a data file, on it throws a `ConfigError`
 * (`ERR_PETSTORE_DATA_FILE_IN_USE`) naming the process that has it. A record
 * that changes costs the same whatever FILE holds: its id is marked, and one
 * writer appends the marked records, at most {@link MAX_RECORD_BATCH} at a
 * time, to `FILE.recording` (one JSON line each) and fdatasyncs them. Once the
 * log holds more than {@link MIN_LINES_BEFORE_FOLD} lines, or more lines than
 * FILE records, FILE is written again whole, crash-safely
 * (`writeFileAtomically`), {@link RECORD_CHUNK} records per turn of the event
 * loop, and the log emptied; `close()` does the same and removes the log. A
 * log left by a crash is read at the next start (a torn last line dropped)
 * and folded into FILE. A folder that does not exist or cannot be written
 * throws a `ConfigError` (`ERR_PETSTORE_FILE`) at once; a write that fails
 * later is reported once to `onError` (what was seen stays in memory, and is
 * written by the next fold).
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
  const action = `record to ${file}`
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    throw new ConfigError(
      'ERR_PETSTORE_FILE',
      action,
      `its folder ${folder} does not exist or is not writable`,
    )
  }
  const path = resolveLinks(file)
  const logFile = `${path}.recording`
  const claim = claimDataFile(path, action)
  const pets = new RecordIndex<Pet>()
  const orders = new RecordIndex<Order>()
  const categoriesBefore = new Map<number, Category>()
  /** How many recorded pets name each category id. */
  const petsOfCategory = new Map<number, number>()
  let skipped = 0

  const setPet = (pet: Pet) => {
    const before = pets.get(pet.id)
    if (before !== undefined) count(petsOfCategory, before.categoryId, -1)
    count(petsOfCategory, pet.categoryId, 1)
    pets.upsert(pet)
  }

  let logLines = 0
  try {
    if (existsSync(path)) {
      const earlier = readJsonFile(path, action) as Record<string, unknown>
      // Checked as --fixtures checks it; kept as it was written.
      const dataset = parseFixtures(earlier, { action })
      if (earlier.categories !== undefined) {
        for (const category of dataset.categories) categoriesBefore.set(category.id, category)
      }
      for (const item of (earlier.pets ?? []) as Array<unknown>) setPet(FixturePet.parse(item))
      for (const order of dataset.orders) orders.upsert(order)
    }
    for (const line of readLog(logFile, action)) {
      if ('pet' in line) setPet(line.pet)
      else orders.upsert(line.order)
      logLines++
    }
  } catch (error) {
    claim.release()
    throw error
  }

  const dirtyPets = new Set<number>()
  const dirtyOrders = new Set<number>()
  let log: FileHandle | undefined
  /** Bytes of the log known to be whole lines on disk. */
  let committed = 0
  let reported = false
  const report = (error: unknown) => {
    if (reported) return
    reported = true
    onError(formatMessage(`write --record ${file}`, messageOf(error)))
  }
  /** Every write to the files runs on this one lane, in order. */
  let lane: Promise<void> = Promise.resolve()
  let scheduled = false
  const onLane = (task: () => Promise<void>) => {
    lane = lane.then(task).catch(report)
    return lane
  }

  const appendMarked = async () => {
    while (dirtyPets.size + dirtyOrders.size > 0) {
      const lines: Array<string> = []
      for (const [dirty, index, kind] of [
        [dirtyPets, pets, 'pet'],
        [dirtyOrders, orders, 'order'],
      ] as const) {
        for (const id of dirty) {
          if (lines.length >= MAX_RECORD_BATCH) break
          dirty.delete(id)
          lines.push(`${showControls(JSON.stringify({ [kind]: index.get(id) }))}\n`)
        }
      }
      const text = lines.join('')
      try {
        log ??= await open(logFile, 'a')
        await log.appendFile(text)
        await log.datasync()
        committed += Buffer.byteLength(text)
        logLines += lines.length
      } catch (error) {
        // Cut a partly written batch off, so the log stays whole lines; memory still has it all.
        await log?.truncate(committed).catch(() => undefined)
        throw error
      }
    }
  }

  const fold = async () => {
    // What FILE will hold, taken now: later changes go to the log after this fold.
    unwritten = false
    const categories = new Map<number, Category>([...KNOWN_CATEGORIES, ...categoriesBefore])
    for (const [id, named] of petsOfCategory) {
      if (named > 0 && !categories.has(id)) categories.set(id, { id, name: `Category ${id}` })
    }
    const petList = pets.all()
    const orderList = orders.all()
    await writeFileAtomically(
      path,
      fixturesText(
        [...categories.values()].sort((a, b) => a.id - b.id),
        petList,
        () => orderList.filter((order) => hasId(petList, order.petId)),
      ),
    )
    // FILE now holds everything the log did.
    await log?.truncate(0)
    committed = 0
    logLines = 0
  }

  const write = async () => {
    scheduled = false
    await appendMarked()
    if (logLines > Math.max(MIN_LINES_BEFORE_FOLD, pets.size + orders.size)) await fold()
  }

  // A log left by a crash is folded in at once.
  if (logLines > 0) void onLane(fold)

  /** Whether something was seen that FILE does not hold yet. */
  let unwritten = false
  const keep = <T extends { id: number }>(
    into: { has(id: number): boolean; get(id: number): T | undefined; size: number },
    set: (record: T) => void,
    dirty: Set<number>,
    parsed: { success: boolean; data?: T },
  ): boolean => {
    const record = parsed.data
    if (!parsed.success || record === undefined) {
      skipped++
      return false
    }
    if (!into.has(record.id) && into.size >= LIMITS.maxRecords) {
      skipped++
      return false
    }
    const before = into.get(record.id)
    if (before !== undefined && JSON.stringify(before) === JSON.stringify(record)) return false
    set(record)
    dirty.add(record.id)
    unwritten = true
    return true
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
      const petOf = (item: unknown) => keep(pets, setPet, dirtyPets, FixturePet.safeParse(item))
      if (operationId === 'listPets' && Array.isArray(value)) {
        for (const item of value) changed = petOf(item) || changed
      } else if (operationId === 'getPet' || operationId === 'createPet') {
        changed = petOf(value)
      } else if (operationId === 'listOrders' && Array.isArray(value)) {
        for (const item of value) {
          const order = Order.safeParse(item)
          changed = keep(orders, (o) => orders.upsert(o), dirtyOrders, order) || changed
        }
      }
      if (changed && !scheduled) {
        scheduled = true
        void onLane(write)
      }
    },
    flush: () => onLane(appendMarked),
    close: async () => {
      await onLane(async () => {
        await appendMarked()
        // FILE whole, in the fixtures format, if anything is not in it yet.
        if (unwritten || logLines > 0) await fold()
        await log?.close()
        log = undefined
        rmSync(logFile, { force: true })
      })
      claim.release()
    },
    counts: () => ({ pets: pets.size, orders: orders.size, skipped }),
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
