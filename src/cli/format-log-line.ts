import type { ViolationSource } from '../base/http/types.ts'
import { type JournalEntry, pathWithQuery } from '../core/journal/journal-entry.ts'

/**
 * The terminal's line for one answered request: method, path with its query,
 * status, the Error `code` if any, `upstream` when the upstream behind
 * `--proxy` answered (`fallback:unreachable` or `fallback:no-route` when the
 * mock answered in its place, with the mock's own data), what forced the
 * answer if anything, the time it took, the check ids of the rules the
 * upstream broke after `✗`, and those the caller's request broke after
 * `· your request:` (the caller's mistakes, not the server's).
 *
 * @example
 * formatLogLine(entry) // 'GET /v1/pets?limit=3 503 service_unavailable forced:prefer 0.4ms'
 * formatLogLine(proxied) // 'GET /v1/pets 200 upstream 41.0ms ✗ list.schema'
 * formatLogLine(mistaken) // 'GET /v1/pets?limit=0 400 invalid_request upstream 8.1ms · your request: request.limit'
 * formatLogLine(fallback) // 'GET /v1/store/orders 200 fallback:unreachable 0.4ms'
 */
export function formatLogLine(entry: JournalEntry): string {
  const parts = [entry.method, pathWithQuery(entry), String(entry.status)]
  if (entry.code !== null) parts.push(entry.code)
  if (entry.answeredBy === 'upstream') parts.push('upstream')
  if (entry.fallback !== null) parts.push(`fallback:${entry.fallback}`)
  if (entry.forced !== null) parts.push(`forced:${entry.forced}`)
  parts.push(`${entry.durationMs.toFixed(1)}ms`)
  const upstream = checksOf(entry, 'response')
  if (upstream !== '') parts.push(`✗ ${upstream}`)
  const caller = checksOf(entry, 'request')
  if (caller !== '') parts.push(`· your request: ${caller}`)
  return parts.join(' ')
}

/** The ids of the checks of one source an entry broke, each once, space-separated. */
function checksOf(entry: JournalEntry, source: ViolationSource): string {
  const ids = new Set<string>()
  for (const violation of entry.violations) {
    if (violation.source === source) ids.add(violation.check)
  }
  return [...ids].join(' ')
}
