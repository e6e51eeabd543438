import type { AnsweredRequest, AnsweredViolation, ForcedBy } from '../../base/http/types.ts'
import { isPlainObject } from '../../utils/is-plain-object.ts'
import { nameRecord } from '../../utils/name-record.ts'
import { maskAuthorization } from '../plans/mask-key.ts'
import {
  JOURNAL_BODY_LIMIT,
  JOURNAL_HEADER_LIMIT,
  JOURNAL_RESPONSE_HEADERS,
  JOURNALED_HEADERS,
  type JournalEntry,
} from './journal-entry.ts'
import {
  type Hidden,
  SHOWN_REQUEST_FIELDS,
  SHOWN_RESPONSE_FIELDS,
  shownBody,
  shownParam,
  shownResponseHeader,
  shownUrl,
  withoutEchoes,
} from './shown.ts'

/** Decodes journaled bodies; bytes that are not UTF-8 show as U+FFFD. */
const TEXT = new TextDecoder()

/** The numbers of a slot, in `#numbers`: id, start time, duration, status. */
const NUMBERS = 4
/** The references of a slot, in `#refs`, at these offsets (the journaled header values last). */
const REF = {
  method: 0,
  path: 1,
  query: 2,
  route: 3,
  code: 4,
  forced: 5,
  plan: 6,
  answeredBy: 7,
  violations: 8,
  body: 9,
  responseHeaders: 10,
  responseBody: 11,
  upstreamTimings: 12,
  fallback: 13,
  headers: 14,
} as const
const REFS = REF.headers + JOURNALED_HEADERS.length
const BODY_TRUNCATED = 1
const RESPONSE_BODY_TRUNCATED = 2
/** A slot's violations when there are none (its entry gets an array of its own). */
const NONE: Array<AnsweredViolation> = []

/**
 * Where the journal keeps what it recorded: `capacity` slots of bounded raw
 * parts (the selected header values as sent, the query as received, bodies
 * as text cut to `JOURNAL_BODY_LIMIT`, at most `JOURNAL_RESPONSE_HEADERS`
 * response headers), in columns: numbers in one typed array, references in
 * one array. Under load nobody reads most entries, and each outlives many
 * young-generation collections: so the ring makes no object for an entry (its
 * parts are kept as the request and its answer hold them: the response's
 * headers and the upstream's timings are the request's own objects), and a
 * part equal to the one of the slot written before (the same key, path,
 * query, route) is kept once. The JSON shape (`JournalEntry`) is
 * built when a slot is first read (header values cut, the key masked, the
 * query parsed, its credentials masked) and kept until the slot is written
 * again.
 *
 * @example
 * const ring = new JournalRing(100)
 * ring.write(0, 7, answered)
 * ring.read(0).headers.authorization // 'Bearer sk_tes...'
 */
export class JournalRing {
  readonly capacity: number
  readonly #numbers: Float64Array
  readonly #flags: Uint8Array
  /** Grown slot by slot as slots are first written (so an unused capacity costs little). */
  readonly #refs: Array<unknown> = []
  readonly #built: Array<JournalEntry | undefined> = []
  /** The slot written last, whose parts the next one may share; -1 for none. */
  #last = -1

  constructor(capacity: number) {
    this.capacity = capacity
    this.#numbers = new Float64Array(capacity * NUMBERS)
    this.#flags = new Uint8Array(capacity)
  }

