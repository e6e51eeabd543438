import { countOf } from '../../src/utils/count-of.ts'
import { escapeHtml } from '../../src/utils/escape-html.ts'
import { counterexampleLabel } from '../model/counterexample-label.ts'
import { operationLabel } from '../model/kit-routes.ts'
import type { CheckFailure, CheckResult, ConformanceResult } from '../model/types.ts'
import { groupBy } from './group-by.ts'
import { rankedProblems, runFacts, titleHtml } from './report-facts.ts'

const STYLE = `
:root { color-scheme: light; --fail: #b42318; --warn: #a15c07; --pass: #067647; --muted: #5d6b7a; --line: #d8dee4; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #f6f8fa; }
main { max-width: 1200px; margin: 0 auto; padding: 24px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 10px; }
h3 { font-size: 15px; margin: 18px 0 8px; color: var(--muted); font-weight: 600; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.verdict { padding: 12px 16px; border-radius: 8px; font-weight: 600; margin: 12px 0; color: #fff; }
.verdict.exit-0 { background: var(--pass); }
.verdict.exit-1 { background: var(--fail); }
.verdict.exit-2 { background: #6b2d0f; }
.stopped { border-left: 4px solid #6b2d0f; background: #fff; padding: 8px 12px; margin: 8px 0; }
.counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0; padding: 0; list-style: none; }
.counts li { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; }
.counts b { font-size: 18px; margin-right: 4px; }
.counts .failed:not(.zero) b { color: var(--fail); } .counts .warnings:not(.zero) b { color: var(--warn); } .counts .passed:not(.zero) b { color: var(--pass); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; font-size: 14px; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.card { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px; padding: 12px 14px; margin: 0 0 12px; }
.card.warning { border-left-color: var(--warn); }
.card header { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.card .id { font-weight: 700; }
.badge { font-size: 12px; border-radius: 10px; padding: 0 8px; border: 1px solid currentColor; }
.badge.required { color: var(--fail); } .badge.advisory { color: var(--warn); }
.section { color: var(--muted); font-size: 13px; }
.failure { border-top: 1px dashed var(--line); margin-top: 10px; padding-top: 8px; }
.failure dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 8px; }
.failure dt { color: var(--muted); font-size: 13px; }
.failure dd { margin: 0; }
.received pre { color: var(--fail); }
.curl { display: flex; gap: 8px; align-items: flex-start; background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 8px; }
.curl pre { flex: 1; min-width: 0; }
/* A curl breaks only between its arguments (an option stays with its value); one longer than a line breaks inside. */
.curl .arg { display: inline-block; max-width: 100%; white-space: pre-wrap; overflow-wrap: anywhere; vertical-align: top; }
button.copy { font: inherit; font-size: 13px; padding: 2px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
button.copy:focus-visible { outline: 2px solid #0969da; }
details.fold { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 10px 0; }
details.fold > summary { cursor: pointer; padding: 8px 12px; font-weight: 600; }
details.fold table { border-collapse: collapse; width: 100%; font-size: 14px; }
details.fold td, details.fold th { text-align: left; border-top: 1px solid var(--line); padding: 4px 12px; vertical-align: top; }
/* Check, operation and level take the width they need, the spec a narrow column; the title the rest. */
details.fold .fit { white-space: nowrap; }
details.fold th.spec { width: 11em; }
details.fold td.spec { color: var(--muted); font-size: 13px; }
details.fold td.check code { overflow-wrap: anywhere; }
/* Narrower than the table needs: each row on two lines, the title on its own. */
@media (max-width: 1099px) {
  details.fold thead { display: none; }
  details.fold table, details.fold tbody { display: block; }
  details.fold tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 12px; padding: 6px 12px; border-top: 1px solid var(--line); }
  details.fold td { border: 0; padding: 0; width: auto; min-width: 0; }
  details.fold td.check { font-weight: 600; white-space: normal; }
  details.fold td.level { color: var(--muted); font-size: 13px; }
  details.fold td.text { flex-basis: 100%; }
}
@media (max-width: 600px) {
  main { padding: 16px 12px; }
  .failure dl { grid-template-columns: minmax(0, 1fr); gap: 0; }
  .failure dd { margin-bottom: 6px; }
  .curl { flex-direction: column; }
  .curl pre { width: 100%; }
}
.none { color: var(--pass); font-weight: 600; }
details.fold .empty { margin: 0; padding: 4px 12px 10px; color: var(--muted); }
`

