import { countOf } from '../../src/utils/count-of.ts'
import { showControls } from '../../src/utils/show-controls.ts'
import { summaryText } from '../../src/utils/summary-text.ts'
import { counterexampleLabel } from '../model/counterexample-label.ts'
import { operationLabel } from '../model/kit-routes.ts'
import type { CheckResult, ConformanceResult } from '../model/types.ts'
import { rankedProblems, runFacts, titleHtml } from './report-facts.ts'

/** GitHub shows at most 10 error and 10 warning annotations per step. */
export const MAX_ANNOTATIONS = 10
/** GitHub refuses a step summary over 1 MiB; the kit stays below this many bytes. */
export const MAX_SUMMARY_BYTES = 1_000_000

/**
 * Escapes the message of a workflow command: `%`, CR and LF.
 *
 * @example
 * escapeData('50%\nmore') // '50%25%0Amore'
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/**
 * Escapes a property of a workflow command: as {@link escapeData}, and `:` and `,`.
 *
 * @example
 * escapeProperty('list.limit [listPets], a:b') // 'list.limit [listPets]%2C a%3Ab'
 */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

function annotation(kind: 'error' | 'warning', entry: CheckResult): string {
  const first = entry.failures[0]
  const lines = [`${entry.title} (${entry.level}, ${entry.section})`]
  if (first) {
    lines.push(`expected: ${first.expected}`, `received: ${first.actual}`)
    if (first.curl) {
      lines.push(`reproduce: ${first.curl}`)
    }
    const more = entry.failures.length - 1 + entry.omittedFailures
    if (more > 0) {
      lines.push(`(${countOf(more, 'more failure')} of this check)`)
    }
  } else {
    lines.push(`${entry.outcome}: ${entry.skipReason ?? ''} (--fail-on-skip)`)
  }
  const title = escapeProperty(`${entry.id} [${operationLabel(entry.operation)}]`)
  return `::${kind} title=${title}::${escapeData(lines.join('\n'))}`
}

/**
 * GitHub Actions annotations: one `::error` per result that fails the run
 * and one `::warning` per advisory failure, worst first, at most
 * {@link MAX_ANNOTATIONS} of each (a stopped run's reason is the first
 * error), then one `::notice` with the totals. Control characters the server
 * sent show as `\uXXXX` ({@link showControls}).
 *
 * @example
 * for (const line of githubAnnotations(result)) process.stdout.write(`${line}\n`)
 */
export function githubAnnotations(raw: ConformanceResult): Array<string> {
  const result = showControls(raw)
  const { failing, warnings } = rankedProblems(result)
  const errors = failing.map((entry) => annotation('error', entry))
  if (result.exitCode === 2 && result.stopped) {
    errors.unshift(
      `::error title=${escapeProperty('petstore-conformance stopped')}::${escapeData(result.stopped.message)}`,
    )
  }
  const shownErrors = errors.slice(0, MAX_ANNOTATIONS)
  const shownWarnings = warnings.slice(0, MAX_ANNOTATIONS).map((entry) => {
    return annotation('warning', entry)
  })
  const total = `${result.verdict}. ${countOf(errors.length, 'error')} (${shownErrors.length} annotated), ${countOf(warnings.length, 'advisory warning')} (${shownWarnings.length} annotated); the job summary lists them all.`
  return [
    ...shownErrors,
    ...shownWarnings,
    `::notice title=petstore-conformance::${escapeData(total)}`,
  ]
}

