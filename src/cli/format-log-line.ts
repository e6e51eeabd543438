import { type JournalEntry, pathWithQuery } from '../journal/journal-entry.ts'

/**
 * The terminal's line for one answered request: method, path with its query,
 * status, the Error `code` if any, `upstream` when the upstream behind
 * `--proxy` answered, what forced the answer if anything, the time it took,
 * and the check ids of the rules it broke after `✗`.
 *
 * @example
 * formatLogLine(entry) // 'GET /v1/pets?limit=3 503 service_unavailable forced:prefer 0.4ms'
 * formatLogLine(proxied) // 'GET /v1/pets 200 upstream 41.0ms ✗ list.schema'
 */
export function formatLogLine(entry: JournalEntry): string {
  const parts = [entry.method, pathWithQuery(entry), String(entry.status)]
  if (entry.code !== null) parts.push(entry.code)
  if (entry.answeredBy === 'upstream') parts.push('upstream')
  if (entry.forced !== null) parts.push(`forced:${entry.forced}`)
  parts.push(`${entry.durationMs.toFixed(1)}ms`)
  if (entry.violations.length > 0) {
    parts.push(`✗ ${[...new Set(entry.violations.map((violation) => violation.check))].join(' ')}`)
  }
  return parts.join(' ')
}