  /** Records an answered request as entry `id` in `slot`, replacing what it held. */
  write(slot: number, id: number, answered: AnsweredRequest): void {
    const refs = this.#refs
    const base = slot * REFS
    while (refs.length < base + REFS) refs.push(undefined)
    while (this.#built.length <= slot) this.#built.push(undefined)
    this.#built[slot] = undefined
    const numbers = slot * NUMBERS
    this.#numbers[numbers] = id
    this.#numbers[numbers + 1] = answered.startedAt
    this.#numbers[numbers + 2] = answered.durationMs
    this.#numbers[numbers + 3] = answered.status
    const before = this.#last === -1 ? -1 : this.#last * REFS
    this.#last = slot
    // Only what the entry shows is kept: not the request's header reader (it
    // holds the connection) nor the bodies as received.
    const put = (offset: number, value: unknown) => {
      refs[base + offset] = before === -1 ? value : shared(value, refs[before + offset])
    }
    put(REF.method, answered.method)
    put(REF.path, answered.path)
    put(REF.query, answered.rawQuery ?? answered.query)
    put(REF.route, answered.route)
    put(REF.code, answered.code)
    put(REF.forced, answered.forced)
    put(REF.plan, answered.plan)
    put(REF.answeredBy, answered.answeredBy)
    put(REF.fallback, answered.fallback ?? null)
    refs[base + REF.violations] = answered.violations.length === 0 ? NONE : answered.violations
    for (let index = 0; index < JOURNALED_HEADERS.length; index++) {
      put(REF.headers + index, answered.headers.get(JOURNALED_HEADERS[index] as string))
    }
    const { response, upstream } = answered
    put(REF.body, boundedText(answered.body))
    put(REF.responseBody, boundedText(response.body))
    put(REF.responseHeaders, boundedHeaders(response.headers))
    refs[base + REF.upstreamTimings] =
      upstream === undefined
        ? null
        : { waitMs: round(upstream.waitMs), receiveMs: round(upstream.receiveMs) }
    this.#flags[slot] =
      (answered.body !== null && answered.body.length > JOURNAL_BODY_LIMIT ? BODY_TRUNCATED : 0) |
      ((response.body !== null && response.body.length > JOURNAL_BODY_LIMIT) ||
      upstream?.bodyTruncated === true
        ? RESPONSE_BODY_TRUNCATED
        : 0)
  }

  /** The id of the entry in `slot`. */
  id(slot: number): number {
    return this.#numbers[slot * NUMBERS] as number
  }

  /** The entry in `slot` as the journal shows it, built when first read. */
  read(slot: number): JournalEntry {
    const built = this.#built[slot]
    if (built !== undefined) return built
    const entry = this.#build(slot)
    this.#built[slot] = entry
    return entry
  }

  /** Forgets every slot. */
  clear(): void {
    this.#refs.length = 0
    this.#built.length = 0
    this.#last = -1
  }

  #build(slot: number): JournalEntry {
    const refs = this.#refs
    const base = slot * REFS
    const numbers = slot * NUMBERS
    const flags = this.#flags[slot] as number
    // What is shown is chosen (`shown.ts`); what a request hid is masked in its answer's echoes too.
    const hidden: Hidden = new Set()
    const headers = nameRecord<string>()
    JOURNALED_HEADERS.forEach((name, index) => {
      const value = refs[base + REF.headers + index] as string | null
      if (value === null || value === undefined) return
      headers[name] = shownRequestHeader(name, value, hidden)
    })
    const query = nameRecord<string | Array<string>>()
    const rawQuery = refs[base + REF.query] as string | URLSearchParams
    const params = typeof rawQuery === 'string' ? new URLSearchParams(rawQuery) : rawQuery
    for (const [name, sent] of params) {
      const value = shownParam(name, sent, hidden)
      const seen = query[name]
      if (seen === undefined) query[name] = value
      else if (typeof seen === 'string') query[name] = [seen, value]
      else seen.push(value)
    }
    const body = refs[base + REF.body] as string | null
    const shownRequestBody = body === null ? null : shownBody(body, SHOWN_REQUEST_FIELDS, hidden)
    const responseHeaders = nameRecord<string>()
    for (const [name, value] of Object.entries(
      refs[base + REF.responseHeaders] as Record<string, string>,
    )) {
      const shown = shownResponseHeader(name, value.slice(0, JOURNAL_HEADER_LIMIT))
      if (shown !== undefined) responseHeaders[name] = withoutEchoes(shown, hidden)
    }
    const responseBody = refs[base + REF.responseBody] as string | null
    const shownResponseBody =
      responseBody === null
        ? null
        : withoutEchoes(shownBody(responseBody, SHOWN_RESPONSE_FIELDS, hidden), hidden)
    // A rule's message may quote what the request or the answer held.
    const held = refs[base + REF.violations] as Array<AnsweredViolation>
    const violations =
      held === NONE || hidden.size === 0
        ? held
        : held.map((violation) => ({
            ...violation,
            message: withoutEchoes(violation.message, hidden),
          }))
    return {
      id: this.#numbers[numbers] as number,
      time: isoTime(this.#numbers[numbers + 1] as number),
      method: refs[base + REF.method] as string,
      path: refs[base + REF.path] as string,
      query,
      route: refs[base + REF.route] as string | null,
      headers,
      body: shownRequestBody,
      bodyTruncated: (flags & BODY_TRUNCATED) !== 0,
      status: this.#numbers[numbers + 3] as number,
      code: refs[base + REF.code] as string | null,
      durationMs: round(this.#numbers[numbers + 2] as number),
      forced: refs[base + REF.forced] as ForcedBy | null,
      plan: refs[base + REF.plan] as string | null,
      answeredBy: refs[base + REF.answeredBy] as 'mock' | 'upstream',
      fallback: refs[base + REF.fallback] as JournalEntry['fallback'],
      violations: violations === NONE ? [] : violations,
      response: {
        headers: responseHeaders,
        body: shownResponseBody,
        bodyTruncated: (flags & RESPONSE_BODY_TRUNCATED) !== 0,
      },
      upstreamTimings: refs[base + REF.upstreamTimings] as JournalEntry['upstreamTimings'],
    }
  }
}

/**
 * Makes the journal entry of an answered request: selected headers with the
 * bearer key masked, and what is shown of the query, the bodies and the
 * response headers chosen (`shown.ts`),
 * the body cut to its first `JOURNAL_BODY_LIMIT` bytes (characters, for a body given as text).
 *
 * @example
 * const entry = toJournalEntry(7, answered)
 * entry.headers.authorization // 'Bearer sk_tes...'
 */
export function toJournalEntry(id: number, answered: AnsweredRequest): JournalEntry {
  const ring = new JournalRing(1)
  ring.write(0, id, answered)
  return ring.read(0)
}

/**
 * `value`, or `before` when it says the same (a string of the same text, a
 * header record of the same headers in the same order): the copy made for
 * this request then dies young, instead of being kept beside its twin.
 */
function shared(value: unknown, before: unknown): unknown {
  if (value === before) return before
  if (!isPlainObject(value) || !isPlainObject(before)) return value
  const names = Object.keys(value)
  const others = Object.keys(before)
  if (names.length !== others.length) return value
  for (let index = 0; index < names.length; index++) {
    const name = names[index] as string
    if (name !== others[index] || value[name] !== before[name]) return value
  }
  return before
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
  const kept = nameRecord<string>()
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

/**
 * A journaled request header as shown: `Authorization` by its scheme and a
 * short prefix (its credential hidden), an `Origin` as a browser sends it as
 * sent, `Referer` and any other `Origin` as URLs (`shownUrl`), the others cut
 * to `JOURNAL_HEADER_LIMIT`.
 */
function shownRequestHeader(name: string, value: string, hidden: Hidden): string {
  if (name === 'authorization') {
    const credential = value.trim().split(/\s+/).at(-1)
    if (credential !== undefined) hidden.add(credential)
    return maskOnce(value)
  }
  // An origin as a browser sends it (or `null`) carries nothing to hide: shown as sent.
  if (name === 'origin' && (value === 'null' || isOrigin(value))) return value
  if (name === 'referer' || name === 'origin')
    return shownUrl(value.slice(0, JOURNAL_HEADER_LIMIT), hidden)
  return value.slice(0, JOURNAL_HEADER_LIMIT)
}

/** Whether `value` is an origin as a browser sends it (scheme, host, port; nothing else). */
function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value
  } catch {
    return false
  }
}

/** The last credential masked: a client sends the same one request after request. */
let lastMask = { value: '', masked: '' }

function maskOnce(value: string): string {
  if (value !== lastMask.value) lastMask = { value, masked: maskAuthorization(value) }
  return lastMask.masked
}
