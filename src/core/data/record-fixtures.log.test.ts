import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../errors/config-error.ts'
import type { Order } from '../../spec/order.ts'
import type { Pet } from '../../spec/pet.ts'
import { showControls } from '../../utils/show-controls.ts'
import {
  createFixtureRecorder,
  type FixtureRecorder,
  MIN_LINES_BEFORE_FOLD,
} from './record-fixtures.ts'
import { fixturesText, RECORD_CHUNK } from './recorded-data.ts'

const directory = mkdtempSync(join(tmpdir(), 'petstore-record-log-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
let files = 0
const newFile = () => join(directory, `recorded-${++files}.json`)

const seen = (recorder: FixtureRecorder, pet: Pet) =>
  recorder.observe({
    operationId: 'getPet',
    status: 200,
    text: JSON.stringify(pet),
    complete: true,
  })

const petsOf = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { pets: Array<Pet> }).pets

/** A fixtures file of `count` pets, ids 1 to `count`. */
function fileOfPets(count: number): string {
  const file = newFile()
  const pets = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: 1,
  }))
  writeFileSync(file, `${JSON.stringify({ pets })}\n`)
  return file
}

describe('the recorder', () => {
  it('costs one log line per new record, whatever FILE holds: FILE is written again only when the log is folded in', async () => {
    const file = fileOfPets(3_000)
    const before = { text: readFileSync(file, 'utf8'), inode: statSync(file).ino }
    const recorder = createFixtureRecorder(file)
    seen(recorder, { id: 5_000, name: 'New', categoryId: 2 })
    seen(recorder, { id: 5_001, name: 'Newer', categoryId: 2 })
    await recorder.flush()
    // FILE untouched; the two records are one line each in the log.
    expect(readFileSync(file, 'utf8')).toBe(before.text)
    expect(statSync(file).ino).toBe(before.inode)
    const lines = readFileSync(`${file}.recording`, 'utf8').trim().split('\n')
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { pet: { id: 5_000, name: 'New', categoryId: 2 } },
      { pet: { id: 5_001, name: 'Newer', categoryId: 2 } },
    ])
    // An answer that changes nothing writes nothing.
    seen(recorder, { id: 5_000, name: 'New', categoryId: 2 })
    await recorder.flush()
    expect(readFileSync(`${file}.recording`, 'utf8').trim().split('\n')).toHaveLength(2)
    await recorder.close()
    expect(existsSync(`${file}.recording`)).toBe(false)
    expect(petsOf(file)).toHaveLength(3_002)
  })

  it(`folds the log into FILE once it holds more than ${MIN_LINES_BEFORE_FOLD} lines (or than FILE records)`, async () => {
    const file = newFile()
    const recorder = createFixtureRecorder(file)
    for (let id = 1; id <= MIN_LINES_BEFORE_FOLD; id++) {
      seen(recorder, { id, name: `Pet ${id}`, categoryId: 1 })
    }
    await recorder.flush()
    expect(existsSync(file)).toBe(false)
    // One line more than FILE will hold records: the next write folds.
    seen(recorder, { id: 1, name: 'Renamed', categoryId: 1 })
    await recorder.flush()
    // The fold ran on the writer's lane: FILE holds every pet, the log is empty again.
    expect(petsOf(file)).toHaveLength(MIN_LINES_BEFORE_FOLD)
    expect(petsOf(file)[0]?.name).toBe('Renamed')
    expect(readFileSync(`${file}.recording`, 'utf8')).toBe('')
    await recorder.close()
  })

  it('folds in at start a log a crash left, dropping a torn last line', async () => {
    const file = fileOfPets(2)
    appendFileSync(
      `${file}.recording`,
      `${JSON.stringify({ pet: { id: 2, name: 'Renamed', categoryId: 1 } })}\n${JSON.stringify({ pet: { id: 3, name: 'Third', categoryId: 7 } })}\n{"pet": {"id": 4, "na`,
    )
    const recorder = createFixtureRecorder(file)
    expect(recorder.counts()).toEqual({ pets: 3, orders: 0, skipped: 0 })
    await recorder.close()
    expect(petsOf(file)).toEqual([
      { id: 1, name: 'Pet 1', categoryId: 1 },
      { id: 2, name: 'Renamed', categoryId: 1 },
      { id: 3, name: 'Third', categoryId: 7 },
    ])
    expect(existsSync(`${file}.recording`)).toBe(false)
  })

  it('refuses a log with a line that is no record, naming it, and gives the file up', () => {
    const file = fileOfPets(1)
    writeFileSync(`${file}.recording`, '{"pet": {"id": "x"}}\n')
    expect(() => createFixtureRecorder(file)).toThrow(/recording line 1 must be/)
    rmSync(`${file}.recording`)
    createFixtureRecorder(file)
  })

  it('writes FILE as JSON.stringify(…, null, 2) would, in pieces of RECORD_CHUNK records', () => {
    // Quotes, escapes, line breaks, astral letters, C1 and bidi controls.
    const name = fc.string({
      unit: fc.constantFrom(
        'a',
        'é',
        '😀',
        '"',
        '\\',
        '\n',
        '\u0000',
        '\u0085',
        '\u202e',
        '\u2028',
      ),
      maxLength: 12,
    })
    const id = fc.integer({ min: 1, max: 2 ** 40 })
    // Lists longer than a piece, made cheaply: one generated pet, repeated.
    const pet = fc.record(
      { id, name, categoryId: id },
      { requiredKeys: ['id', 'name', 'categoryId'] },
    )
    fc.assert(
      fc.property(
        fc.array(fc.record({ id, name })),
        fc.oneof(
          fc.array(pet, { maxLength: 20 }),
          // Longer than a piece, made cheaply: one generated pet, repeated.
          fc
            .tuple(pet, fc.integer({ min: RECORD_CHUNK - 1, max: 2 * RECORD_CHUNK + 1 }))
            .map(([one, size]) => Array.from({ length: size }, () => one)),
        ),
        fc.array(fc.record({ id, petId: id, quantity: id })),
        (categories, pets, orders) => {
          const pieces = [...fixturesText(categories, pets, () => orders as Array<Order>)]
          expect(pieces.join('')).toBe(
            `${showControls(JSON.stringify({ categories, pets, orders }, null, 2))}\n`,
          )
          expect(pieces.length).toBeLessThanOrEqual(
            8 +
              Math.ceil(categories.length / RECORD_CHUNK) +
              Math.ceil(pets.length / RECORD_CHUNK) +
              Math.ceil(orders.length / RECORD_CHUNK),
          )
        },
      ),
      { numRuns: 25, seed: 33 },
    )
  })
})

