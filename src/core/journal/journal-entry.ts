import type { AnsweredViolation, FallbackReason, ForcedBy } from '../../base/http/types.ts'

/**
 * A journaled request body keeps at most this many bytes (characters, for a
 * body given as text); `bodyTruncated` says when it was cut.
 */
export const JOURNAL_BODY_LIMIT = 4_096

/** A journaled header value keeps at most this many characters. */
export const JOURNAL_HEADER_LIMIT = 512

/** A journaled response keeps at most this many headers (the first ones). */
export const JOURNAL_RESPONSE_HEADERS = 64

/** The request headers a journal entry keeps; `authorization` is masked (`maskAuthorization`). */
export const JOURNALED_HEADERS = [
  'authorization',
  'content-type',
  'content-length',
  'accept',
  'prefer',
  'origin',
  'referer',
  'user-agent',
] as const

/**
 * One request the mock answered, as `GET /__mock/requests`, the `request`
 * events of `GET /__mock/events`, `petstore.requests()` and the JSON log show it.
 *
 * @example
 * const [entry]: Array<JournalEntry> = petstore.requests({ path: '/v1/pets', limit: 1 })
 * entry?.status // 200
 */
export interface JournalEntry {
  /** Increasing from 1 for the life of the mock; never reused, also not after a clear. */
  id: number
  /** When the request came in (ISO 8601, from the mock's clock). */
  time: string
  method: string
  /** The path, without the query. */
  path: string
  /** Query parameters; a repeated one as an array of its values. */
  query: Record<string, string | Array<string>>
  /** The route template the path matched (`/v1/pets/{petId}`), or `null`. */
  route: string | null
  /** Selected request headers (`JOURNALED_HEADERS`), `authorization` masked. */
  headers: Record<string, string>
  /** The request body as text (its first `JOURNAL_BODY_LIMIT` bytes), or `null`. */
  body: string | null
  bodyTruncated: boolean
  status: number
  /** The `code` of an Error answer, or `null`. */
  code: string | null
  /** Time spent answering, in ms. */
  durationMs: number
  /** What forced the status or delay, or `null`. */
  forced: ForcedBy | null
  /** The plan of the request's valid API key, or `null`. */
  plan: string | null
  /** Who answered: the mock, or the upstream behind `--proxy`. */
  answeredBy: 'mock' | 'upstream'
  /**
   * Why the mock answered in the upstream's place (`--proxy-fallback mock`:
   * `'unreachable'`, `'no-route'`), with its own data; `null` when it did not.
   */
  fallback: FallbackReason | null
  /** The rules of the spec the exchange broke, with check id, level, message and section; empty when none. */
  violations: Array<AnsweredViolation>
  /**
   * The answer: its headers (at most `JOURNAL_RESPONSE_HEADERS`, values cut
   * to `JOURNAL_HEADER_LIMIT`) and body as text (decoded when the upstream
   * compressed it; its first `JOURNAL_BODY_LIMIT` bytes), or `null` for none.
   */
  response: { headers: Record<string, string>; body: string | null; bodyTruncated: boolean }
  /** How long the upstream took to send its headers and then its body, in ms; `null` when the mock answered. */
  upstreamTimings: { waitMs: number; receiveMs: number } | null
}

/**
 * The path and query of an entry as one string, as it was requested.
 *
 * @example
 * pathWithQuery(entry) // '/v1/pets?limit=3'
 */
export function pathWithQuery(entry: Pick<JournalEntry, 'path' | 'query'>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(entry.query)) {
    for (const item of typeof value === 'string' ? [value] : value) search.append(name, item)
  }
  const text = search.toString()
  return text === '' ? entry.path : `${entry.path}?${text}`
}
