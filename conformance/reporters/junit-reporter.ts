import { operationLabel } from '../catalogue.ts'
import { failsTheRun } from '../result-collector.ts'
import type { CheckFailure, CheckResult, ConformanceResult } from '../types.ts'
import { groupBy } from './group-by.ts'

/**
 * Escapes text for XML attributes and text nodes, dropping characters XML 1.0
 * cannot carry.
 *
 * @example
 * escapeXml('a < b') // 'a &lt; b'
 */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

/**
 * The text of one failure: what was expected, what came back and the curl.
 *
 * @example
 * formatFailure(result.results[0].failures[0])
 */
export function formatFailure(failure: CheckFailure): string {
  const lines = [
    `${failure.checkId} [${failure.operation}]: ${failure.message}`,
    `expected: ${failure.expected}`,
    `actual:   ${failure.actual}`,
  ]
  if (failure.counterexample !== undefined) {
    lines.push(`minimal failing body: ${failure.counterexample}`)
  }
  if (failure.seed !== undefined) {
    lines.push(`replay: --seed ${failure.seed}${failure.path ? ` (path ${failure.path})` : ''}`)
  }
  if (failure.curl) {
    lines.push(`reproduce: ${failure.curl}`)
  }
  return lines.join('\n')
}

function testcase(result: CheckResult, strict: boolean): string {
  const name = `${result.id}: ${result.title}`
  const classname = `petstore-conformance.${result.operation}`
  const properties = [
    ['level', result.level],
    ['section', result.section],
    ['group', result.group],
    ['deprecated', String(result.deprecated)],
  ]
    .map(([key, value]) => `        <property name="${key}" value="${escapeXml(value ?? '')}"/>`)
    .join('\n')
  const body: Array<string> = [`      <properties>\n${properties}\n      </properties>`]
  const details = result.failures.map(formatFailure).join('\n\n')
  const more = result.omittedFailures ? `\n\n(${result.omittedFailures} more failures)` : ''
  if (result.outcome === 'skipped') {
    body.push(`      <skipped message="${escapeXml(result.skipReason ?? 'skipped')}"/>`)
  } else if (failsTheRun(result, strict)) {
    const first = result.failures[0]
    body.push(
      `      <failure message="${escapeXml(first ? first.actual : 'failed')}" type="${escapeXml(result.id)}">${escapeXml(details + more)}</failure>`,
    )
  } else if (result.outcome === 'failed') {
    body.push(
      `      <system-out>${escapeXml(`WARNING (advisory)\n${details}${more}`)}</system-out>`,
    )
  }
  return `    <testcase name="${escapeXml(name)}" classname="${escapeXml(classname)}" time="0">\n${body.join('\n')}\n    </testcase>`
}

/**
 * A JUnit XML report: one `testsuite` per operation, one `testcase` per
 * check and operation. Required failures (and advisory ones with `strict`)
 * are `<failure>`s; advisory failures are warnings in `<system-out>`.
 *
 * @example
 * await writeFile('reports/junit.xml', junitReport(result))
 */
export function junitReport(result: ConformanceResult): string {
  const byOperation = groupBy(result.results, (entry) => entry.operation)
  const isFailure = (entry: CheckResult) => failsTheRun(entry, result.strict)
  const suites = [...byOperation].map(([operation, entries]) => {
    const label = operationLabel(operation)
    const failures = entries.filter(isFailure).length
    const skipped = entries.filter((entry) => entry.outcome === 'skipped').length
    return [
      `  <testsuite name="${escapeXml(label)}" tests="${entries.length}" failures="${failures}" errors="0" skipped="${skipped}" time="0">`,
      ...entries.map((entry) => testcase(entry, result.strict)),
      '  </testsuite>',
    ].join('\n')
  })
  if (result.aborted) {
    suites.push(
      [
        '  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="0">',
        '    <testcase name="the run completes" classname="petstore-conformance.run" time="0">',
        `      <error message="${escapeXml(result.aborted)}" type="aborted"/>`,
        '    </testcase>',
        '  </testsuite>',
      ].join('\n'),
    )
  }
  const failures = result.results.filter(isFailure).length
  const skipped = result.results.filter((entry) => entry.outcome === 'skipped').length
  const errors = result.aborted ? 1 : 0
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-conformance" tests="${result.results.length + errors}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${(result.durationMs / 1000).toFixed(3)}" timestamp="${result.startedAt}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}