describe('two recorders on one file', () => {
  it('the second is refused while the first records, naming it, and the file keeps every record', async () => {
    const file = newFile()
    const first = createFixtureRecorder(file)
    seen(first, { id: 1, name: 'First', categoryId: 1 })
    let error: unknown
    try {
      createFixtureRecorder(file)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).code).toBe('ERR_PETSTORE_DATA_FILE_IN_USE')
    expect((error as Error).message).toMatch(
      /^\[petstore-mock\] Failed to record to .*already open/,
    )
    await first.close()
    const second = createFixtureRecorder(file)
    seen(second, { id: 2, name: 'Second', categoryId: 1 })
    await second.close()
    expect(petsOf(file).map((pet) => pet.name)).toEqual(['First', 'Second'])
  })

  it('never lose a record, whatever the order of opens, answers, flushes and closes', async () => {
    type Step =
      | { kind: 'open' | 'close' | 'flush'; who: 0 | 1 }
      | { kind: 'seen'; who: 0 | 1; id: number; name: string }
    const who = fc.constantFrom(0 as const, 1 as const)
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constantFrom('open' as const, 'close' as const, 'flush' as const),
        who,
      }),
      fc.record({
        kind: fc.constant('seen' as const),
        who,
        id: fc.integer({ min: 1, max: 6 }),
        name: fc.string({ minLength: 1, maxLength: 4 }),
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const file = newFile()
        const open: Array<FixtureRecorder | undefined> = [undefined, undefined]
        /** What FILE must hold once both are closed: the last answer each id had while its recorder held the file. */
        const expected = new Map<number, string>()
        for (const step of steps) {
          const recorder = open[step.who]
          if (step.kind === 'open') {
            if (recorder !== undefined) continue
            const other = open[1 - step.who]
            try {
              open[step.who] = createFixtureRecorder(file)
              expect(other).toBeUndefined()
            } catch (error) {
              expect(other).toBeDefined()
              expect((error as ConfigError).code).toBe('ERR_PETSTORE_DATA_FILE_IN_USE')
            }
          } else if (recorder === undefined) {
            // Nothing to do for a recorder that does not hold the file.
          } else if (step.kind === 'seen') {
            seen(recorder, { id: step.id, name: step.name, categoryId: 1 })
            expected.set(step.id, step.name)
          } else if (step.kind === 'flush') {
            await recorder.flush()
          } else {
            await recorder.close()
            open[step.who] = undefined
          }
        }
        for (const recorder of open) await recorder?.close()
        const kept = existsSync(file) ? petsOf(file) : []
        expect(new Map(kept.map((pet) => [pet.id, pet.name]))).toEqual(expected)
        expect(existsSync(`${file}.lock`)).toBe(false)
      }),
      { numRuns: 40, seed: 33 },
    )
  })
})
