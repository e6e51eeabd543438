import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COVERAGE_FILE_SUFFIX, parseCoverageFile } from '../../core/coverage/coverage-file.ts'
import { createPetstore } from '../msw/create-petstore.ts'
import { startServer } from './start-server.ts'
import { type CoverageSource, writeCoverage } from './write-coverage.ts'

const BASE = 'https://api.example.com'
const auth = { authorization: 'Bearer sk_test_enterprise' }

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-coverage-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const read = async (file: string) => parseCoverageFile(await readFile(file, 'utf8'))

describe('writeCoverage', () => {
  it("names the file by vitest's running test file, and adds what each test met across resets", async () => {
    const petstore = createPetstore({ baseUrl: BASE, seed: 1, pets: 5 })
    await petstore.fetch(new Request(`${BASE}/v1/pets`, { headers: auth }))
    const file = await writeCoverage(petstore, { dir })
    expect(file.startsWith(join(dir, 'write-coverage.test.ts.'))).toBe(true)
    expect(file.endsWith(COVERAGE_FILE_SUFFIX)).toBe(true)
    // A reset between tests, then another test: nothing of the first is lost.
    await petstore.reset()
    await petstore.fetch(new Request(`${BASE}/v1/pets/999999`, { headers: auth }))
    await petstore.fetch(new Request(`${BASE}/v1/pets`, { headers: auth }))
    expect(await writeCoverage(petstore, { dir })).toBe(file)
    // No reset: only what is new since the last write is added.
    await petstore.fetch(new Request(`${BASE}/v1/nowhere`, { headers: auth }))
    await writeCoverage(petstore, { dir })
    const written = await read(file)
    expect(written.testFile).toBe(expect.getState().testPath)
    expect(written.met.get('getPet:404:not-found')).toBe(1)
    expect(written.met.get('listPets:200:last-page')).toBe(2)
    expect(written.met.get('listPets:429:rate-limited')).toBe(0)
    expect(written.outside).toBe(1)
    // The one file, replaced whole each time: no temporary file is left.
    expect(await readdir(dir)).toEqual([file.slice(dir.length + 1)])
  })

  it('takes calls in flight at once in turn: a report that comes back late is not counted twice', async () => {
    const petstore = createPetstore({ baseUrl: BASE, seed: 1, pets: 5 })
    await petstore.fetch(new Request(`${BASE}/v1/pets`, { headers: auth }))
    // A remote source whose first answer is held until the second call is made.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let calls = 0
    const late: CoverageSource = {
      coverage: async (filter) => {
        const report = await petstore.coverage(filter)
        if (++calls === 1) await held
        return report
      },
    }
    const first = writeCoverage(late, { dir, testFile: 'late.test.ts' })
    await petstore.fetch(new Request(`${BASE}/v1/pets`, { headers: auth }))
    const second = writeCoverage(late, { dir, testFile: 'late.test.ts' })
    // Let the second call run as far as it may before the first answer comes.
    for (let turn = 0; turn < 20; turn++) await Promise.resolve()
    release()
    const [file] = await Promise.all([first, second])
    const written = await read(file)
    // Two lists were met, whatever order the reports came back in.
    expect(written.met.get('listPets:200:last-page')).toBe(2)
  })

  it('writes one file per test file, from a remote mock by session too', async () => {
    const server = await startServer({ port: 0, seed: 1, pets: 5 })
    try {
      const { connectPetstore } = await import('../../client/connect-petstore.ts')
      const remote = connectPetstore(server.url)
      await fetch(`${server.url}/v1/pets/1`, { headers: { ...auth, 'x-petstore-session': 'a' } })
      await fetch(`${server.url}/v1/pets/abc`, { headers: auth })
      const a = await writeCoverage(remote, { dir, testFile: 'test/a.test.ts', session: 'a' })
      const b = await writeCoverage(remote, { dir, testFile: 'test/b.test.ts' })
      // Same base name in another folder: another file.
      const c = await writeCoverage(remote, { dir, testFile: 'other/a.test.ts' })
      expect(new Set([a, b, c]).size).toBe(3)
      expect((await read(a)).met.get('getPet:200:found')).toBe(1)
      expect((await read(a)).met.get('getPet:400:non-integer-id')).toBe(0)
      expect((await read(b)).met.get('getPet:400:non-integer-id')).toBe(1)
      expect((await readdir(dir)).sort()).toHaveLength(3)
    } finally {
      await server.close()
    }
  })

  it('refuses a source without coverage(), a missing folder name or testFile', async () => {
    const petstore = createPetstore({ baseUrl: BASE, seed: 1, pets: 5 })
    await expect(writeCoverage({} as never, { dir })).rejects.toThrow(
      '[petstore-mock] Failed to write the coverage: the source must have coverage()',
    )
    await expect(writeCoverage(petstore, { dir: '' })).rejects.toThrow('`dir` must name a folder')
    await expect(writeCoverage(petstore, { dir, testFile: '' })).rejects.toThrow(
      '`testFile` must be a file name',
    )
    const off = createPetstore({ baseUrl: BASE, admin: false })
    await expect(writeCoverage(off, { dir })).rejects.toThrow('control API on')
  })
})
