import { describe, expect, it } from 'vitest'
import { answeredRequest } from '../../test-utils/answered-request.ts'
import { createJournal, MAX_JOURNAL_LISTENERS } from './create-journal.ts'
import { JOURNAL_BODY_LIMIT, pathWithQuery } from './journal-entry.ts'

describe('createJournal', () => {
  it('keeps the last `size` entries, counts the evicted, and keeps ids increasing after a clear', () => {
    const journal = createJournal({ size: 3 })
    for (let i = 0; i < 5; i++) journal.record(answeredRequest({ status: 200 + i }))
    expect(journal.list().map((entry) => entry.id)).toEqual([3, 4, 5])
    expect(journal.stats()).toEqual({ size: 3, capacity: 3, evicted: 2, lastId: 5 })
    journal.clear()
    expect(journal.list()).toEqual([])
    expect(journal.record(answeredRequest())).toBe(6)
    expect(journal.stats()).toEqual({ size: 1, capacity: 3, evicted: 0, lastId: 6 })
  })

  it('with size 0 keeps nothing but still tells listeners', () => {
    const journal = createJournal({ size: 0 })
    const seen: Array<number> = []
    journal.subscribe((entry) => seen.push(entry.id))
    journal.record(answeredRequest())
    expect(journal.list()).toEqual([])
    expect(seen).toEqual([1])
  })

  it('makes entries with the query, masked key, bounded body and everything the design names', () => {
    const journal = createJournal()
    const body = `{"name":"${'x'.repeat(JOURNAL_BODY_LIMIT + 10)}"}`
    journal.record(
      answeredRequest({
        method: 'POST',
        query: new URLSearchParams('limit=1&b=2&limit=3'),
        headers: new Headers({
          authorization: 'Bearer sk_test_business',
          'content-type': 'application/json',
          cookie: 'secret=1',
        }),
        body,
        status: 503,
        code: 'service_unavailable',
        forced: 'scenario',
      }),
    )
    const [entry] = journal.list()
    expect(entry).toEqual({
      id: 1,
      time: '2026-01-01T00:00:00.000Z',
      method: 'POST',
      path: '/v1/pets',
      query: { limit: ['1', '3'], b: '...' },
      route: '/v1/pets',
      headers: { authorization: 'Bearer sk_tes...', 'content-type': 'application/json' },
      body: body.slice(0, JOURNAL_BODY_LIMIT),
      // (a value under a field of the spec, cut: shown as it was kept)
      bodyTruncated: true,
      status: 503,
      code: 'service_unavailable',
      durationMs: 0.25,
      forced: 'scenario',
      plan: 'free',
      answeredBy: 'mock',
      fallback: null,
      violations: [],
      response: {
        headers: { 'content-type': 'application/json' },
        body: '[]',
        bodyTruncated: false,
      },
      upstreamTimings: null,
    })
    expect(entry && pathWithQuery(entry)).toBe('/v1/pets?limit=1&limit=3&b=...')
  })

  it('filters by method, path or route template, status or class, since and limit', () => {
    const journal = createJournal()
    journal.record(answeredRequest({ path: '/v1/pets/7', route: '/v1/pets/{petId}' }))
    journal.record(answeredRequest({ method: 'POST', status: 201 }))
    journal.record(answeredRequest({ status: 429, code: 'rate_limited' }))
    journal.record(answeredRequest({ path: '/v1/pets/8', route: '/v1/pets/{petId}', status: 404 }))
    journal.record(answeredRequest({ path: '/nope', route: null, status: 404 }))
    const ids = (filter: Parameters<typeof journal.list>[0]) =>
      journal.list(filter).map((entry) => entry.id)
    expect(ids({ method: 'post' })).toEqual([2])
    expect(ids({ path: '/v1/pets/{petId}' })).toEqual([1, 4])
    expect(ids({ path: '/v1/pets/8' })).toEqual([4])
    expect(ids({ status: 404 })).toEqual([4, 5])
    expect(ids({ status: '4xx' })).toEqual([3, 4, 5])
    expect(ids({ since: 2 })).toEqual([3, 4, 5])
    expect(ids({ since: 1, limit: 2 })).toEqual([2, 3])
    expect(ids({ limit: 2 })).toEqual([4, 5])
    expect(ids(new URLSearchParams('method=GET&status=4xx&limit=2'))).toEqual([4, 5])
  })

  it('refuses a bad filter with a 400 naming it', () => {
    const journal = createJournal({ size: 10 })
    expect(() => journal.list({ limit: 11 })).toThrow(
      'Journal filter "limit" must be a whole number from 1 to 10, got "11".',
    )
    expect(() => journal.list(new URLSearchParams('status=abc'))).toThrow(/"status"/)
    expect(() => journal.list(new URLSearchParams('sort=id'))).toThrow(
      '"sort" is not a journal filter; use method, path, status, since, limit, violations, answeredBy.',
    )
    expect(() => journal.list({ path: 'v1' })).toThrow(/"path" must be a path/)
  })

  it('waits for the next matching entry, or one already held after `since`', async () => {
    const journal = createJournal()
    journal.record(answeredRequest({ status: 404 }))
    const next = journal.waitFor({ status: 404 })
    journal.record(answeredRequest({ status: 200 }))
    journal.record(answeredRequest({ status: 404 }))
    expect((await next).id).toBe(3)
    expect((await journal.waitFor({ status: 404, since: 0 })).id).toBe(1)
  })

  it('rejects a wait with ERR_PETSTORE_WAIT_TIMEOUT, an abort, or a bad filter, leaving no listener', async () => {
    const journal = createJournal()
    await expect(journal.waitFor({ path: '/v1/pets' }, { timeout: 1 })).rejects.toMatchObject({
      code: 'ERR_PETSTORE_WAIT_TIMEOUT',
      message:
        '[petstore-mock] Failed to wait for a request: no request matched path=/v1/pets within 1 ms.',
    })
    const controller = new AbortController()
    const aborted = journal.waitFor({}, { signal: controller.signal })
    controller.abort(new Error('stop'))
    await expect(aborted).rejects.toThrow('stop')
    await expect(journal.waitFor({}, { timeout: 60_001 })).rejects.toMatchObject({
      code: 'ERR_PETSTORE_INVALID_FILTER',
    })
    await expect(journal.waitFor({ status: 'x' })).rejects.toMatchObject({
      code: 'ERR_PETSTORE_INVALID_FILTER',
    })
    let calls = 0
    journal.subscribe(() => calls++)
    journal.record(answeredRequest())
    expect(calls).toBe(1)
  })

  it('rejects a wait at the listener cap with ERR_PETSTORE_TOO_MANY_LISTENERS and arms no timer', async () => {
    const journal = createJournal()
    const unsubscribers = Array.from({ length: MAX_JOURNAL_LISTENERS }, () =>
      journal.subscribe(() => {}),
    )
    await expect(journal.waitFor({}, { timeout: 1 })).rejects.toMatchObject({
      name: 'PetstoreError',
      code: 'ERR_PETSTORE_TOO_MANY_LISTENERS',
      message: expect.stringMatching(
        /^\[petstore-mock\] Failed to wait for a request: At most 1000/,
      ),
    })
    // Before the fix the 1 ms timer still fired and threw outside any promise.
    await new Promise((resolve) => setTimeout(resolve, 20))
    for (const unsubscribe of unsubscribers) unsubscribe()
    const next = journal.waitFor({}, { timeout: 1_000 })
    journal.record(answeredRequest())
    expect((await next).id).toBe(1)
  })

  it('refuses a size out of range', () => {
    expect(() => createJournal({ size: -1 })).toThrow(/journalSize/)
    expect(() => createJournal({ size: 100_001 })).toThrow(/journalSize/)
  })
})
