import { type JournalEntry, pathWithQuery } from '../journal/journal-entry.ts'

/**
 * The terminal's line for one answered request: method, path with its query,
 * status, the Error `code` if any, what forced the answer if anything, and
 * the time it took.
 *
 * @example
 * formatLogLine(entry) // 'GET /v1/pets?limit=3 503 service_unavailable forced:prefer 0.4ms'
 */
export function formatLogLine(entry: JournalEntry): string {
  const parts = [entry.method, pathWithQuery(entry), String(entry.status)]
  if (entry.code !== null) parts.push(entry.code)
  if (entry.forced !== null) parts.push(`forced:${entry.forced}`)
  parts.push(`${entry.durationMs.toFixed(1)}ms`)
  return parts.join(' ')
}
