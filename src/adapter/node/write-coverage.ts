import { createHash, randomBytes } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import {
  COVERAGE_FILE_SUFFIX,
  coverageFileOf,
  MAX_TEST_FILE_NAME,
} from '../../core/coverage/coverage-file.ts'
import type { CoverageFilter, CoverageReport } from '../../core/coverage/create-coverage.ts'
import { writeFileAtomically } from '../../core/data/write-file-atomically.ts'
import { ConfigError } from '../../errors/config-error.ts'

/**
 * Where `writeCoverage` writes and for which test file.
 *
 * @example
 * const options: WriteCoverageOptions = { dir: 'petstore-coverage' }
 */
export interface WriteCoverageOptions {
  /** The folder of the coverage files (made if missing), one file per test file. */
  dir: string
  /**
   * The test file the coverage is of. Default: the test file vitest (or
   * jest) is running; elsewhere give it (`import.meta.filename`).
   */
  testFile?: string
  /** Only the requests sent with this `X-Petstore-Session` label (a shared server). */
  session?: string
}

/**
 * What has coverage: `createPetstore()` (in-process), `connectPetstore()`
 * (a running mock), or `createServer().petstore`.
 *
 * @example
 * const source: CoverageSource = createPetstore()
 */
export interface CoverageSource {
  coverage(filter?: CoverageFilter): CoverageReport | Promise<CoverageReport>
}

/** This process's part of every file name: two processes (workers, shards) never share a file. */
const PROCESS_TOKEN = randomBytes(4).toString('hex')

interface Kept {
  file: string
  met: Map<string, number>
  outside: number
  undocumented: number
  /** What each source reported when last written: the next write adds what is new since. */
  last: WeakMap<CoverageSource, CoverageReport>
  /** The one lane of this file's writes: a call asks for its report only once the call before is written. */
  lane: Promise<unknown>
}

/** The files this process writes, by test file and folder. */
const kept = new Map<string, Kept>()

/**
 * Writes the coverage of the running test file to `dir`, one file per test
 * file, named `<test file>.<hash of its path>.<process>.petstore-coverage.json`,
 * so that parallel workers and CI shards never write the same file. Call it
 * after each test (`afterEach`): each call adds what the source met since
 * the call before (when the source was reset in between, its `resets`
 * changed: then all it reports is new), so `petstore.reset()` between tests
 * loses nothing; the file is replaced atomically (`writeFileAtomically`), so a
 * crashed run leaves the last whole file. Resolves with the file's path.
 * `petstore-mock coverage merge DIR` merges the files.
 *
 * @example
 * afterEach(() => writeCoverage(petstore, { dir: 'petstore-coverage' }))
 */
export async function writeCoverage(
  source: CoverageSource,
  options: WriteCoverageOptions,
): Promise<string> {
  if (typeof source?.coverage !== 'function') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'write the coverage',
      'the source must have coverage(): createPetstore(), connectPetstore() or a server',
    )
  }
  if (typeof options?.dir !== 'string' || options.dir === '') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'write the coverage',
      '`dir` must name a folder',
    )
  }
  const testFile = options.testFile ?? runningTestFile()
  if (typeof testFile !== 'string' || testFile === '' || testFile.length > MAX_TEST_FILE_NAME) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'write the coverage',
      testFile === undefined
        ? 'no vitest or jest test file is running: give `testFile` (import.meta.filename)'
        : `\`testFile\` must be a file name of 1 to ${MAX_TEST_FILE_NAME} characters`,
    )
  }
  const dir = resolve(options.dir)
  const key = `${dir}\n${testFile}`
  let entry = kept.get(key)
  if (entry === undefined) {
    entry = {
      file: join(dir, fileName(testFile)),
      met: new Map(),
      outside: 0,
      undocumented: 0,
      last: new WeakMap(),
      lane: Promise.resolve(),
    }
    kept.set(key, entry)
  }
  const current: Kept = entry
  // Calls in flight at once (concurrent tests, a remote source answering out
  // of order) take turns: an older report is never compared with a newer one.
  const written = current.lane.then(() => write(source, current, testFile, dir, options.session))
  current.lane = written.catch(() => {})
  return written
}

/** Asks `source` for its report, adds what is new to `entry` and writes the file. */
async function write(
  source: CoverageSource,
  entry: Kept,
  testFile: string,
  dir: string,
  session: string | undefined,
): Promise<string> {
  const report = await source.coverage(session === undefined ? {} : { session })
  addNew(entry, report, entry.last.get(source))
  entry.last.set(source, report)
  await mkdir(dir, { recursive: true })
  const total = {
    cells: report.cells.map((cell) => ({ ...cell, met: entry.met.get(cell.id) ?? 0 })),
    outside: entry.outside,
    undocumented: entry.undocumented,
  }
  await writeFileAtomically(
    entry.file,
    `${JSON.stringify(coverageFileOf(total, testFile), null, 1)}\n`,
  )
  return entry.file
}

/** Adds to `entry` what `report` counts beyond `before`, or all of it after a reset. */
function addNew(entry: Kept, report: CoverageReport, before: CoverageReport | undefined): void {
  const previous = new Map(before?.cells.map((cell) => [cell.id, cell.met]))
  // A mock of a version before `resets`: a count that went down means a reset.
  const wasReset =
    before === undefined ||
    report.resets !== before.resets ||
    report.outside < before.outside ||
    report.undocumented < before.undocumented ||
    report.cells.some((cell) => cell.met < (previous.get(cell.id) ?? 0))
  const since = (now: number, then: number) => (wasReset ? now : now - then)
  for (const cell of report.cells) {
    const added = since(cell.met, previous.get(cell.id) ?? 0)
    entry.met.set(cell.id, (entry.met.get(cell.id) ?? 0) + added)
  }
  entry.outside += since(report.outside, before?.outside ?? 0)
  entry.undocumented += since(report.undocumented, before?.undocumented ?? 0)
}

/** The name of a test file's coverage file: readable, unique per path and per process. */
function fileName(testFile: string): string {
  const readable = basename(testFile)
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 80)
  const hash = createHash('sha256').update(resolve(testFile)).digest('hex').slice(0, 10)
  return `${readable}.${hash}.${PROCESS_TOKEN}${COVERAGE_FILE_SUFFIX}`
}

/** The test file that vitest (or jest, through its global `expect`) is running, if any. */
function runningTestFile(): string | undefined {
  const holder = globalThis as Record<PropertyKey, unknown>
  for (const expect of [holder[Symbol.for('expect-global')], holder.expect]) {
    const getState = (expect as { getState?: () => { testPath?: unknown } } | undefined)?.getState
    if (typeof getState !== 'function') continue
    const testPath = getState.call(expect)?.testPath
    if (typeof testPath === 'string' && testPath !== '') return testPath
  }
  return undefined
}
