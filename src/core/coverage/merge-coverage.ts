import { countOf } from '../../utils/count-of.ts'
import type { ReadCoverageFile } from './coverage-file.ts'
import { type CoverageCell, coverageCells } from './coverage-model.ts'
import { COVERAGE_VERSION, type CoverageRow } from './create-coverage.ts'

/**
 * One cell of merged coverage: the model's cell, how often it was met in
 * all the files, and in how many files.
 *
 * @example
 * const row: MergedCell = mergeCoverage(files).cells[0]
 */
export interface MergedCell extends Omit<CoverageRow, 'lastRequestId'> {
  /** In how many files the cell was met. */
  files: number
}

/**
 * What `petstore-mock coverage merge` makes of its files.
 *
 * @example
 * const merged: MergedCoverage = mergeCoverage(files)
 * merged.metCells / merged.totalCells
 */
export interface MergedCoverage {
  version: typeof COVERAGE_VERSION
  /** How many coverage files were merged. */
  files: number
  totalCells: number
  metCells: number
  /** The share of cells met, in percent, rounded down to one decimal. */
  percent: number
  cells: Array<MergedCell>
  outside: number
  undocumented: number
  /** Cell ids of the files that this version does not know (another version wrote them), sorted. */
  unknownCells: Array<string>
}

/** At most this many unknown cell ids are kept in a merged report. */
export const MAX_UNKNOWN_CELLS = 100

const add = (a: number, b: number) => Math.min(a + b, Number.MAX_SAFE_INTEGER)

/**
 * Merges coverage files (of test files, of CI shards): a cell is met when
 * any file met it; its count is the sum. Cells are the model's
 * (`coverageCells()`), in its order; ids a file names that the model lacks
 * are listed apart (at most {@link MAX_UNKNOWN_CELLS}).
 *
 * @example
 * const merged = mergeCoverage([parseCoverageFile(a), parseCoverageFile(b)])
 */
export function mergeCoverage(files: ReadonlyArray<ReadCoverageFile>): MergedCoverage {
  const model = coverageCells()
  const known = new Set(model.map((cell) => cell.id))
  const met = new Map<string, number>()
  const inFiles = new Map<string, number>()
  const unknown = new Set<string>()
  let outside = 0
  let undocumented = 0
  for (const file of files) {
    for (const [id, times] of file.met) {
      if (!known.has(id)) {
        if (unknown.size < MAX_UNKNOWN_CELLS) unknown.add(id)
        continue
      }
      met.set(id, add(met.get(id) ?? 0, times))
      if (times > 0) inFiles.set(id, (inFiles.get(id) ?? 0) + 1)
    }
    outside = add(outside, file.outside)
    undocumented = add(undocumented, file.undocumented)
  }
  const cells = model.map((cell) => mergedCell(cell, met.get(cell.id) ?? 0, inFiles.get(cell.id)))
  const metCells = cells.filter((cell) => cell.met > 0).length
  return {
    version: COVERAGE_VERSION,
    files: files.length,
    totalCells: cells.length,
    metCells,
    percent: Math.floor((metCells * 1000) / cells.length) / 10,
    cells,
    outside,
    undocumented,
    unknownCells: [...unknown].sort(),
  }
}

function mergedCell(cell: CoverageCell, met: number, files = 0): MergedCell {
  const { id, operation, status, state, label, request } = cell
  return { id, operation, status, state, label, request, met, files }
}

/**
 * The outcome of a threshold: whether the share of met cells reaches it
 * (`threshold` absent: no threshold, always passes), and the cells not met.
 *
 * @example
 * const verdict: CoverageVerdict = judgeCoverage(merged, 80)
 * verdict.passed // false
 */
export interface CoverageVerdict {
  threshold: number | undefined
  passed: boolean
  unmet: Array<MergedCell>
  /** One line for a person: the counts, the share and the threshold's outcome. */
  summary: string
}

/**
 * Judges merged coverage against a threshold in percent (0 to 100): it
 * passes when met cells / all cells >= threshold / 100, computed exactly.
 *
 * @example
 * judgeCoverage(mergeCoverage(files), 80).summary
 * // '52 of 65 cells met (80 %) in 2 files: threshold 80 % met'
 */
export function judgeCoverage(merged: MergedCoverage, threshold?: number): CoverageVerdict {
  const passed = threshold === undefined || merged.metCells * 100 >= threshold * merged.totalCells
  const head = `${merged.metCells} of ${countOf(merged.totalCells, 'cell')} met (${merged.percent} %) in ${countOf(merged.files, 'file')}`
  const tail =
    threshold === undefined ? '' : `: threshold ${threshold} % ${passed ? 'met' : 'NOT met'}`
  return {
    threshold,
    passed,
    unmet: merged.cells.filter((cell) => cell.met === 0),
    summary: `${head}${tail}`,
  }
}

/**
 * A cell as a frontend developer names it: the request, the state in words
 * and the status.
 *
 * @example
 * cellWords(cell) // 'GET /v1/pets: rate limited (429)'
 */
export function cellWords(cell: Pick<MergedCell, 'request' | 'label' | 'status'>): string {
  return `${cell.request}: ${cell.label} (${cell.status})`
}
