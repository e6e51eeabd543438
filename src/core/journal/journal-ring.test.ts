import { describe, expect, it } from 'vitest'
import type { AnsweredRequest } from '../../base/http/types.ts'
import { answeredRequest } from '../../test-utils/answered-request.ts'
import { JOURNAL_BODY_LIMIT } from './journal-entry.ts'
import { JournalRing, toJournalEntry } from './journal-ring.ts'

/** A request of a client that sends the same key and Host each time, as the server reads them. */
function fromClient(overrides: Partial<AnsweredRequest> & { remaining?: string }) {
  const { remaining = '59', ...rest } = overrides
  return answeredRequest({
    rawQuery: 'limit=20',
    headers: new Headers({
      // A new string each time, as the HTTP parser makes them.
      authorization: ['Bearer', 'sk_test_free'].join(' '),
      'user-agent': `wrk/${4}`,
    }),
    response: {
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': remaining,
        'content-type': 'application/json',
      },
      body: '[{"id":1}]',
    },
    ...rest,
  })
}

describe('JournalRing', () => {
  it('shows every entry as an entry made on its own would be, whatever it shares with the one before', () => {
    const requests: Array<AnsweredRequest> = [
      fromClient({}),
      fromClient({ remaining: '58' }),
      fromClient({ remaining: '58', status: 429, code: 'rate_limited' }),
      fromClient({ remaining: '58', status: 429, code: 'rate_limited' }),
      fromClient({ rawQuery: 'limit=3&api_key=qsecret777', path: '/v1/pets' }),
      fromClient({ rawQuery: undefined, query: new URLSearchParams('status=sold') }),
      fromClient({
        method: 'POST',
        body: 'x'.repeat(JOURNAL_BODY_LIMIT + 1),
        violations: [
          {
            check: 'list.schema',
            level: 'required',
            message: 'no',
            section: '§4.1',
            source: 'response',
          },
        ],
        answeredBy: 'upstream',
        upstream: { waitMs: 1.23456, receiveMs: 0.5 },
      }),
      fromClient({ headers: new Headers(), response: { headers: {}, body: null } }),
      fromClient({}),
    ]
    // Smaller than the sequence: slots are written again.
    const ring = new JournalRing(3)
    requests.forEach((answered, index) => {
      const slot = index % ring.capacity
      ring.write(slot, index + 1, answered)
      expect(ring.id(slot)).toBe(index + 1)
      expect(ring.read(slot)).toEqual(toJournalEntry(index + 1, answered))
    })
  })

  it('hands out entries of their own when two slots share their raw parts', () => {
    const ring = new JournalRing(4)
    ring.write(0, 1, fromClient({ status: 429, code: 'rate_limited', remaining: '0' }))
    ring.write(1, 2, fromClient({ status: 429, code: 'rate_limited', remaining: '0' }))
    const [first, second] = [ring.read(0), ring.read(1)]
    expect(second).toEqual({ ...first, id: 2 })
    expect(second).not.toBe(first)
    expect(second.response.headers).not.toBe(first.response.headers)
    expect(second.violations).not.toBe(first.violations)
    second.violations.push({
      check: 'get.invalid-id',
      level: 'advisory',
      message: 'm',
      section: '§1',
      source: 'response',
    })
    expect(first.violations).toEqual([])
  })

  it('forgets every slot on clear and builds an entry again once its slot is written again', () => {
    const ring = new JournalRing(2)
    ring.write(0, 1, fromClient({}))
    const entry = ring.read(0)
    expect(ring.read(0)).toBe(entry)
    ring.clear()
    ring.write(0, 5, fromClient({ status: 404 }))
    expect(ring.read(0)).toMatchObject({ id: 5, status: 404 })
  })

  it('keeps query names such as constructor, __proto__ and toString as names, repeated ones as arrays', () => {
    const names = [...Object.getOwnPropertyNames(Object.prototype), 'prototype']
    const rawQuery = names.flatMap((name) => [`${name}=1`, `${name}=2`]).join('&')
    const entry = toJournalEntry(1, fromClient({ rawQuery }))
    expect(Object.keys(entry.query)).toEqual(names)
    // Names as sent; none is a parameter of the spec, so their values are masked.
    for (const name of names) expect(entry.query[name], name).toEqual(['...', '...'])
    const { query } = JSON.parse(JSON.stringify(entry))
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toEqual(['...', '...'])
  })
})
