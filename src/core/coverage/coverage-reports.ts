import { countOf } from '../../utils/count-of.ts'
import { escapeXml } from '../../utils/escape-xml.ts'
import { showControls } from '../../utils/show-controls.ts'
import { summaryText } from '../../utils/summary-text.ts'
import {
  type CoverageVerdict,
  cellWords,
  type MergedCell,
  type MergedCoverage,
} from './merge-coverage.ts'

/**
 * Merged coverage and its verdict, as `petstore-mock coverage merge --json`
 * writes it: the merged report, the threshold, whether it passed and the ids
 * of the unmet cells.
 *
 * @example
 * await writeFile('coverage.json', coverageJson(merged, verdict))
 */
export function coverageJson(merged: MergedCoverage, verdict: CoverageVerdict): string {
  const result = {
    ...merged,
    threshold: verdict.threshold ?? null,
    passed: verdict.passed,
    unmet: verdict.unmet.map((cell) => cell.id),
  }
  return `${JSON.stringify(showControls(result), null, 2)}\n`
}

/**
 * Merged coverage as JUnit XML: one `testsuite` per operation (named by its
 * request, `GET /v1/pets`), one `testcase` per cell, named in words
 * (`rate limited (429)`, classname the operationId). A met cell passes; an
 * unmet one is a `<failure>` when the threshold is not met, else `<skipped>`.
 *
 * @example
 * await writeFile('coverage.xml', coverageJunit(merged, verdict))
 */
export function coverageJunit(merged: MergedCoverage, verdict: CoverageVerdict): string {
  const byOperation = new Map<string, Array<MergedCell>>()
  for (const cell of merged.cells) {
    byOperation.set(cell.operation, [...(byOperation.get(cell.operation) ?? []), cell])
  }
  const unmetIsFailure = !verdict.passed
  const suites = [...byOperation].map(([operation, cells]) => {
    const unmet = cells.filter((cell) => cell.met === 0).length
    const failures = unmetIsFailure ? unmet : 0
    const skipped = unmetIsFailure ? 0 : unmet
    const cases = cells.map((cell) => {
      const head = `    <testcase name="${escapeXml(`${cell.label} (${cell.status})`)}" classname="${escapeXml(operation)}" time="0">`
      if (cell.met > 0) {
        return `${head}\n      <system-out>${escapeXml(`${cell.id}: met ${countOf(cell.met, 'time')} in ${countOf(cell.files, 'file')}`)}</system-out>\n    </testcase>`
      }
      const words = `${cellWords(cell)} was never met [${cell.id}]`
      const body = unmetIsFailure
        ? `<failure message="${escapeXml(words)}" type="unmet-cell">${escapeXml(`${words}; ${verdict.summary}`)}</failure>`
        : `<skipped message="${escapeXml(words)}"/>`
      return `${head}\n      ${body}\n    </testcase>`
    })
    const request = cells[0]?.request ?? operation
    return [
      `  <testsuite name="${escapeXml(`${request} (${operation})`)}" tests="${cells.length}" failures="${failures}" errors="0" skipped="${skipped}" time="0">`,
      ...cases,
      '  </testsuite>',
    ].join('\n')
  })
  const unmet = verdict.unmet.length
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`petstore-mock coverage: ${verdict.summary}`)}" tests="${merged.totalCells}" failures="${unmetIsFailure ? unmet : 0}" errors="0" skipped="${unmetIsFailure ? 0 : unmet}" time="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}

/**
 * Merged coverage as a Markdown step summary (`$GITHUB_STEP_SUMMARY`): the
 * verdict, the counts, the unmet cells in words by request, the met ones
 * folded. Every text is written by `summaryText`, in HTML blocks, so that
 * nothing read from a file is read as Markdown.
 *
 * @example
 * await appendFile(process.env.GITHUB_STEP_SUMMARY, coverageMarkdown(merged, verdict))
 */
export function coverageMarkdown(merged: MergedCoverage, verdict: CoverageVerdict): string {
  const item = (cell: MergedCell) =>
    `<li>${summaryText(cellWords(cell))} <code>${summaryText(cell.id)}</code></li>`
  const met = merged.cells.filter((cell) => cell.met > 0)
  const lines = [
    `<h2>petstore-mock coverage: ${summaryText(verdict.passed ? 'passed' : 'failed')}</h2>`,
    '',
    `<p>${summaryText(verdict.summary)}.</p>`,
    '',
    '| Files | Cells | Met | Unmet | Requests outside the spec | Undocumented statuses |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${merged.files} | ${merged.totalCells} | ${merged.metCells} | ${verdict.unmet.length} | ${merged.outside} | ${merged.undocumented} |`,
    '',
  ]
  if (verdict.unmet.length > 0) {
    lines.push(
      `<h3>Never met (${verdict.unmet.length})</h3>`,
      '',
      `<ul>${verdict.unmet.map(item).join('')}</ul>`,
      '',
    )
  }
  if (met.length > 0) {
    lines.push(
      `<details><summary>Met (${met.length})</summary><ul>${met.map(item).join('')}</ul></details>`,
      '',
    )
  }
  if (merged.unknownCells.length > 0) {
    lines.push(
      `<p>${summaryText(`Cells this version does not know (written by another version), left out: ${merged.unknownCells.join(', ')}`)}</p>`,
      '',
    )
  }
  return `${lines.join('\n')}\n`
}

/**
 * Merged coverage for a terminal: the verdict line, then each unmet cell in
 * words with its id, control characters shown as escapes.
 *
 * @example
 * process.stdout.write(coverageText(merged, verdict))
 * // petstore-mock coverage: 40 of 65 cells met (61.5 %) in 2 files: threshold 80 % NOT met
 * // Never met (25):
 * //   GET /v1/pets: rate limited (429)  listPets:429:rate-limited
 */
export function coverageText(merged: MergedCoverage, verdict: CoverageVerdict): string {
  const lines = [`petstore-mock coverage: ${verdict.summary}`]
  if (verdict.unmet.length > 0) {
    lines.push(`Never met (${verdict.unmet.length}):`)
    for (const cell of verdict.unmet) lines.push(`  ${cellWords(cell)}  ${cell.id}`)
  }
  if (merged.unknownCells.length > 0) {
    lines.push(
      `Left out, cells this version does not know (written by another version): ${merged.unknownCells.join(', ')}`,
    )
  }
  return `${showControls(lines.join('\n'))}\n`
}
