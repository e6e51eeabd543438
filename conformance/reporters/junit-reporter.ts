import { countOf } from '../../src/utils/count-of.ts'
import { escapeXml } from '../../src/utils/escape-xml.ts'
import { counterexampleLabel } from '../model/counterexample-label.ts'
import { operationLabel } from '../model/kit-routes.ts'
import { failsTheRun } from '../model/result-collector.ts'
import type { CheckFailure, CheckResult, ConformanceResult } from '../model/types.ts'
import { groupBy } from './group-by.ts'

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
    lines.push(`${counterexampleLabel(failure.counterexample)}: ${failure.counterexample}`)
  }
  if (failure.sequence !== undefined) {
    lines.push('shortest failing sequence:', failure.sequence)
  }
  if (failure.seed !== undefined) {
    lines.push(`replay: --seed ${failure.seed}${failure.path ? ` (path ${failure.path})` : ''}`)
  }
  if (failure.curl) {
    lines.push(`reproduce: ${failure.curl}`)
  }
  return lines.join('\n')
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

function testcase(result: CheckResult, run: ConformanceResult): string {
  const properties = [
    ['level', result.level],
    ['section', result.section],
    ['group', result.group],
    ['title', result.title],
    ['deprecated', String(result.deprecated)],
  ]
    .map(([key, value]) => `        <property name="${key}" value="${escapeXml(value ?? '')}"/>`)
    .join('\n')
  const body: Array<string> = [`      <properties>\n${properties}\n      </properties>`]
  const details = result.failures.map(formatFailure).join('\n\n')
  const more = result.omittedFailures
    ? `\n\n(${countOf(result.omittedFailures, 'more failure')})`
    : ''
  const open = result.outcome === 'skipped' || result.outcome === 'not-run'
  const why = `${result.outcome === 'not-run' ? 'not run' : 'skipped'}: ${result.skipReason ?? ''}`
  if (failsTheRun(result, run)) {
    const first = result.failures[0]
    const message = open ? `${why} (--fail-on-skip)` : first ? first.actual : 'failed'
    body.push(
      `      <failure message="${escapeXml(message)}" type="${escapeXml(open ? 'fail-on-skip' : result.id)}">${escapeXml(open ? `${result.expected}\n${message}` : details + more)}</failure>`,
    )
  } else if (open) {
    body.push(`      <skipped message="${escapeXml(why)}"/>`)
  } else if (result.outcome === 'failed') {
    body.push(
      `      <system-out>${escapeXml(`WARNING (advisory)\n${details}${more}`)}</system-out>`,
    )
  }
  return `    <testcase name="${escapeXml(result.id)}" classname="${escapeXml(result.operation)}" time="${seconds(result.durationMs)}">\n${body.join('\n')}\n    </testcase>`
}

/**
 * A JUnit XML report: one `testsuite` per operation (its `time` the time of
 * that operation's exchanges), one `testcase` per check and operation
 * (`classname` the operationId, `name` the check id, `time` the time of the
 * exchanges it was decided on). What fails the run is a `<failure>`;
 * advisory failures are warnings in `<system-out>`; skipped and not-run
 * checks are `<skipped>`; a run stopped early adds an `<error>`. The counts
 * are those of `result.summary`.
 *
 * @example
 * await writeFile('reports/junit.xml', junitReport(result))
 */
export function junitReport(result: ConformanceResult): string {
  const byOperation = groupBy(result.results, (entry) => entry.operation)
  const isFailure = (entry: CheckResult) => failsTheRun(entry, result)
  const isSkipped = (entry: CheckResult) =>
    (entry.outcome === 'skipped' || entry.outcome === 'not-run') && !isFailure(entry)
  const suites = [...byOperation].map(([operation, entries]) => {
    const label = operationLabel(operation)
    const failures = entries.filter(isFailure).length
    const skipped = entries.filter(isSkipped).length
    return [
      `  <testsuite name="${escapeXml(label)}" tests="${entries.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(result.operationTimes[operation] ?? 0)}" timestamp="${result.startedAt}">`,
      ...entries.map((entry) => testcase(entry, result)),
      '  </testsuite>',
    ].join('\n')
  })
  const stoppedRun = result.exitCode === 2 && result.stopped
  if (stoppedRun) {
    suites.push(
      [
        `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="${seconds(result.durationMs)}" timestamp="${result.startedAt}">`,
        `    <testcase name="the run completes" classname="run" time="${seconds(result.durationMs)}">`,
        `      <error message="${escapeXml(result.verdict)}" type="${escapeXml(stoppedRun.code)}">${escapeXml(stoppedRun.message)}</error>`,
        '    </testcase>',
        '  </testsuite>',
      ].join('\n'),
    )
  }
  const { summary } = result
  const errors = stoppedRun ? 1 : 0
  const skipped = summary.skipped + summary.notRun - (summary.failing - summary.failed)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="petstore-conformance" tests="${summary.total + errors}" failures="${summary.failing}" errors="${errors}" skipped="${skipped}" time="${seconds(result.durationMs)}" timestamp="${result.startedAt}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}
