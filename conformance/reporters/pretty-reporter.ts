import { operationLabel } from '../catalogue.ts'
import { NAME_PREFIX } from '../probes.ts'
import { failsTheRun } from '../result-collector.ts'
import type { CheckResult, ConformanceEvent, ConformanceResult } from '../types.ts'
import { groupBy } from './group-by.ts'
import { formatFailure } from './junit-reporter.ts'

/** Options of the pretty output. */
export interface PrettyOptions {
  color?: boolean
}

const codes = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1, cyan: 36 } as const

function painter(color: boolean) {
  return (style: keyof typeof codes, text: string) =>
    color ? `\u001b[${codes[style]}m${text}\u001b[0m` : text
}

/**
 * Progress lines for the console: the start, each probe, and every wait for
 * the rate limit. Pass the returned function as `onEvent`.
 *
 * @example
 * await runConformance({ baseUrl, token, onEvent: prettyProgress((line) => process.stderr.write(line)) })
 */
export function prettyProgress(
  write: (text: string) => void,
  options: PrettyOptions = {},
): (event: ConformanceEvent) => void {
  const paint = painter(options.color ?? false)
  let requests = 0
  return (event) => {
    switch (event.type) {
      case 'start':
        write(
          `${paint('bold', 'petstore-conformance')} ${event.baseUrl} (${event.checks} checks, seed ${event.seed})\n`,
        )
        break
      case 'probe':
        write(
          `  ${paint('cyan', '>')} ${event.name} ${paint('dim', `(${requests} requests so far)`)}\n`,
        )
        break
      case 'wait':
        if (event.ms >= 500) {
          write(`  ${paint('dim', `... ${event.reason}: ${(event.ms / 1000).toFixed(1)} s`)}\n`)
        }
        break
      case 'request':
        requests += 1
        break
      case 'done':
        break
    }
  }
}

function mark(entry: CheckResult, strict: boolean, paint: ReturnType<typeof painter>): string {
  if (entry.outcome === 'passed') {
    return paint('green', 'pass')
  }
  if (entry.outcome === 'skipped') {
    return paint('dim', 'skip')
  }
  return failsTheRun(entry, strict) ? paint('red', 'FAIL') : paint('yellow', 'warn')
}

/**
 * The final console report: one line per check with its outcome per
 * operation, every failure with expected, actual and a curl, and the verdict.
 *
 * @example
 * process.stdout.write(prettyReport(result, { color: process.stdout.isTTY }))
 */
export function prettyReport(result: ConformanceResult, options: PrettyOptions = {}): string {
  const paint = painter(options.color ?? false)
  const lines: Array<string> = ['', paint('bold', 'Checks')]
  const byId = groupBy(result.results, (entry) => entry.id)
  const width = Math.max(...[...byId.keys()].map((id) => id.length), 10)
  for (const [id, entries] of byId) {
    const first = entries[0] as CheckResult
    const perOperation = entries
      .map((entry) => `${operationLabel(entry.operation)} ${mark(entry, result.strict, paint)}`)
      .join(', ')
    const level = first.level === 'required' ? 'required' : 'advisory'
    lines.push(`  ${id.padEnd(width)}  ${paint('dim', level.padEnd(8))}  ${perOperation}`)
    const skipped = entries.find((entry) => entry.outcome === 'skipped')
    if (skipped && entries.every((entry) => entry.outcome === 'skipped')) {
      lines.push(`  ${' '.repeat(width)}  ${paint('dim', `skipped: ${skipped.skipReason}`)}`)
    }
  }
  const failed = result.results.filter((entry) => entry.outcome === 'failed')
  if (failed.length) {
    lines.push('', paint('bold', 'Failures'))
    let index = 1
    for (const entry of failed) {
      const tag = failsTheRun(entry, result.strict)
        ? paint('red', 'FAIL')
        : paint('yellow', 'warning (advisory)')
      for (const failure of entry.failures) {
        lines.push(
          '',
          `  ${index++}) ${tag} ${entry.id} [${entry.operation}] ${entry.title} (${entry.section})`,
          ...formatFailure(failure)
            .split('\n')
            .slice(1)
            .map((line) => `     ${line}`),
        )
      }
      if (entry.omittedFailures) {
        lines.push(`     ... and ${entry.omittedFailures} more like it`)
      }
    }
  }
  const { summary, stats } = result
  lines.push(
    '',
    `${paint('bold', 'Summary')}: ${summary.passed} passed, ${summary.failed} failed, ${summary.warnings} warnings, ${summary.skipped} skipped`,
    `Requests: ${stats.requests} (${stats.unrequested429} unrequested 429, ${stats.retries} retries, waited ${(stats.waitedMs / 1000).toFixed(1)} s); pets created: ${stats.petsCreated} (names start with "${NAME_PREFIX}")`,
    `Seed: ${result.seed} (replay the generated cases with --seed ${result.seed}); time: ${(result.durationMs / 1000).toFixed(1)} s`,
  )
  if (result.aborted) {
    lines.push(paint('red', `Stopped early: ${result.aborted}`))
  }
  const verdict =
    result.exitCode === 0
      ? paint('green', 'PASS: every required check passed')
      : result.exitCode === 1
        ? paint('red', 'FAIL: a required check failed')
        : paint('red', 'INCOMPLETE: the run stopped early')
  lines.push(`${verdict} (exit ${result.exitCode})`, '')
  return lines.join('\n')
}
