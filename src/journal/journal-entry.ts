import type { AnsweredRequest, AnsweredViolation, ForcedBy } from '../http/types.ts'
import { maskAuthorization } from '../keys/mask-key.ts'

/**
 * A journaled request body keeps at most this many bytes (characters, for a
 * body given as text); `bodyTruncated` says when it was cut.
 */
export const JOURNAL_BODY_LIMIT = 4_096

/** A journaled header value keeps at most this many characters. */
export const JOURNAL_HEADER_LIMIT = 512

/** A journaled response keeps at most this many headers (the first ones). */
export const JOURNAL_RESPONSE_HEADERS = 64

/** Decodes journaled bodies; bytes that are not UTF-8 show as U+FFFD. */
const TEXT = new TextDecoder()

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
 * What the journal holds of an answered request until the entry is read:
 * bounded raw parts (the selected header values as sent, the query as
 * received, bodies as text cut to `JOURNAL_BODY_LIMIT`, at most
 * `JOURNAL_RESPONSE_HEADERS` response headers). Under load nobody reads most
 * entries, so the JSON shape (`JournalEntry`) is built when one is first
 * read (header values cut, the key masked, the query parsed); recording
 * costs two small objects per request instead of seven.
 *
 * @example
 * const pending = new PendingEntry(7, answered)
 * pending.build().headers.authorization // 'Bearer sk_tes...'
 */
export class PendingEntry {
  readonly id: number
  readonly startedAt: number
  readonly method: string
  readonly path: string
  /** The query as received (parsed the same way when read), or as the transport parsed it. */
  readonly query: string | URLSearchParams
  readonly route: string | null
  readonly status: number
  readonly code: string | null
  readonly durationMs: number
  readonly forced: ForcedBy | null
  readonly plan: string | null
  readonly answeredBy: 'mock' | 'upstream'
  readonly violations: Array<AnsweredViolation>
  /** The values of `JOURNALED_HEADERS`, in that order. */
  readonly headerValues: Array<string | null>
  readonly body: string | null
  readonly bodyTruncated: boolean
  readonly responseHeaders: Record<string, string>
  readonly responseBody: string | null
  readonly responseBodyTruncated: boolean
  readonly upstreamTimings: { waitMs: number; receiveMs: number } | null

  constructor(id: number, answered: AnsweredRequest) {
    // Only what the entry shows is kept: not the request's header reader (it
    // holds the connection) nor the bodies as received.
    this.id = id
    this.startedAt = answered.startedAt
    this.method = answered.method
    this.path = answered.path
    this.query = answered.rawQuery ?? answered.query
    this.route = answered.route
    this.status = answered.status
    this.code = answered.code
    this.durationMs = answered.durationMs
    this.forced = answered.forced
    this.plan = answered.plan
    this.answeredBy = answered.answeredBy
    this.violations = answered.violations
    const headerValues: Array<string | null> = []
    for (const name of JOURNALED_HEADERS) headerValues.push(answered.headers.get(name))
    this.headerValues = headerValues
    this.body = boundedText(answered.body)
    this.bodyTruncated = answered.body !== null && answered.body.length > JOURNAL_BODY_LIMIT
    const { response, upstream } = answered
    this.responseBody = boundedText(response.body)
    this.responseBodyTruncated = response.body !== null && response.body.length > JOURNAL_BODY_LIMIT
    this.responseHeaders = boundedHeaders(response.headers)
    this.upstreamTimings =
      upstream === undefined
        ? null
        : { waitMs: round(upstream.waitMs), receiveMs: round(upstream.receiveMs) }
  }

  /** The entry as the journal shows it (a new object on each call). */
  build(): JournalEntry {
    const headers: Record<string, string> = {}
    JOURNALED_HEADERS.forEach((name, index) => {
      const value = this.headerValues[index]
      if (value === null || value === undefined) return
      headers[name] =
        name === 'authorization' ? maskOnce(value) : value.slice(0, JOURNAL_HEADER_LIMIT)
    })
    const query: Record<string, string | Array<string>> = {}
    const params = typeof this.query === 'string' ? new URLSearchParams(this.query) : this.query
    for (const [name, value] of params) {
      const seen = query[name]
      if (seen === undefined) query[name] = value
      else if (typeof seen === 'string') query[name] = [seen, value]
      else seen.push(value)
    }
    const responseHeaders: Record<string, string> = {}
    for (const [name, value] of Object.entries(this.responseHeaders)) {
      responseHeaders[name] = value.slice(0, JOURNAL_HEADER_LIMIT)
    }
    return {
      id: this.id,
      time: isoTime(this.startedAt),
      method: this.method,
      path: this.path,
      query,
      route: this.route,
      headers,
      body: this.body,
      bodyTruncated: this.bodyTruncated,
      status: this.status,
      code: this.code,
      durationMs: round(this.durationMs),
      forced: this.forced,
      plan: this.plan,
      answeredBy: this.answeredBy,
      violations: this.violations,
      response: {
        headers: responseHeaders,
        body: this.responseBody,
        bodyTruncated: this.responseBodyTruncated,
      },
      upstreamTimings: this.upstreamTimings,
    }
  }
}

/**
 * Makes the journal entry of an answered request: selected headers with the
 * bearer key masked, the body cut to `JOURNAL_BODY_LIMIT` characters.
 *
 * @example
 * const entry = toJournalEntry(7, answered)
 * entry.headers.authorization // 'Bearer sk_tes...'
 */
export function toJournalEntry(id: number, answered: AnsweredRequest): JournalEntry {
  return new PendingEntry(id, answered).build()
}

/** A body as text, its first `JOURNAL_BODY_LIMIT` bytes (characters for text), or `null` for none. */
function boundedText(body: Uint8Array | string | null): string | null {
  if (body === null || body.length === 0) return null
  const kept = body.length > JOURNAL_BODY_LIMIT ? body.slice(0, JOURNAL_BODY_LIMIT) : body
  return typeof kept === 'string' ? kept : TEXT.decode(kept)
}

/**
 * The response headers kept: the answer's own object when it has at most
 * `JOURNAL_RESPONSE_HEADERS` (it is made per request and not changed after),
 * else a copy of the first ones.
 */
function boundedHeaders(headers: Record<string, string>): Record<string, string> {
  let count = 0
  for (const _ in headers) {
    if (++count > JOURNAL_RESPONSE_HEADERS) break
  }
  if (count <= JOURNAL_RESPONSE_HEADERS) return headers
  const kept: Record<string, string> = {}
  count = 0
  for (const [name, value] of Object.entries(headers)) {
    if (count++ >= JOURNAL_RESPONSE_HEADERS) break
    kept[name] = value
  }
  return kept
}

/** ms to the microsecond. */
function round(ms: number): number {
  return Math.round(ms * 1000) / 1000
}

/** The last time turned into ISO text: requests under load share their millisecond. */
let lastTime = { ms: Number.NaN, iso: '' }

function isoTime(ms: number): string {
  if (ms !== lastTime.ms) lastTime = { ms, iso: new Date(ms).toISOString() }
  return lastTime.iso
}

/** The last credential masked: a client sends the same one request after request. */
let lastMask = { value: '', masked: '' }

function maskOnce(value: string): string {
  if (value !== lastMask.value) lastMask = { value, masked: maskAuthorization(value) }
  return lastMask.masked
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
