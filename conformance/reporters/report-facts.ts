import { countOf } from '../../src/utils/count-of.ts'
import { escapeHtml } from '../../src/utils/escape-html.ts'
import { notTested } from '../model/not-tested.ts'
import { failsTheRun } from '../model/result-collector.ts'
import type { CheckResult, ConformanceResult } from '../model/types.ts'

/**
 * A catalogue title as HTML: escaped, with its `backtick` spans as `<code>`.
 *
 * @example
 * titleHtml('`limit` 1 and 100 are honoured') // '<code>limit</code> 1 and 100 are honoured'
 */
export function titleHtml(title: string): string {
  return escapeHtml(title).replace(/`([^`]+)`/g, '<code>$1</code>')
}

/**
 * The facts of a run every human-readable report shows, as label and value:
 * base URL, start, duration, seed, requests, waits, pets created and what
 * was not tested.
 *
 * @example
 * runFacts(result) // [['Base URL', 'http://127.0.0.1:4010/v1'], ..., ['Seed', '1 (keep --seed 1: ...)'], ...]
 */
export function runFacts(result: ConformanceResult): Array<[label: string, value: string]> {
  const { stats } = result
  return [
    ['Base URL', result.baseUrl],
    ['Started', result.startedAt],
    [
      'Duration',
      `${(result.durationMs / 1000).toFixed(1)} s (--max-duration ${result.maxDurationMs / 1000} s)`,
    ],
    [
      'Seed',
      `${result.seed} (keep --seed ${result.seed}: the same server gives the same failures with it, and it replays the generated cases)`,
    ],
    [
      'Requests',
      `${stats.requests} (${countOf(stats.unrequested429, 'unrequested 429')}, ${countOf(stats.retries, 'retry', 'retries')})`,
    ],
    ['Waits', `${(stats.waitedMs / 1000).toFixed(1)} s waited for the rate limit and backoff`],
    ['Pets created', String(stats.petsCreated)],
    ['Not tested', notTested(result)],
  ]
}

const weight = (entry: CheckResult) => entry.failures.length + entry.omittedFailures

/**
 * The results that fail the run and the advisory warnings, worst first
 * (required before advisory, then by the number of failures).
 *
 * @example
 * const { failing, warnings } = rankedProblems(result)
 */
export function rankedProblems(result: ConformanceResult): {
  failing: Array<CheckResult>
  warnings: Array<CheckResult>
} {
  const rank = (a: CheckResult, b: CheckResult) =>
    Number(b.level === 'required') - Number(a.level === 'required') || weight(b) - weight(a)
  return {
    failing: result.results.filter((entry) => failsTheRun(entry, result)).sort(rank),
    warnings: result.results
      .filter((entry) => entry.outcome === 'failed' && !failsTheRun(entry, result))
      .sort(rank),
  }
}
