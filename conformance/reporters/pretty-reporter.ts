import { countOf } from '../../src/utils/count-of.ts'
import { showControls } from '../../src/utils/show-controls.ts'
import { isSetupStop } from '../model/kit-message.ts'
import { NAME_PREFIX, operationLabel } from '../model/kit-routes.ts'
import { notTested } from '../model/not-tested.ts'
import { failsTheRun } from '../model/result-collector.ts'
import { exportLine } from '../model/to-curl.ts'
import type {
  CheckResult,
  ConformanceEvent,
  ConformanceProgress,
  ConformanceResult,
  RunSummary,
} from '../model/types.ts'
import { groupBy } from './group-by.ts'
import { formatFailure } from './junit-reporter.ts'

/** Options of the pretty output. */
export interface PrettyOptions {
  color?: boolean
}

/** A wait at least this long always gets its own progress line. */
const LONG_WAIT_MS = 10_000

const codes = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1, cyan: 36 } as const

function painter(color: boolean) {
  return (style: keyof typeof codes, text: string) =>
    color ? `\u001b[${codes[style]}m${text}\u001b[0m` : text
}

/**
 * A duration in words for a person: `45 s`, `2 min 5 s`, `1 h 3 min`.
 *
 * @example
 * inWords(125_000) // '2 min 5 s'
 */
export function inWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  if (seconds < 60) {
    return `${seconds} s`
  }
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) {
    return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`
  }
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`
}

/**
 * One progress line: checks done, requests sent, time waited, the estimate
 * of the time left, what runs now and the wait that begins, if any.
 *
 * @example
 * progressLine(progress) // '... 14 of 38 checks done, 212 requests sent (at most 500), 61.0 s waited; about 1 min 30 s left; now: create pets'
 */
export function progressLine(progress: ConformanceProgress): string {
  const parts = [
    `... ${progress.checksDone} of ${countOf(progress.checks, 'check')} done, ${countOf(progress.requests, 'request')} sent (at most ${progress.maxRequests}), ${(progress.waitedMs / 1000).toFixed(1)} s waited`,
    progress.estimatedLeftMs === undefined
      ? 'time left not known yet'
      : `about ${inWords(progress.estimatedLeftMs)} left`,
    ...(progress.probe ? [`now: ${progress.probe}`] : []),
    ...(progress.waiting
      ? [`${progress.waiting.reason}: ${(progress.waiting.ms / 1000).toFixed(1)} s`]
      : []),
  ]
  return parts.join('; ')
}

/**
 * Progress lines for the console: the start, the notes, and every wait for
 * the rate limit (where the run stands is {@link progressLine}'s), control
 * characters shown as `\uXXXX` ({@link showControls}). Pass the returned
 * function as `onEvent`.
 *
 * @example
 * await runConformance({ baseUrl, token, onEvent: prettyProgress((line) => process.stderr.write(line)) })
 */
export function prettyProgress(
  write: (text: string) => void,
  options: PrettyOptions = {},
): (event: ConformanceEvent) => void {
  const paint = painter(options.color ?? false)
  // Waits of the same kind in a row (say, backing off after each 429) are
  // one line, then a count when something else happens.
  let lastWait: string | undefined
  let quiet = { count: 0, ms: 0 }
  const flush = () => {
    if (quiet.count > 0) {
      write(
        `  ${paint('dim', `... and ${countOf(quiet.count, 'more such wait')} (${(quiet.ms / 1000).toFixed(1)} s)`)}\n`,
      )
    }
    quiet = { count: 0, ms: 0 }
  }
  return (raw) => {
    if (raw.type === 'request') {
      return
    }
    const event = showControls(raw)
    switch (event.type) {
      case 'start':
        write(
          `${paint('bold', 'petstore-conformance')} ${event.baseUrl} (${countOf(event.checks, 'check')}, seed ${event.seed})\n`,
        )
        break
      case 'probe':
        // Where the run stands is the progress line's (at most one every few seconds).
        flush()
        break
      case 'wait': {
        const kind = event.reason.replace(/\s*\(attempt \d+ of \d+\)/, '')
        if (kind === lastWait && event.ms < LONG_WAIT_MS) {
          quiet.count += 1
          quiet.ms += event.ms
          break
        }
        flush()
        lastWait = kind
        write(`  ${paint('dim', `... ${event.reason}: ${(event.ms / 1000).toFixed(1)} s`)}\n`)
        break
      }
      case 'note':
        flush()
        lastWait = undefined
        write(`  ${paint('dim', event.text)}\n`)
        break
      case 'done':
        flush()
        break
    }
  }
}

function mark(
  entry: CheckResult,
  result: ConformanceResult,
  paint: ReturnType<typeof painter>,
): string {
  if (entry.outcome === 'passed') {
    return paint('green', 'pass')
  }
  if (failsTheRun(entry, result)) {
    return paint('red', entry.outcome === 'failed' ? 'FAIL' : `FAIL (${entry.outcome})`)
  }
  if (entry.outcome === 'skipped') {
    return paint('dim', 'skip')
  }
  if (entry.outcome === 'not-run') {
    return paint('dim', 'not run')
  }
  return paint('yellow', 'warn')
}

/**
 * The summary line every console report ends with, from {@link summarize}'s counts.
 *
 * @example
 * summaryLine(result.summary) // '66 results (per check and operation): 60 passed, 2 failed, ...'
 */