const SCRIPT = `
for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', async () => {
    const text = button.parentElement.querySelector('pre').textContent
    let done = false
    try {
      await navigator.clipboard.writeText(text)
      done = true
    } catch {
      const area = document.createElement('textarea')
      area.value = text
      document.body.append(area)
      area.select()
      done = document.execCommand('copy')
      area.remove()
    }
    button.textContent = done ? 'Copied' : 'Select and copy'
    setTimeout(() => { button.textContent = 'Copy' }, 2000)
  })
}
`

/**
 * A curl command with each argument in its own box, so that a line breaks
 * between arguments, never inside a short one such as `--compressed`; an
 * option stays on the line of its value. The text is the command as it is.
 */
function curlHtml(curl: string): string {
  const words = curl.match(SHELL_WORD) ?? []
  const args: Array<string> = []
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string
    const next = words[index + 1]
    if (word.startsWith('-') && next !== undefined && !next.startsWith('-')) {
      args.push(`${word} ${next}`)
      index++
    } else args.push(word)
  }
  // Words are separated by one space in the kit's curl; anything else is shown as it is.
  if (args.join(' ') !== curl) return escapeHtml(curl)
  return args.map((arg) => `<span class="arg">${escapeHtml(arg)}</span>`).join(' ')
}

/** One shell word: quoted parts (`'…'`, `"…"`, `$'…'`) and unquoted characters, up to a space. */
const SHELL_WORD = /(?:\$'(?:[^'\\]|\\.)*'|'[^']*'|"(?:[^"\\]|\\.)*"|\\.|[^\s'"\\])+/g

function failureBlock(failure: CheckFailure): string {
  // Where what was received is the response (or holds it), the response is not shown twice.
  const repeats = failure.response !== undefined && failure.actual.includes(failure.response)
  const rows: Array<[string, string, string?]> = [
    ['Expected', failure.expected],
    ['Received', failure.actual, 'received'],
  ]
  if (failure.response && !repeats) {
    rows.push(['Response', failure.response])
  }
  if (failure.counterexample !== undefined) {
    const label = counterexampleLabel(failure.counterexample)
    rows.push([`${label[0]?.toUpperCase()}${label.slice(1)}`, failure.counterexample])
  }
  if (failure.sequence !== undefined) {
    rows.push(['Shortest failing sequence', failure.sequence])
  }
  if (failure.seed !== undefined) {
    rows.push(['Replay', `--seed ${failure.seed}${failure.path ? ` (path ${failure.path})` : ''}`])
  }
  const curl = failure.curl
    ? `<div class="curl"><pre>${curlHtml(failure.curl)}</pre><button type="button" class="copy" aria-label="Copy the curl command">Copy</button></div>`
    : ''
  return `<div class="failure"><dl>${rows
    .map(
      ([label, value, kind]) =>
        `<dt>${label}</dt><dd${kind ? ` class="${kind}"` : ''}><pre>${escapeHtml(value)}</pre></dd>`,
    )
    .join('')}</dl>${curl}</div>`
}

function card(entry: CheckResult, kind: 'failure' | 'warning'): string {
  const body =
    entry.failures.length > 0
      ? entry.failures.map(failureBlock).join('')
      : `<div class="failure"><pre>${escapeHtml(`${entry.outcome === 'not-run' ? 'not run' : 'skipped'}: ${entry.skipReason ?? ''} (--fail-on-skip)`)}</pre></div>`
  const more = entry.omittedFailures
    ? `<p class="section">${countOf(entry.omittedFailures, 'more failure like it', 'more failures like these')}.</p>`
    : ''
  return `<article class="card ${kind}" data-check="${escapeHtml(entry.id)}" data-operation="${escapeHtml(entry.operation)}">
<header><span class="id"><code>${escapeHtml(entry.id)}</code></span><span class="badge ${entry.level}">${entry.level}</span><span>${titleHtml(entry.title)}</span><span class="section">spec ${escapeHtml(entry.section)}</span></header>
${body}${more}</article>`
}