function problemBlock(entry: CheckResult): string {
  const failures = entry.failures.map((failure) => {
    const parts = [
      `expected: ${failure.expected}`,
      `received: ${failure.actual}`,
      ...(failure.response ? [`response: ${failure.response}`] : []),
      ...(failure.counterexample
        ? [`${counterexampleLabel(failure.counterexample)}: ${failure.counterexample}`]
        : []),
      ...(failure.sequence ? ['shortest failing sequence:', failure.sequence] : []),
    ]
    const curl = failure.curl ? `<pre><code>${summaryText(failure.curl)}</code></pre>` : ''
    return `<pre>${summaryText(parts.join('\n'))}</pre>${curl}`
  })
  if (failures.length === 0) {
    failures.push(
      `<pre>${summaryText(`${entry.outcome}: ${entry.skipReason ?? ''} (--fail-on-skip)`)}</pre>`,
    )
  }
  const more = entry.omittedFailures
    ? `<p>${countOf(entry.omittedFailures, 'more failure like it', 'more failures like these')}.</p>`
    : ''
  return `<details><summary><code>${summaryText(entry.id)}</code> [${summaryText(operationLabel(entry.operation))}] ${titleHtml(entry.title)} (${summaryText(entry.section)})</summary>${failures.join('')}${more}</details>`
}

/**
 * The Markdown job summary for `$GITHUB_STEP_SUMMARY`: the verdict, the
 * counts (those of `result.summary`), the run's facts, then each failure and
 * warning folded in `<details>`, and the skipped and not-run checks. Kept
 * under {@link MAX_SUMMARY_BYTES}: what does not fit is counted, not shown.
 * Every text from outside the kit is written by {@link summaryText}, in an
 * HTML block (one line each), so a server's Markdown shows as text.
 * Control characters the server sent show as `\uXXXX` ({@link showControls}).
 *
 * @example
 * await appendFile(process.env.GITHUB_STEP_SUMMARY, githubSummary(result))
 */
export function githubSummary(raw: ConformanceResult): string {
  const result = showControls(raw)
  const { summary } = result
  const { failing, warnings } = rankedProblems(result)
  const head = [
    `<h2>petstore-conformance: ${summaryText(result.verdict)}</h2>`,
    '',
    ...(result.stopped
      ? [`<blockquote>${summaryText(result.stopped.message)}</blockquote>`, '']
      : []),
    '| Results (per check and operation) | Passed | Failed | Advisory warnings | Skipped | Not run |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${summary.total} | ${summary.passed} | ${summary.failed} | ${summary.warnings} | ${summary.skipped} (${summary.requiredSkipped} required) | ${summary.notRun} (${summary.requiredNotRun} required) |`,
    '',
    `<p>${runFacts(result)
      .map(([label, value]) => `<b>${summaryText(label)}</b>: ${summaryText(value)}`)
      .join(' · ')}</p>`,
    '',
  ].join('\n')
  const blocks: Array<string> = []
  if (failing.length) {
    blocks.push(`<h3>Failures (${failing.length})</h3>`, ...failing.map(problemBlock))
  }
  if (warnings.length) {
    blocks.push(`<h3>Advisory warnings (${warnings.length})</h3>`, ...warnings.map(problemBlock))
  }
  const open = result.results.filter(
    (entry) =>
      (entry.outcome === 'skipped' || entry.outcome === 'not-run') && !failing.includes(entry),
  )
  if (open.length) {
    blocks.push(
      `<details><summary>Skipped and not run (${open.length})</summary><ul>${open
        .map(
          (entry) =>
            `<li><code>${summaryText(entry.id)}</code> [${summaryText(operationLabel(entry.operation))}] ${entry.outcome === 'not-run' ? 'not run' : 'skipped'}: ${summaryText(entry.skipReason ?? '')}</li>`,
        )
        .join('')}</ul></details>`,
    )
  }
  let text = head
  let size = Buffer.byteLength(text)
  for (const [index, block] of blocks.entries()) {
    const bytes = Buffer.byteLength(block) + 2
    if (size + bytes > MAX_SUMMARY_BYTES - 200) {
      text += `\n_${countOf(blocks.length - index, 'more section')} left out to keep the summary under 1 MiB; see the HTML and JUnit reports._\n`
      break
    }
    text += `\n${block}\n`
    size += bytes
  }
  return `${text}\n`
}
