import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPetstore } from '../adapter/msw/create-petstore.ts'
import { writeCoverage } from '../adapter/node/write-coverage.ts'
import {
  COVERAGE_FILE_SUFFIX,
  MAX_COVERAGE_FILE_BYTES,
  MAX_COVERAGE_FILES,
} from '../core/coverage/coverage-file.ts'
import { coverageCells } from '../core/coverage/coverage-model.ts'
import { summaryText } from '../utils/summary-text.ts'
import type { CliIo } from './cli-io.ts'
import { COVERAGE_EXIT, MAX_PROBLEMS_SHOWN } from './run-coverage-cli.ts'
import { runMockCli } from './run-mock-cli.ts'

const BASE = 'https://api.example.com'
const auth = { authorization: 'Bearer sk_test_enterprise' }
const CELLS = coverageCells().length

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-coverage-cli-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Runs `petstore-mock coverage ...` in-process, as the bin does. */
async function cli(argv: Array<string>, env: Record<string, string> = {}) {
  const out: Array<string> = []
  const err: Array<string> = []
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), env }
  const code = await runMockCli(['coverage', ...argv], io)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** Two test files on two shards: a list and a 404 on one, a 429 forced on the other. */
async function writeShards(): Promise<void> {
  const first = createPetstore({ baseUrl: BASE, seed: 3, pets: 5 })
  await first.fetch(new Request(`${BASE}/v1/pets`, { headers: auth }))
  await first.fetch(new Request(`${BASE}/v1/pets/424242`, { headers: auth }))
  await writeCoverage(first, { dir: join(dir, 'shard-1'), testFile: 'test/list.test.ts' })
  const second = createPetstore({ baseUrl: BASE, seed: 3, pets: 5 })
  second.force('listPets:429:rate-limited')
  await second.fetch(new Request(`${BASE}/v1/pets`, { headers: auth }))
  await writeCoverage(second, { dir: join(dir, 'shard-2'), testFile: 'test/errors.test.ts' })
}

