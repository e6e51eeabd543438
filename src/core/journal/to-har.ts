import { type JournalEntry, pathWithQuery } from './journal-entry.ts'

/**
 * The body of the HAR an export holds: a HAR 1.2 `log` (http://www.softwareishard.com/blog/har-12-spec/).
 *
 * @example
 * const har: Har = toHar(petstore.requests(), 'http://127.0.0.1:4010')
 * har.log.version // '1.2'
 */
export interface Har {
  log: {
    version: '1.2'
    creator: { name: string; version: string }
    entries: Array<HarEntry>
  }
}

interface HarPair {
  name: string
  value: string
}

/**
 * One exchange in a HAR: what the journal holds of it (headers selected,
 * `Authorization` masked, bodies within the journal's bound), plus who
 * answered and the rules broken as `_answeredBy` and `_violations`.
 *
 * @example
 * const [entry]: Array<HarEntry> = toHar(petstore.requests(), origin).log.entries
 * entry?.response.status // 200
 */
export interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    cookies: Array<HarPair>
    headers: Array<HarPair>
    queryString: Array<HarPair>
    postData?: { mimeType: string; text: string; comment?: string }
    headersSize: number
    bodySize: number
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    cookies: Array<HarPair>
    headers: Array<HarPair>
    content: { size: number; mimeType: string; text?: string; comment?: string }
    redirectURL: string
    headersSize: number
    bodySize: number
  }
  cache: Record<string, never>
  timings: {
    blocked: number
    dns: number
    connect: number
    send: number
    wait: number
    receive: number
    ssl: number
  }
  _answeredBy: JournalEntry['answeredBy']
  _violations: JournalEntry['violations']
  comment?: string
}

/** Headers that describe the bytes on the wire: a HAR holds the body decoded, so they are left out. */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding'])

const CUT = 'cut to the journal bound'

/** A body the proxy could not decode within its bounds (a bomb, a broken or unknown encoding). */
const NOT_DECODED = "not kept: it could not be decoded within the proxy's bounds"

/**
 * The version of the HAR export's own shape (its `_answeredBy` and
 * `_violations` fields), as `log.creator.version`.
 *
 * @example
 * HAR_EXPORT_VERSION // '1'
 */
export const HAR_EXPORT_VERSION = '1'

/**
 * Turns journal entries into a HAR 1.2 document (`GET /__mock/requests.har`,
 * `petstore.toHar()`), URLs under `origin`. Bodies are the journal's (the
 * first 4096 bytes, decoded), so a replay of a cut body is cut too; each cut
 * one says so in its `comment`. Timings: `wait` is the upstream's time to its
 * headers (the mock's whole time when it answered), `receive` the body's; each
 * to 3 decimals, and `time` is their sum. Sizes are in bytes (`content.size`
 * the decoded body's; `bodySize` -1 where the wire size is not known).
 *
 * @example
 * const har = toHar(petstore.requests(), 'http://127.0.0.1:4010')
 * har.log.entries[0].request.url // 'http://127.0.0.1:4010/v1/pets'
 */
export function toHar(entries: ReadonlyArray<JournalEntry>, origin: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'petstore-mock', version: HAR_EXPORT_VERSION },
      entries: entries.map((entry) => toHarEntry(entry, origin)),
    },
  }
}

function toHarEntry(entry: JournalEntry, origin: string): HarEntry {
  const requestType = entry.headers['content-type'] ?? 'application/json'
  const responseHeaders = pairs(entry.response.headers).filter(
    ({ name }) => !WIRE_HEADERS.has(name),
  )
  const responseType = entry.response.headers['content-type'] ?? ''
  // The mock's own time is `blocked` (before sending upstream); without an
  // upstream, it is all `wait`. Counted in whole microseconds, so that the
  // parts are shown to 3 decimals and `time` is exactly their sum.
  const wait = micros(entry.upstreamTimings?.waitMs ?? entry.durationMs)
  const receive = micros(entry.upstreamTimings?.receiveMs ?? 0)
  const blocked =
    entry.upstreamTimings === null ? 0 : Math.max(0, micros(entry.durationMs) - wait - receive)
  const harEntry: HarEntry = {
    startedDateTime: entry.time,
    time: (blocked + wait + receive) / 1000,
    request: {
      method: entry.method,
      url: `${origin}${pathWithQuery(entry)}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(entry.headers),
      queryString: Object.entries(entry.query).flatMap(([name, value]) =>
        (typeof value === 'string' ? [value] : value).map((item) => ({ name, value: item })),
      ),
      headersSize: -1,
      bodySize: wireSize(entry.body, entry.bodyTruncated, entry.headers),
    },
    response: {
      status: entry.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: {
        size: contentSize(entry.response),
        mimeType: responseType,
        ...(entry.response.body === null ? {} : { text: entry.response.body }),
        ...(entry.response.bodyTruncated
          ? { comment: entry.response.body === null ? NOT_DECODED : CUT }
          : {}),
      },
      redirectURL: entry.response.headers.location ?? '',
      headersSize: -1,
      bodySize: wireSize(entry.response.body, entry.response.bodyTruncated, entry.response.headers),
    },
    cache: {},
    timings: {
      blocked: blocked / 1000,
      dns: -1,
      connect: -1,
      send: 0,
      wait: wait / 1000,
      receive: receive / 1000,
      ssl: -1,
    },
    _answeredBy: entry.answeredBy,
    _violations: entry.violations,
  }
  if (entry.body !== null) {
    harEntry.request.postData = {
      mimeType: requestType,
      text: entry.body,
      ...(entry.bodyTruncated ? { comment: CUT } : {}),
    }
  }
  return harEntry
}

/** A duration in ms as whole microseconds (a HAR shows ms to 3 decimals). */
function micros(ms: number): number {
  return Math.max(0, Math.round(ms * 1000))
}

const UTF8 = new TextEncoder()

/**
 * The size in bytes of a body as the journal holds it, decoded (HAR's
 * `content.size`): its UTF-8 length; for a cut body sent unencoded, the
 * declared `Content-Length` (else the bytes kept: the `comment` says it was cut).
 */
function contentSize(response: JournalEntry['response']): number {
  if (response.body === null) return 0
  const unencoded = (response.headers['content-encoding'] ?? 'identity') === 'identity'
  const declared =
    response.bodyTruncated && unencoded ? declaredLength(response.headers) : undefined
  return declared ?? UTF8.encode(response.body).byteLength
}

/**
 * The size in bytes of a body on the wire (HAR's `bodySize`): the declared
 * `Content-Length`; else, for a whole body sent unencoded, its UTF-8 length;
 * else -1 (HAR's "unknown": a cut body, or one compressed on the wire).
 */
function wireSize(
  body: string | null,
  truncated: boolean,
  headers: Record<string, string>,
): number {
  if (body === null) return 0
  const declared = declaredLength(headers)
  if (declared !== undefined) return declared
  if (truncated || (headers['content-encoding'] ?? 'identity') !== 'identity') return -1
  return UTF8.encode(body).byteLength
}

/** The `Content-Length` header, when it is one whole number. */
function declaredLength(headers: Record<string, string>): number | undefined {
  const value = headers['content-length']
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined
}

function pairs(record: Record<string, string>): Array<HarPair> {
  return Object.entries(record).map(([name, value]) => ({ name, value }))
}