function grouped(entries: Array<CheckResult>, kind: 'failure' | 'warning'): string {
  return [...groupBy(entries, (entry) => entry.operation)]
    .map(
      ([operation, items]) =>
        `<h3>${escapeHtml(operationLabel(operation))}</h3>\n${items.map((entry) => card(entry, kind)).join('\n')}`,
    )
    .join('\n')
}

function table(entries: Array<CheckResult>, withReason: boolean): string {
  return `<table><thead><tr><th class="fit">Check</th><th class="fit">Operation</th><th class="fit">Level</th><th class="spec">Spec</th><th>${withReason ? 'Why' : 'Title'}</th></tr></thead><tbody>${entries
    .map(
      (entry) =>
        `<tr><td class="fit check"><code>${escapeHtml(entry.id)}</code></td><td class="fit operation">${escapeHtml(operationLabel(entry.operation))}</td><td class="fit level">${entry.level}</td><td class="spec">${escapeHtml(entry.section)}</td><td class="text">${withReason ? escapeHtml(entry.skipReason ?? '') : titleHtml(entry.title)}</td></tr>`,
    )
    .join('')}</tbody></table>`
}

function fold(title: string, entries: Array<CheckResult>, withReason: boolean): string {
  const content = entries.length > 0 ? table(entries, withReason) : '<p class="empty">None.</p>'
  return `<details class="fold" data-fold="${escapeHtml(title.toLowerCase())}"><summary>${escapeHtml(title)} (${entries.length})</summary>${content}</details>`
}

/**
 * The HTML report: one self-contained file (inline CSS and script, no
 * network; a Content-Security-Policy forbids any fetch), readable offline.
 * The verdict and counts (those of `result.summary`) and the run's facts come
 * first, then what fails the run grouped by operation, each with the check
 * id, spec section, expected and received values, the response excerpt and
 * the curl (the key as `$PETSTORE_API_KEY`) with a copy button; then
 * advisory warnings; passed, skipped and not-run checks folded below.
 * Everything from the server is escaped.
 *
 * @example
 * await writeFile('reports/conformance.html', htmlReport(result))
 */
export function htmlReport(result: ConformanceResult): string {
  const { summary } = result
  const { failing, warnings } = rankedProblems(result)
  const byOutcome = (outcome: CheckResult['outcome']) =>
    result.results.filter((entry) => entry.outcome === outcome && !failing.includes(entry))
  const counts: Array<[string, number, string]> = [
    ['failed', summary.failed, 'failed'],
    [
      summary.warnings === 1 ? 'advisory warning' : 'advisory warnings',
      summary.warnings,
      'warnings',
    ],
    ['passed', summary.passed, 'passed'],
    [`skipped (${summary.requiredSkipped} required)`, summary.skipped, 'skipped'],
    [`not run (${summary.requiredNotRun} required)`, summary.notRun, 'not-run'],
  ]
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>petstore-conformance: ${escapeHtml(result.verdict)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>petstore-conformance report</h1>
<div class="verdict exit-${result.exitCode}" role="status">${escapeHtml(result.verdict)}</div>
${result.stopped ? `<p class="stopped">${escapeHtml(result.stopped.message)} <code>${escapeHtml(result.stopped.code)}</code></p>` : ''}
<ul class="counts" aria-label="Counts per check and operation">${counts
    .map(
      ([label, value, kind]) =>
        `<li class="${kind}${value === 0 ? ' zero' : ''}"><b>${value}</b>${escapeHtml(label)}</li>`,
    )
    .join(
      '',
    )}<li><b>${summary.total}</b>${summary.total === 1 ? 'result' : 'results'} (per check and operation)</li></ul>
<dl class="facts">${runFacts(result)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>
<h2 id="failures">Failures (${failing.length})</h2>
${failing.length ? grouped(failing, 'failure') : '<p class="none">Nothing fails the run.</p>'}
${warnings.length ? `<h2 id="warnings">Advisory warnings (${warnings.length})</h2>\n${grouped(warnings, 'warning')}` : ''}
<h2 id="others">Other checks</h2>
${fold('Passed', byOutcome('passed'), false)}
${fold('Skipped', byOutcome('skipped'), true)}
${fold('Not run', byOutcome('not-run'), true)}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`
}
