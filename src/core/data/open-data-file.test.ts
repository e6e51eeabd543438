import {
  appendFileSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { withFetch } from '../../adapter/fetch/fetch-transport.ts'
import { createPetstoreCore, type PetstoreCore } from '../../app/create-petstore-core.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { openDataFile } from './open-data-file.ts'

const AUTH = { authorization: 'Bearer sk_test_enterprise' }
const directory = mkdtempSync(join(tmpdir(), 'petstore-data-file-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
let files = 0
const newFile = () => join(directory, `data-${++files}.json`)

async function start(file: string, options = {}) {
  const persistence = openDataFile(file)
  const petstore = withFetch(createPetstoreCore({ pets: 5, orders: 2, persistence, ...options }))
  await petstore.ready
  return { petstore, close: () => persistence.close() }
}

async function create(petstore: PetstoreCore, name: string) {
  const response = await petstore.fetch(
    new Request('http://x.test/v1/pets', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name, categoryId: 2, status: 'sold' }),
    }),
  )
  return { status: response.status, body: await response.json() }
}

async function get(petstore: PetstoreCore, id: number) {
  return (await petstore.fetch(new Request(`http://x.test/v1/pets/${id}`, { headers: AUTH })))
    .status
}

function expectConfigError(run: () => unknown, message: string) {
  let error: unknown
  try {
    run()
  } catch (caught) {
    error = caught
  }
  expect(error).toBeInstanceOf(ConfigError)
  expect((error as Error).message).toMatch(/^\[petstore-mock\] Failed to load the data file /)
  expect((error as Error).message).toContain(message)
}