describe('petstore-mock coverage merge', () => {
  it('merges the files of two shards, fails a threshold naming the unmet cells in words, and writes JSON, JUnit and Markdown', async () => {
    await writeShards()
    const summary = join(dir, 'step-summary.md')
    await writeFile(summary, '# before\n')
    const reports = ['--json', 'c.json', '--junit', 'c.xml', '--markdown', 'c.md'].map((arg) =>
      arg.startsWith('--') ? arg : join(dir, arg),
    )
    const run = await cli(['merge', dir, '--threshold', '80', ...reports], {
      GITHUB_STEP_SUMMARY: summary,
    })
    expect(run.code, run.err).toBe(COVERAGE_EXIT.belowThreshold)
    expect(run.out.split('\n')[0]).toBe(
      `petstore-mock coverage: 3 of ${CELLS} cells met (4.6 %) in 2 files: threshold 80 % NOT met`,
    )
    expect(run.out).toContain('  GET /v1/pets: empty list (200)  listPets:200:empty')
    expect(run.out).toContain('  GET /v1/pets/{petId}: pet found (200)  getPet:200:found')
    expect(run.out).not.toContain('rate limited (429)  listPets:429:rate-limited')

    const json = JSON.parse(await readFile(join(dir, 'c.json'), 'utf8'))
    expect(json).toMatchObject({
      files: 2,
      metCells: 3,
      totalCells: CELLS,
      passed: false,
      threshold: 80,
    })
    expect(json.unmet).toContain('listPets:200:empty')
    expect(json.unmet).not.toContain('getPet:404:not-found')
    expect(
      json.cells.find((cell: { id: string }) => cell.id === 'listPets:200:last-page'),
    ).toMatchObject({ met: 1, files: 1 })

    const xml = await readFile(join(dir, 'c.xml'), 'utf8')
    expect(xml).toContain(`tests="${CELLS}" failures="${CELLS - 3}"`)
    expect(xml).toContain(
      '<failure message="GET /v1/pets: empty list (200) was never met [listPets:200:empty]" type="unmet-cell">',
    )
    expect(xml).toContain('<testcase name="rate limited (429)" classname="listPets" time="0">')

    const markdown = await readFile(join(dir, 'c.md'), 'utf8')
    expect(markdown).toContain('<h2>petstore-mock coverage: failed</h2>')
    expect(markdown).toContain(
      '<li>GET /v1/pets: empty list (200) <code>listPets:200:empty</code></li>',
    )
    // The step summary is appended to, as the kit's GitHub reporter does.
    expect(await readFile(summary, 'utf8')).toBe(`# before\n${markdown}`)
  })

  it('passes a threshold it meets (exit 0), and without a threshold', async () => {
    await writeShards()
    const met = await cli([
      'merge',
      dir,
      join(dir, 'shard-1'),
      join(dir, 'shard-2'),
      '--threshold',
      '4.6',
    ])
    expect(met.code, met.err).toBe(COVERAGE_EXIT.passed)
    expect(met.out.split('\n')[0]).toMatch(
      /3 of \d+ cells met \(4\.6 %\) in 2 files: threshold 4\.6 % met$/,
    )
    // One cell short of 4.7 %: exact, not rounded.
    expect((await cli(['merge', dir, '--threshold', '4.7'])).code).toBe(
      COVERAGE_EXIT.belowThreshold,
    )
    const plain = await cli(['merge', dir])
    expect(plain.code).toBe(COVERAGE_EXIT.passed)
    expect(plain.out.split('\n')[0]).toBe(
      `petstore-mock coverage: 3 of ${CELLS} cells met (4.6 %) in 2 files`,
    )
  })

  it('says what is wrong with its flags or finds nothing: exit 2', async () => {
    const cases: Array<[Array<string>, string]> = [
      [[], 'say what to do: merge'],
      [['split', dir], 'unknown command "split"'],
      [['merge'], 'merge needs the folders or files'],
      [
        ['merge', dir, '--threshold', '101'],
        '--threshold must be a percentage from 0 to 100, got "101"',
      ],
      [['merge', dir, '--threshold', 'x'], 'got "x"'],
      [['merge', dir, '--bogus'], "Unknown option '--bogus'"],
      [['merge', dir], `no *${COVERAGE_FILE_SUFFIX} file in ${dir}`],
      [
        ['merge', join(dir, 'missing')],
        `Failed to read the coverage of ${join(dir, 'missing')}: ENOENT`,
      ],
    ]
    for (const [argv, message] of cases) {
      const run = await cli(argv)
      expect(run.code, argv.join(' ')).toBe(COVERAGE_EXIT.failed)
      expect(run.err, argv.join(' ')).toMatch(/^\[petstore-mock\] Failed to /)
      expect(run.err).toContain(message)
    }
    expect((await cli(['--help'])).out).toContain('petstore-mock coverage merge PATH... [options]')
  })

  it('refuses a file over 1 MiB unread, and a report it cannot write', async () => {
    await writeShards()
    await writeFile(
      join(dir, `big${COVERAGE_FILE_SUFFIX}`),
      ' '.repeat(MAX_COVERAGE_FILE_BYTES + 1),
    )
    const big = await cli(['merge', dir])
    expect(big.code).toBe(COVERAGE_EXIT.failed)
    expect(big.err).toBe(
      `[petstore-mock] Failed to read the coverage file ${join(dir, `big${COVERAGE_FILE_SUFFIX}`)}: it is ${MAX_COVERAGE_FILE_BYTES + 1} bytes, more than ${MAX_COVERAGE_FILE_BYTES}.`,
    )
    await rm(join(dir, `big${COVERAGE_FILE_SUFFIX}`))
    const unwritable = await cli(['merge', dir, '--json', join(dir, 'no/such/dir/c.json')])
    expect(unwritable.code).toBe(COVERAGE_EXIT.failed)
    expect(unwritable.err).toMatch(/^\[petstore-mock\] Failed to write the JSON to .*: ENOENT/)
  })

  it('refuses a path given that is a FIFO instead of waiting for a writer', async () => {
    await writeShards()
    const fifo = join(dir, `pipe${COVERAGE_FILE_SUFFIX}`)
    execFileSync('mkfifo', [fifo])
    const run = await cli(['merge', join(dir, 'shard-1'), fifo])
    expect(run.code).toBe(COVERAGE_EXIT.failed)
    expect(run.err).toBe(
      `[petstore-mock] Failed to read the coverage of ${fifo}: it is neither a file nor a folder.`,
    )
  })

  it('does not follow links in folders, nor search deeper than 4 levels', async () => {
    await writeShards()
    const outside = await mkdtemp(join(tmpdir(), 'petstore-coverage-outside-'))
    try {
      await writeFile(join(outside, `x${COVERAGE_FILE_SUFFIX}`), 'not json')
      await symlink(outside, join(dir, 'linked'))
      await mkdir(join(dir, 'a/b/c/d/e'), { recursive: true })
      await writeFile(join(dir, `a/b/c/d/e/deep${COVERAGE_FILE_SUFFIX}`), 'not json')
      const run = await cli(['merge', dir])
      expect(run.code, run.err).toBe(COVERAGE_EXIT.passed)
      expect(run.out).toContain('in 2 files')
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it(`refuses more than ${MAX_COVERAGE_FILES} files, and shows ${MAX_PROBLEMS_SHOWN} problems at most`, async () => {
    const many = join(dir, 'many')
    await mkdir(many)
    for (let start = 0; start <= MAX_COVERAGE_FILES; start += 500) {
      await Promise.all(
        Array.from({ length: Math.min(500, MAX_COVERAGE_FILES + 1 - start) }, (_, index) =>
          writeFile(join(many, `${start + index}${COVERAGE_FILE_SUFFIX}`), '{'),
        ),
      )
    }
    const run = await cli(['merge', many])
    expect(run.code).toBe(COVERAGE_EXIT.failed)
    const lines = run.err.split('\n')
    expect(lines[0]).toBe(
      `[petstore-mock] Failed to find the coverage files: more than ${MAX_COVERAGE_FILES} coverage files.`,
    )
    expect(lines).toHaveLength(1)
    // Under the bound, each file that is not a coverage file is named, 20 at most.
    await Promise.all(
      Array.from({ length: MAX_COVERAGE_FILES + 1 - 25 }, (_, index) =>
        rm(join(many, `${index}${COVERAGE_FILE_SUFFIX}`)),
      ),
    )
    const some = await cli(['merge', many])
    const shown = some.err.split('\n')
    expect(shown).toHaveLength(MAX_PROBLEMS_SHOWN + 1)
    expect(shown[0]).toMatch(
      /^\[petstore-mock\] Failed to read the coverage file .*: it is not JSON/,
    )
    expect(shown.at(-1)).toBe(`... and ${25 - MAX_PROBLEMS_SHOWN} more files not read`)
  }, 60_000)
})

const HOSTILE = [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'prototype']
const name = fc.oneof(
  fc.constantFrom(...HOSTILE, ...coverageCells().map((cell) => cell.id)),
  fc.string({ maxLength: 220 }),
  fc.constant('<script>alert(1)</script>](javascript:x)\n\n# h'),
)
const cell = fc.record(
  {
    id: fc.oneof(name, fc.integer(), fc.constant(null)),
    met: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string(), fc.constant(2 ** 60)),
  },
  { requiredKeys: [] },
)
const coverageJsonValue = fc.oneof(
  fc.record(
    {
      version: fc.oneof(fc.constant(1), fc.anything()),
      testFile: fc.oneof(name, fc.anything()),
      cells: fc.oneof(fc.array(cell, { maxLength: 8 }), fc.anything()),
      outside: fc.oneof(fc.nat(), fc.anything()),
      undocumented: fc.oneof(fc.nat(), fc.anything()),
      __proto__: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
)
/** A well-formed file whose ids may be hostile or unknown to the model. */
const validText = fc
  .uniqueArray(
    fc.record({ id: name.filter((id) => id.length > 0 && id.length <= 200), met: fc.nat() }),
    {
      selector: (entry) => entry.id,
      maxLength: 8,
    },
  )
  .map((cells) =>
    JSON.stringify({ version: 1, testFile: 'a.test.ts', cells, outside: 0, undocumented: 0 }),
  )
const fileText = fc.oneof(
  validText,
  coverageJsonValue.map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.string(),
  fc.constant(
    '{"__proto__":{"version":1},"version":1,"testFile":"a","cells":[{"id":"__proto__","met":1}],"outside":0,"undocumented":0}',
  ),
)

describe('petstore-mock coverage merge under generated files', () => {
  it('merges, or says which file it could not read: never a crash, always escaped', async () => {
    const files = join(dir, 'generated')
    await mkdir(files)
    let run = 0
    let merged = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(fc.array(fileText, { minLength: 1, maxLength: 3 }), async (texts) => {
        const folder = join(files, String(run++))
        await mkdir(folder)
        await Promise.all(
          texts.map((text, index) =>
            writeFile(join(folder, `${index}${COVERAGE_FILE_SUFFIX}`), text),
          ),
        )
        const markdown = join(folder, 'summary.md')
        const xml = join(folder, 'junit.xml')
        const result = await cli([
          'merge',
          folder,
          '--threshold',
          '50',
          '--markdown',
          markdown,
          '--junit',
          xml,
        ])
        if (result.code === COVERAGE_EXIT.failed) {
          expect(result.err).toMatch(/^\[petstore-mock\] Failed to read the coverage file .*\.$/m)
          expect(result.out).toBe('')
          refused++
          return
        }
        expect(result.code).toBe(COVERAGE_EXIT.belowThreshold)
        // Nothing read from a file is read as Markdown or breaks the XML.
        const summary = await readFile(markdown, 'utf8')
        for (const line of summary.split('\n')) {
          if (line.startsWith('<p>Cells this version')) {
            expect(line).not.toMatch(/<script|\]\(/)
          }
        }
        expect(summary).not.toContain('<script')
        const junit = await readFile(xml, 'utf8')
        expect(junit).not.toContain('<script')
        expect(result.out.split('\n')[0]).toMatch(/^petstore-mock coverage: \d+ of \d+ cells met/)
        merged++
      }),
      { seed: 20_261_129, numRuns: 150 },
    )
    // Both ways were taken.
    expect(merged).toBeGreaterThan(10)
    expect(refused).toBeGreaterThan(10)
    expect(summaryText('a]b')).toBe('a&#93;b')
  })
})
