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
 * headers (the mock's whole time when it answered), `receive` the body's.
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
  // The mock's own time is `blocked` (before sending upstream); without an upstream, it is all `wait`.
  const wait = entry.upstreamTimings?.waitMs ?? entry.durationMs
  const receive = entry.upstreamTimings?.receiveMs ?? 0
  const blocked =
    entry.upstreamTimings === null ? 0 : Math.max(0, entry.durationMs - wait - receive)
  const harEntry: HarEntry = {
    startedDateTime: entry.time,
    time: blocked + wait + receive,
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
      bodySize: entry.body === null ? 0 : -1,
    },
    response: {
      status: entry.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: {
        size: entry.response.body === null ? 0 : -1,
        mimeType: responseType,
        ...(entry.response.body === null ? {} : { text: entry.response.body }),
        ...(entry.response.bodyTruncated
          ? { comment: entry.response.body === null ? NOT_DECODED : CUT }
          : {}),
      },
      redirectURL: entry.response.headers.location ?? '',
      headersSize: -1,
      bodySize: entry.response.body === null ? 0 : -1,
    },
    cache: {},
    timings: { blocked, dns: -1, connect: -1, send: 0, wait, receive, ssl: -1 },
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

function pairs(record: Record<string, string>): Array<HarPair> {
  return Object.entries(record).map(([name, value]) => ({ name, value }))
}
