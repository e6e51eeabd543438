import { clip } from '../../utils/clip.ts'
import { isPlainObject } from '../../utils/is-plain-object.ts'
import { COVERAGE_VERSION, type CoverageReport, type CoverageRow } from './create-coverage.ts'

/**
 * How the name of a coverage file ends: `petstore-mock coverage merge` reads
 * only files so named, whatever else the folder holds.
 *
 * @example
 * 'pets.test.ts.1f2e3d4c5b.9a8b7c6d.petstore-coverage.json'.endsWith(COVERAGE_FILE_SUFFIX) // true
 */
export const COVERAGE_FILE_SUFFIX = '.petstore-coverage.json'

/** A coverage file larger than this (1 MiB; one is about 12 KB) is refused unread. */
export const MAX_COVERAGE_FILE_BYTES = 1_048_576

/** At most this many coverage files are merged by one command; more is refused. */
export const MAX_COVERAGE_FILES = 10_000

/** At most this many cells are read from one file (the model has fewer than 100). */
export const MAX_FILE_CELLS = 1_000

/** A cell id of a file longer than this is refused. */
export const MAX_CELL_ID = 200

/** A test file name longer than this is refused. */
export const MAX_TEST_FILE_NAME = 4_096

/**
 * What a coverage file holds: the coverage report of one test file (its
 * cells with how often each was met, without the journal ids), and the
 * test file's name.
 *
 * @example
 * const file: CoverageFile = coverageFileOf(petstore.coverage(), 'test/pets.test.ts')
 */
export interface CoverageFile {
  version: typeof COVERAGE_VERSION
  testFile: string
  cells: Array<Omit<CoverageRow, 'lastRequestId'>>
  outside: number
  undocumented: number
}

/**
 * A coverage file as read back: how often each cell id was met, which may
 * name cells that this version does not know (a file of another version).
 *
 * @example
 * const read: ReadCoverageFile = parseCoverageFile(text)
 * read.met.get('listPets:200:empty') // 2
 */
export interface ReadCoverageFile {
  testFile: string
  met: Map<string, number>
  outside: number
  undocumented: number
}

/**
 * The coverage file of a test file, from a coverage report (or a sum of them).
 *
 * @example
 * JSON.stringify(coverageFileOf(petstore.coverage(), 'test/pets.test.ts'))
 */
export function coverageFileOf(
  report: Pick<CoverageReport, 'cells' | 'outside' | 'undocumented'>,
  testFile: string,
): CoverageFile {
  return {
    version: COVERAGE_VERSION,
    testFile,
    cells: report.cells.map(({ lastRequestId: _id, ...cell }) => cell),
    outside: report.outside,
    undocumented: report.undocumented,
  }
}

/**
 * Reads the text of a coverage file. Anything but what `coverageFileOf`
 * writes (not JSON, another version, a cell without an id or with a count
 * that is not a whole number, more than {@link MAX_FILE_CELLS} cells, a cell
 * twice) throws an `Error` saying what is wrong; names such as `__proto__`
 * are ids like any other.
 *
 * @example
 * parseCoverageFile('{"version":1,"testFile":"a.test.ts","cells":[],"outside":0,"undocumented":0}')
 */
export function parseCoverageFile(text: string): ReadCoverageFile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`it is not JSON (${clip((error as Error).message, 80)})`)
  }
  if (!isPlainObject(value)) throw new Error('it is not a JSON object')
  if (value.version !== COVERAGE_VERSION) {
    throw new Error(
      `its "version" is ${clip(JSON.stringify(value.version) ?? 'missing')}, not ${COVERAGE_VERSION}`,
    )
  }
  const { testFile, cells } = value
  if (typeof testFile !== 'string' || testFile.length > MAX_TEST_FILE_NAME) {
    throw new Error(`its "testFile" is not a name of at most ${MAX_TEST_FILE_NAME} characters`)
  }
  if (!Array.isArray(cells)) throw new Error('its "cells" is not an array')
  if (cells.length > MAX_FILE_CELLS) {
    throw new Error(`it has ${cells.length} cells, more than ${MAX_FILE_CELLS}`)
  }
  const met = new Map<string, number>()
  for (const [index, cell] of cells.entries()) {
    if (!isPlainObject(cell)) throw new Error(`its cells[${index}] is not an object`)
    const { id } = cell
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX_CELL_ID) {
      throw new Error(`its cells[${index}].id is not a name of 1 to ${MAX_CELL_ID} characters`)
    }
    if (met.has(id)) throw new Error(`it has the cell "${clip(id)}" twice`)
    met.set(id, count(cell.met, `cells[${index}].met`))
  }
  return {
    testFile,
    met,
    outside: count(value.outside, '"outside"'),
    undocumented: count(value.undocumented, '"undocumented"'),
  }
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`its ${name} is not a whole number >= 0`)
  }
  return value
}
