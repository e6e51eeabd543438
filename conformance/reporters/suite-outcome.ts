import { showControls } from '../../src/utils/show-controls.ts'
import { failsTheRun, type RunPolicy } from '../model/result-collector.ts'
import type { CheckResult } from '../model/types.ts'
import { formatFailure } from './junit-reporter.ts'

/** What one test of the vitest suite does with its result, and the text it shows. */
export type SuiteOutcome =
  | { action: 'pass' }
  | { action: 'skip'; text: string | undefined }
  | { action: 'fail'; text: string }
  | { action: 'annotate'; text: string }

/**
 * What the vitest suite's test of one check and operation does: fails with the
 * expected value, each failure's details and curl when the result fails the
 * run; annotates an advisory failure; skips a skipped or not-run check (fails
 * it under `failOnSkip`); else passes. The text shows the server's control
 * characters as `\uXXXX` ({@link showControls}).
 *
 * @example
 * suiteOutcome(entry, { strict: false }) // { action: 'fail', text: '401\n\nauth.no-header [listPets]: ...' }
 */
export function suiteOutcome(raw: CheckResult, policy: RunPolicy): SuiteOutcome {
  const entry = showControls(raw)
  if (entry.outcome === 'skipped' || entry.outcome === 'not-run') {
    return failsTheRun(entry, policy)
      ? { action: 'fail', text: `${entry.outcome} (failOnSkip): ${entry.skipReason}` }
      : { action: 'skip', text: entry.skipReason }
  }
  if (entry.outcome !== 'failed') return { action: 'pass' }
  const details = entry.failures.map(formatFailure).join('\n\n')
  return failsTheRun(entry, policy)
    ? { action: 'fail', text: `${entry.expected}\n\n${details}` }
    : { action: 'annotate', text: `advisory: ${details}` }
}
