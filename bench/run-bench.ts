import { percentile } from './process-stats.ts'

/**
 * Runs a benchmark and prints its report (as JSON with `--json`); a failure
 * prints one `[petstore-mock] Failed to run …` line and sets exit code 1.
 *
 * @example
 * await runBench('the cold-start benchmark', options.json, benchmark, printReport)
 */
export async function runBench<T>(
  name: string,
  json: boolean,
  benchmark: () => Promise<T>,
  print: (report: T) => void,
): Promise<void> {
  try {
    const report = await benchmark()
    if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    else print(report)
  } catch (error) {
    process.stderr.write(
      `[petstore-mock] Failed to run ${name}: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exitCode = 1
  }
}

/**
 * A number with a fixed count of decimals, grouped (`12,345.6`).
 *
 * @example
 * fixed(12345.678, 1) // '12,345.7'
 */
export function fixed(value: number, digits = 0): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
}

/**
 * The machine's load average before and after a run, as printed beside its figures.
 *
 * @example
 * describeLoad(loadavg(), loadavg()) // 'load average (1/5/15 min): 0.52 0.60 0.61 before, …'
 */
export function describeLoad(before: Array<number>, after: Array<number>): string {
  const load = (values: Array<number>) => values.map((value) => fixed(value, 2)).join(' ')
  return (
    `load average (1/5/15 min): ${load(before)} before, ${load(after)} after ` +
    '(a shared machine: only the ratios within this run count)'
  )
}

/**
 * Prints each figure on a line: its name, what was measured, its target and
 * whether it was met, the names padded to one width.
 *
 * @example
 * printFigures(console.log, [{ figure: 'req/s vs bare', measured: '0.97x', target: '>= 0.90x', met: true }])
 */
export function printFigures(
  out: (line: string) => void,
  figures: ReadonlyArray<{ figure: string; measured: string; target: string; met: boolean }>,
): void {
  const width = Math.max(...figures.map((figure) => figure.figure.length))
  for (const figure of figures) {
    out(
      `${figure.figure.padEnd(width)}  ${figure.measured}  target ${figure.target}: ${figure.met ? 'met' : 'NOT met'}`,
    )
  }
}

/**
 * The middle value of a set of measurements (the upper middle of an even count).
 *
 * @example
 * median([3, 1, 2]) // 2
 */
export function median(values: ReadonlyArray<number>): number {
  return percentile(Float64Array.from(values).sort(), 0.5)
}

/**
 * One line of a benchmark's figures: what was measured, against what target.
 *
 * @example
 * const figure: Figure = { figure: 'req/s vs bare', measured: '0.97x', target: '>= 0.90x', met: true }
 */
export interface Figure {
  figure: string
  measured: string
  target: string
  met: boolean
}

/**
 * `measured / baseline` as a figure against a target ratio (`>=` unless
 * `direction` says `<=`), with `digits` decimals (2 unless given).
 *
 * @example
 * ratioFigure('req/s vs bare', 9_700, 10_000, { target: 0.9 }).measured // '0.97x (9,700 vs 10,000)'
 */
export function ratioFigure(
  figure: string,
  measured: number,
  baseline: number,
  options: { target: number; direction?: '>=' | '<='; digits?: number; detail?: string },
): Figure & { ratio: number } {
  const { target, direction = '>=', digits = 2 } = options
  const detail = options.detail ?? `${fixed(measured)} vs ${fixed(baseline)}`
  const ratio = measured / baseline
  return {
    figure,
    ratio,
    measured: `${fixed(ratio, digits)}x (${detail})`,
    target: `${direction} ${fixed(target, 2)}x`,
    met: direction === '>=' ? ratio >= target : ratio <= target,
  }
}
