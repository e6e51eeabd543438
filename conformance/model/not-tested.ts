import { catalogue } from '../../src/judge/catalogue.ts'
import { countOf } from '../../src/utils/count-of.ts'
import type { ConformanceResult } from './types.ts'

/**
 * The skip reason of a result left out by `--read-only`.
 *
 * @example
 * entry.skipReason === READ_ONLY_REASON
 */
export const READ_ONLY_REASON = 'read-only run (--read-only)'

/** How many skipped results are named, with their reason, before the rest is counted. */
const NAMED_SKIPS = 3

/**
 * What a run did not test, in one sentence a person can act on: the groups
 * left out (and the option that runs them), the checks `--only`/`--skip`
 * left out, what `--read-only` skipped, the results skipped (the first few
 * with their reason) and those not run.
 *
 * @example
 * notTested(result) // 'the rate-limit group (ratelimit.exhaust, ...; --include rate-limit runs it); 2 results skipped (...)'
 */
export function notTested(
  result: Pick<ConformanceResult, 'include' | 'readOnly' | 'results'>,
): string {
  const parts: Array<string> = []
  const groups = [...new Set(catalogue.map((check) => check.group))].filter(
    (group) => group !== 'default' && !result.include.includes(group),
  )
  for (const group of groups) {
    const ids = catalogue.filter((check) => check.group === group).map((check) => check.id)
    parts.push(`the ${group} group (${ids.join(', ')}; --include ${group} runs it)`)
  }
  const ran = new Set<string>(result.results.map((entry) => entry.id))
  const leftOut = catalogue.filter(
    (check) =>
      (check.group === 'default' || result.include.includes(check.group)) && !ran.has(check.id),
  )
  if (leftOut.length > 0) {
    parts.push(`${countOf(leftOut.length, 'check')} left out by --only/--skip`)
  }
  const readOnly = result.results.filter((entry) => entry.skipReason === READ_ONLY_REASON)
  if (readOnly.length > 0) {
    parts.push(
      `${countOf(readOnly.length, 'result that needs writes', 'results that need writes')} (--read-only)`,
    )
  }
  const skipped = result.results.filter(
    (entry) => entry.outcome === 'skipped' && entry.skipReason !== READ_ONLY_REASON,
  )
  if (skipped.length > 0) {
    const named = skipped
      .slice(0, NAMED_SKIPS)
      .map((entry) => `${entry.id} [${entry.operation}]: ${entry.skipReason ?? 'not decided'}`)
    const rest = skipped.length - named.length
    parts.push(
      `${countOf(skipped.length, 'result')} skipped (${named.join('; ')}${rest > 0 ? `; ${rest} more` : ''})`,
    )
  }
  const notRun = result.results.filter((entry) => entry.outcome === 'not-run').length
  if (notRun > 0) {
    parts.push(`${countOf(notRun, 'result')} not run`)
  }
  return parts.length > 0 ? parts.join('; ') : 'nothing: every check of the catalogue decided'
}