describe('openDataFile', () => {
  it('seeds and writes a missing file, then starts from it with every created pet', async () => {
    const file = newFile()
    const first = await start(file)
    expect(JSON.parse(readFileSync(file, 'utf8')).pets).toHaveLength(5)
    const created = await Promise.all(['A', 'B', 'C'].map((name) => create(first.petstore, name)))
    expect(created.map((result) => result.status)).toEqual([201, 201, 201])
    await first.close()

    // Another seed: the file wins over the flags.
    const second = await start(file, { seed: 99 })
    expect(second.petstore.state().data).toEqual({ categories: 6, pets: 8, orders: 2 })
    for (const { body } of created) expect(await get(second.petstore, body.id)).toBe(200)
    // Compacted on start: the journal is empty, the snapshot holds all.
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe('')
    expect(JSON.parse(readFileSync(file, 'utf8')).pets).toHaveLength(8)
    expect((await create(second.petstore, 'D')).body.id).toBe(9)
    await second.close()
  })

  it('keeps a file that is a symbolic link a link: its target gets the data, the lock and the journal', async () => {
    const target = newFile()
    const link = newFile()
    symlinkSync(target, link)
    const first = await start(link)
    expect((await create(first.petstore, 'Linked')).status).toBe(201)
    expect(existsSync(`${target}.lock`)).toBe(true)
    expect(existsSync(`${link}.lock`)).toBe(false)
    // Through the target itself, the same file is in use.
    expect(() => openDataFile(target).load({ maxRecords: 100 })).toThrow(
      /already open in this process/,
    )
    await first.close()
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    const again = await start(link)
    expect(again.petstore.state().data.pets).toBe(6)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(JSON.parse(readFileSync(target, 'utf8')).pets).toHaveLength(6)
    await again.close()
  })

  it('resets the file with POST /__mock/reset', async () => {
    const file = newFile()
    const first = await start(file)
    const { body } = await create(first.petstore, 'Gone')
    const reset = await first.petstore.fetch(
      new Request('http://x.test/__mock/reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    expect(reset.status).toBeLessThan(300)
    await first.close()
    const second = await start(file)
    expect(await get(second.petstore, body.id)).toBe(404)
    expect(second.petstore.state().data.pets).toBe(5)
    await second.close()
  })

  it('drops a torn last journal line and ignores lines of an older snapshot', async () => {
    const file = newFile()
    const first = await start(file)
    await create(first.petstore, 'Kept')
    await first.close()
    const epoch = JSON.parse(readFileSync(file, 'utf8')).epoch
    const pet = (id: number) => ({ id, name: 'Old', categoryId: 1, status: 'available' })
    appendFileSync(`${file}.journal`, `${JSON.stringify({ epoch: epoch - 1, pet: pet(50) })}\n`)
    appendFileSync(`${file}.journal`, `{"epoch":${epoch},"pet":{"id":51,"na`)
    const second = await start(file)
    expect(second.petstore.state().data.pets).toBe(6)
    expect(await get(second.petstore, 6)).toBe(200)
    expect(await get(second.petstore, 50)).toBe(404)
    expect(await get(second.petstore, 51)).toBe(404)
    await second.close()
  })

  it('rejects a corrupt file clearly, naming the first bad record', async () => {
    const file = newFile()
    const { close } = await start(file)
    await close()
    const snapshot = JSON.parse(readFileSync(file, 'utf8'))
    const maxRecords = 100_000

    writeFileSync(file, JSON.stringify({ ...snapshot, pets: [...snapshot.pets, { id: 9 }] }))
    expectConfigError(() => openDataFile(file).load({ maxRecords }), 'pets[5].name is required')

    writeFileSync(file, JSON.stringify(snapshot))
    const line = (pet: unknown) => `${JSON.stringify({ epoch: snapshot.epoch, pet })}\n`
    writeFileSync(
      `${file}.journal`,
      line({ id: 6, name: 'Ok', categoryId: 1 }) + line({ id: 7, name: 'Bad', categoryId: 99 }),
    )
    expectConfigError(
      () => openDataFile(file).load({ maxRecords }),
      `${file}.journal line 2.categoryId 99 names no category`,
    )

    writeFileSync(`${file}.journal`, `not json\n${line({ id: 6, name: 'Ok', categoryId: 1 })}`)
    expectConfigError(
      () => openDataFile(file).load({ maxRecords }),
      `${file}.journal line 1 is not valid JSON`,
    )

    writeFileSync(`${file}.journal`, '')
    writeFileSync(file, '{"pets": [')
    expect(() => openDataFile(file).load({ maxRecords })).toThrow('is not valid JSON')
    writeFileSync(file, JSON.stringify({ ...snapshot, format: 'other' }))
    expectConfigError(() => openDataFile(file).load({ maxRecords }), '"format" must be')
  })

  it('claims the file until close: a second open of it fails and touches nothing', async () => {
    const file = newFile()
    const first = await start(file)
    const { body } = await create(first.petstore, 'Mine')
    const contents = () => [file, `${file}.journal`].map((name) => readFileSync(name, 'utf8'))
    const before = contents()
    const second = openDataFile(file)
    expect(() => second.load({ maxRecords: 100 })).toThrow(
      `[petstore-mock] Failed to open the data file: ${file} is already open in this process`,
    )
    expect(contents()).toEqual(before)
    await first.close()
    expect(existsSync(`${file}.lock`)).toBe(false)
    const reopened = await start(file)
    expect(existsSync(`${file}.lock`)).toBe(true)
    expect(await get(reopened.petstore, body.id)).toBe(200)
    await reopened.close()
  })

  it('gives the claim up when a load fails', () => {
    const file = newFile()
    writeFileSync(file, '{"pets": [')
    expect(() => openDataFile(file).load({ maxRecords: 100 })).toThrow('is not valid JSON')
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('keeps orders, and starts from a plain fixtures file', async () => {
    const file = newFile()
    writeFileSync(
      file,
      JSON.stringify({
        pets: [{ id: 1, name: 'Rex', categoryId: 1 }],
        orders: [
          {
            id: 4,
            petId: 1,
            quantity: 2,
            shipDate: '2026-03-01T10:00:00.000Z',
            status: 'placed',
            complete: false,
          },
        ],
      }),
    )
    const { petstore, close } = await start(file)
    expect(petstore.state().data).toEqual({ categories: 6, pets: 1, orders: 1 })
    await close()
    expect(JSON.parse(readFileSync(file, 'utf8')).orders[0].id).toBe(4)
  })
})
