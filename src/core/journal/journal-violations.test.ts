import { describe, expect, it } from 'vitest'
import type { AnsweredViolation } from '../../base/http/types.ts'
import { formatLogLine } from '../../cli/format-log-line.ts'
import { answeredRequest } from '../../test-utils/answered-request.ts'
import { createJournal } from './create-journal.ts'
import {
  JOURNAL_BODY_LIMIT,
  JOURNAL_HEADER_LIMIT,
  JOURNAL_RESPONSE_HEADERS,
} from './journal-entry.ts'
import { toJournalEntry } from './journal-ring.ts'

const schema: AnsweredViolation = {
  check: 'list.schema',
  level: 'required',
  message: 'items[0].id: expected an integer',
  section: '§4.1',
  source: 'response',
}
const limit: AnsweredViolation = {
  check: 'request.limit',
  level: 'required',
  message: "The caller's request is not as the spec states: limit must be 1 to 100.",
  section: '§4.1, §8',
  source: 'request',
}
const headers: AnsweredViolation = {
  check: 'ratelimit.headers',
  level: 'required',
  message: 'X-RateLimit-Reset missing',
  section: '§8',
  source: 'response',
}

describe('the journal and violations', () => {
  it('filters on violations and on who answered', () => {
    const journal = createJournal({ size: 10 })
    journal.record(answeredRequest({ answeredBy: 'upstream', violations: [schema] }))
    journal.record(answeredRequest({ answeredBy: 'upstream' }))
    journal.record(answeredRequest())
    const ids = (filter: Parameters<typeof journal.list>[0]) =>
      journal.list(filter).map((e) => e.id)
    expect(ids({ violations: true })).toEqual([1])
    expect(ids(new URLSearchParams('violations=1'))).toEqual([1])
    expect(ids(new URLSearchParams('violations=0'))).toEqual([2, 3])
    expect(ids({ answeredBy: 'upstream' })).toEqual([1, 2])
    expect(() => journal.list(new URLSearchParams('violations=yes'))).toThrow(
      'Journal filter "violations" must be 1 (true) or 0 (false), got "yes".',
    )
  })

  it('summarises per check id: count, first and last entry, level and section; a clear empties it', () => {
    const journal = createJournal({ size: 2 })
    journal.record(answeredRequest({ violations: [schema, { ...schema, message: 'again' }] }))
    journal.record(answeredRequest())
    journal.record(answeredRequest({ violations: [schema, headers] }))
    journal.record(answeredRequest({ violations: [headers] }))
    expect(journal.violations()).toEqual({
      'list.schema': {
        count: 2,
        firstId: 1,
        lastId: 3,
        level: 'required',
        section: '§4.1',
        source: 'response',
      },
      'ratelimit.headers': {
        count: 2,
        firstId: 3,
        lastId: 4,
        level: 'required',
        section: '§8',
        source: 'response',
      },
    })
    journal.clear()
    expect(journal.violations()).toEqual({})
  })

  it('keeps the response bounded: headers counted and cut, the body cut and marked', () => {
    const journal = createJournal({ size: 1 })
    const many = Object.fromEntries(
      Array.from({ length: JOURNAL_RESPONSE_HEADERS + 5 }, (_, i) => [`x-h${i}`, 'v'.repeat(600)]),
    )
    // Shown headers among them: the first is kept (cut), the one past the bound is not read.
    const first = { etag: 'v'.repeat(600), ...many, 'content-type': 'application/json' }
    journal.record(
      answeredRequest({
        response: { headers: first, body: `{"message":"${'b'.repeat(JOURNAL_BODY_LIMIT + 1)}"}` },
      }),
    )
    const [entry] = journal.list()
    if (entry === undefined) throw new Error('the entry was not kept')
    expect(Object.keys(entry.response.headers)).toEqual(['etag'])
    expect(entry.response.headers.etag).toHaveLength(JOURNAL_HEADER_LIMIT)
    expect(entry.response.body).toHaveLength(JOURNAL_BODY_LIMIT)
    expect(entry.response.bodyTruncated).toBe(true)
  })

  it('writes who answered and the broken checks on the log line', () => {
    const proxied = toJournalEntry(
      1,
      answeredRequest({
        answeredBy: 'upstream',
        durationMs: 41,
        violations: [schema, headers, schema],
      }),
    )
    expect(formatLogLine(proxied)).toBe(
      'GET /v1/pets 200 upstream 41.0ms ✗ list.schema ratelimit.headers',
    )
    expect(formatLogLine(toJournalEntry(2, answeredRequest()))).toBe('GET /v1/pets 200 0.3ms')
  })

  it("tells the caller's mistakes from the upstream's violations: summary, filter and log line", () => {
    const journal = createJournal({ size: 10 })
    journal.record(answeredRequest({ answeredBy: 'upstream', violations: [limit] }))
    journal.record(answeredRequest({ answeredBy: 'upstream', violations: [schema, limit] }))
    expect(journal.violations()['request.limit']).toMatchObject({ count: 2, source: 'request' })
    expect(Object.keys(journal.violations('response'))).toEqual(['list.schema'])
    expect(Object.keys(journal.violations('request'))).toEqual(['request.limit'])
    const [mistaken, both] = journal.list()
    if (mistaken === undefined || both === undefined) throw new Error('entries not kept')
    expect(formatLogLine(mistaken)).toBe(
      'GET /v1/pets 200 upstream 0.3ms · your request: request.limit',
    )
    expect(formatLogLine(both)).toBe(
      'GET /v1/pets 200 upstream 0.3ms ✗ list.schema · your request: request.limit',
    )
  })

  it("marks an answer the mock gave in the upstream's place, in the entry and the log line", () => {
    const journal = createJournal({ size: 10 })
    journal.record(answeredRequest({ path: '/v1/store/orders', fallback: 'unreachable' }))
    journal.record(answeredRequest({ answeredBy: 'upstream' }))
    const [fallback, proxied] = journal.list()
    expect(fallback?.fallback).toBe('unreachable')
    expect(proxied?.fallback).toBeNull()
    if (fallback === undefined) throw new Error('entry not kept')
    expect(formatLogLine(fallback)).toBe('GET /v1/store/orders 200 fallback:unreachable 0.3ms')
    expect(JSON.parse(JSON.stringify(fallback))).toMatchObject({
      answeredBy: 'mock',
      fallback: 'unreachable',
    })
  })
})