export function summaryLine(summary: RunSummary): string {
  const extra = summary.failing > summary.failed ? `; ${summary.failing} fail the run` : ''
  return `${countOf(summary.total, 'result')} (per check and operation): ${summary.passed} passed, ${summary.failed} failed, ${countOf(summary.warnings, 'advisory warning')}, ${summary.skipped} skipped (${summary.requiredSkipped} required), ${summary.notRun} not run (${summary.requiredNotRun} required)${extra}`
}

/**
 * The final console report: one line per check with its outcome per
 * operation, every failure with expected, actual and a curl, and the verdict.
 * What the server sent shows its control characters as `\uXXXX`
 * ({@link showControls}); the only escape sequences written are its colours.
 *
 * @example
 * process.stdout.write(prettyReport(result, { color: process.stdout.isTTY }))
 */
export function prettyReport(raw: ConformanceResult, options: PrettyOptions = {}): string {
  const result = showControls(raw)
  const paint = painter(options.color ?? false)
  if (result.stopped && isSetupStop(result.stopped.reason)) {
    // A configuration error: no check ran; the message and its hint are what to act on.
    return [
      '',
      `No check ran: the pre-flight request found a configuration error (${countOf(result.summary.total, 'result')} not run; every requested report is written).`,
      // The error itself is said once, on stderr, where the command writes its errors.
      paint(
        'red',
        `STOPPED: the configuration error above [${result.stopped.code}] (exit ${result.exitCode})`,
      ),
      '',
    ].join('\n')
  }
  const lines: Array<string> = ['', paint('bold', 'Checks')]
  const byId = groupBy(result.results, (entry) => entry.id)
  const width = Math.max(...[...byId.keys()].map((id) => id.length), 10)
  for (const [id, entries] of byId) {
    const first = entries[0] as CheckResult
    const perOperation = entries
      .map((entry) => `${operationLabel(entry.operation)} ${mark(entry, result, paint)}`)
      .join(', ')
    const level = first.level === 'required' ? 'required' : 'advisory'
    lines.push(`  ${id.padEnd(width)}  ${paint('dim', level.padEnd(8))}  ${perOperation}`)
    // Why a check was skipped; why checks were not run is said once, below.
    const skipped = entries.find((entry) => entry.outcome === 'skipped')
    if (skipped) {
      lines.push(`  ${' '.repeat(width)}  ${paint('dim', `skipped: ${skipped.skipReason}`)}`)
    }
  }
  const failing = result.results.filter((entry) => failsTheRun(entry, result))
  const warnings = result.results.filter(
    (entry) => entry.outcome === 'failed' && !failsTheRun(entry, result),
  )
  const section = (title: string, entries: Array<CheckResult>, prefix: string, tag: string) => {
    if (entries.length === 0) {
      return
    }
    lines.push('', paint('bold', `${title} (${entries.length})`))
    entries.forEach((entry, index) => {
      lines.push(
        '',
        `  ${prefix}${index + 1}) ${tag} ${entry.id} [${entry.operation}] ${entry.title} (${entry.section})`,
      )
      if (entry.outcome !== 'failed') {
        lines.push(`     ${entry.outcome}: ${entry.skipReason} (--fail-on-skip)`)
      }
      const many = entry.failures.length > 1
      entry.failures.forEach((failure, at) => {
        const details = formatFailure(failure).split('\n').slice(1)
        lines.push(
          ...details.map((line, row) => {
            const bullet =
              many && row === 0 ? `${String.fromCharCode(97 + at)}. ` : many ? '   ' : ''
            return `     ${bullet}${line}`
          }),
        )
      })
      if (entry.omittedFailures) {
        lines.push(`     ... and ${entry.omittedFailures} more like it`)
      }
    })
  }
  const howToRun = exportLine(
    [...failing, ...warnings].flatMap((entry) =>
      entry.failures.flatMap((failure) => [failure.curl ?? '', failure.sequence ?? '']),
    ),
  )
  if (howToRun) {
    lines.push('', paint('dim', howToRun))
  }
  section('Failures', failing, '', paint('red', 'FAIL'))
  section('Advisory warnings', warnings, 'W', paint('yellow', 'warning'))
  const { summary, stats } = result
  lines.push(
    '',
    `${paint('bold', 'Summary')}: ${summaryLine(summary)}`,
    `Requests: ${stats.requests} (${countOf(stats.unrequested429, 'unrequested 429')}, ${countOf(stats.retries, 'retry', 'retries')}, waited ${(stats.waitedMs / 1000).toFixed(1)} s); pets created: ${stats.petsCreated} (names start with "${NAME_PREFIX}")`,
    `Seed: ${result.seed} (keep --seed ${result.seed}: the same server gives the same failures with it, and it replays the generated cases); time: ${(result.durationMs / 1000).toFixed(1)} s of --max-duration ${result.maxDurationMs / 1000} s`,
    `Not tested: ${notTested(result)}`,
  )
  if (result.stopped) {
    lines.push(paint('red', `Stopped: ${result.stopped.message} [${result.stopped.code}]`))
  }
  lines.push(paint(result.exitCode === 0 ? 'green' : 'red', result.verdict), '')
  return lines.join('\n')
}
