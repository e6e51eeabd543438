import type * as Crypto from 'node:crypto'
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { MAX_LINK_HOPS, resolveLinks, writeFileAtomically } from './write-file-atomically.ts'

/** The next random name a write draws, when a test sets it. */
const drawn = vi.hoisted(() => ({ next: undefined as Buffer | undefined }))
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>()
  return {
    ...actual,
    randomBytes: (size: number) => {
      const next = drawn.next
      drawn.next = undefined
      return next ?? actual.randomBytes(size)
    },
  }
})

const root = mkdtempSync(join(tmpdir(), 'petstore-atomic-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let count = 0
/** A fresh folder per test. */
const folder = () => {
  const path = join(root, `case-${count++}`)
  mkdirSync(path)
  return path
}

/** A file to replace, and a file beside it that no write may touch. */
function fileAndVictim() {
  const here = folder()
  const victim = join(here, 'victim.txt')
  writeFileSync(victim, 'precious\n')
  const file = join(here, 'pets.json')
  writeFileSync(file, 'old\n')
  return { here, file, victim }
}

describe('writeFileAtomically', () => {
  it('writes through a symbolic link: the target gets the text, the link stays a link', async () => {
    const here = folder()
    const elsewhere = folder()
    const target = join(elsewhere, 'shared.json')
    writeFileSync(target, 'old\n')
    const link = join(here, 'recorded.json')
    symlinkSync(target, link)
    await writeFileAtomically(link, 'new\n')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe(target)
    expect(readFileSync(target, 'utf8')).toBe('new\n')
    // The temporary file was made beside the target, and is gone.
    expect(readdirSync(elsewhere)).toEqual(['shared.json'])
    expect(readdirSync(here)).toEqual(['recorded.json'])
  })

  it('follows a chain of relative links, and creates the target a dangling link names', async () => {
    const here = folder()
    mkdirSync(join(here, 'data'))
    symlinkSync('data/second.json', join(here, 'first.json'))
    symlinkSync('third.json', join(here, 'data', 'second.json'))
    await writeFileAtomically(join(here, 'first.json'), 'made\n')
    expect(readFileSync(join(here, 'data', 'third.json'), 'utf8')).toBe('made\n')
    expect(lstatSync(join(here, 'first.json')).isSymbolicLink()).toBe(true)
    expect(lstatSync(join(here, 'data', 'second.json')).isSymbolicLink()).toBe(true)
  })

  it('never follows a link planted where a temporary file could go: its target stays as it was', async () => {
    const { here, file, victim } = fileAndVictim()
    // The fixed name the writer used to take, and names like the ones it takes now.
    symlinkSync(victim, `${file}.tmp`)
    symlinkSync(victim, join(here, '.pets.json.tmp'))
    await writeFileAtomically(file, 'new\n')
    expect(readFileSync(file, 'utf8')).toBe('new\n')
    expect(readFileSync(victim, 'utf8')).toBe('precious\n')
    expect(lstatSync(`${file}.tmp`).isSymbolicLink()).toBe(true)
  })

  it('creates its temporary file exclusively: a link planted at the very name it draws makes it fail, untouched', async () => {
    const { here, file, victim } = fileAndVictim()
    drawn.next = Buffer.from('a1b2c3d4e5f6', 'hex')
    symlinkSync(victim, join(here, 'pets.json.a1b2c3d4e5f6.tmp'))
    await expect(writeFileAtomically(file, 'new\n')).rejects.toMatchObject({ code: 'EEXIST' })
    expect(readFileSync(victim, 'utf8')).toBe('precious\n')
    expect(readFileSync(file, 'utf8')).toBe('old\n')
    // The planted link is not the writer's to remove.
    expect(lstatSync(join(here, 'pets.json.a1b2c3d4e5f6.tmp')).isSymbolicLink()).toBe(true)
  })

  it('keeps the permissions of the file it replaces', async () => {
    const here = folder()
    const file = join(here, 'private.json')
    writeFileSync(file, 'old\n')
    chmodSync(file, 0o600)
    await writeFileAtomically(file, 'new\n')
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('writes pieces in turn, as one file, whatever their sizes', async () => {
    const here = folder()
    const file = join(here, 'pieces.json')
    const big = 'x'.repeat(300_000)
    const cases = [[], [''], ['{', '"a": 1', '}\n'], ['é', '€', '😀', ''], [big, big, 'end']]
    for (const parts of cases) {
      await writeFileAtomically(file, parts)
      expect(readFileSync(file, 'utf8')).toBe(parts.join(''))
    }
  })

  it('refuses a loop of links, writing nothing', async () => {
    const here = folder()
    symlinkSync('b.json', join(here, 'a.json'))
    symlinkSync('a.json', join(here, 'b.json'))
    await expect(writeFileAtomically(join(here, 'a.json'), 'x')).rejects.toMatchObject({
      code: 'ELOOP',
    })
    expect(readdirSync(here).sort()).toEqual(['a.json', 'b.json'])
  })
})

describe('resolveLinks', () => {
  it(`follows at most ${MAX_LINK_HOPS} links`, () => {
    const here = folder()
    for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
      symlinkSync(`link-${hop + 1}`, join(here, `link-${hop}`))
    }
    expect(resolveLinks(join(here, 'link-0'))).toBe(join(here, `link-${MAX_LINK_HOPS}`))
    symlinkSync(`link-${MAX_LINK_HOPS + 1}`, join(here, `link-${MAX_LINK_HOPS}`))
    expect(() => resolveLinks(join(here, 'link-0'))).toThrow(/ELOOP/)
  })
})
