import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { answeredRequest } from '../../test-utils/answered-request.ts'
import { createJournal } from './create-journal.ts'
import { toHar } from './to-har.ts'

const pair = z.strictObject({ name: z.string(), value: z.string(), comment: z.string().optional() })
const optionalNumber = z.number().min(-1)

/**
 * The HAR 1.2 format's required fields and their types
 * (http://www.softwareishard.com/blog/har-12-spec/), with `_`-prefixed custom fields allowed.
 */
const Har12 = z.strictObject({
  log: z.strictObject({
    version: z.literal('1.2'),
    creator: z.strictObject({ name: z.string(), version: z.string() }),
    entries: z.array(
      z
        .object({
          startedDateTime: z.iso.datetime({ offset: true }),
          time: z.number().min(0),
          request: z.strictObject({
            method: z.string(),
            url: z.url(),
            httpVersion: z.string(),
            cookies: z.array(pair),
            headers: z.array(pair),
            queryString: z.array(pair),
            postData: z
              .strictObject({
                mimeType: z.string(),
                text: z.string(),
                comment: z.string().optional(),
              })
              .optional(),
            headersSize: z.number().int().min(-1),
            bodySize: z.number().int().min(-1),
          }),
          response: z.strictObject({
            status: z.number().int(),
            statusText: z.string(),
            httpVersion: z.string(),
            cookies: z.array(pair),
            headers: z.array(pair),
            content: z.strictObject({
              size: z.number().int().min(-1),
              mimeType: z.string(),
              text: z.string().optional(),
              comment: z.string().optional(),
            }),
            redirectURL: z.string(),
            headersSize: z.number().int().min(-1),
            bodySize: z.number().int().min(-1),
          }),
          cache: z.strictObject({}),
          timings: z.strictObject({
            blocked: optionalNumber,
            dns: optionalNumber,
            connect: optionalNumber,
            send: z.number().min(0),
            wait: z.number().min(0),
            receive: z.number().min(0),
            ssl: optionalNumber,
          }),
          comment: z.string().optional(),
        })
        .catchall(z.unknown())
        .refine(
          (entry) => Object.keys(entry).every((key) => key in Har12Entry || key.startsWith('_')),
          {
            message: 'only HAR fields and _custom fields',
          },
        ),
    ),
  }),
})
const Har12Entry = {
  startedDateTime: 1,
  time: 1,
  request: 1,
  response: 1,
  cache: 1,
  timings: 1,
  comment: 1,
  pageref: 1,
  serverIPAddress: 1,
  connection: 1,
}

describe('toHar', () => {
  it('turns journal entries into a valid HAR 1.2 log with masked keys, bounded bodies and timings', () => {
    const journal = createJournal({ size: 10 })
    journal.record(
      answeredRequest({
        method: 'POST',
        query: new URLSearchParams('limit=1&limit=2'),
        headers: new Headers({
          authorization: 'Bearer sk_live_secret_key',
          'content-type': 'application/json',
        }),
        body: '{"name":"Rex","categoryId":1}',
        status: 201,
        answeredBy: 'upstream',
        durationMs: 12,
        upstream: { waitMs: 8, receiveMs: 1 },
        response: {
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            'content-length': '30',
            location: '/v1/pets/7',
          },
          body: '{"id":7,"name":"Rex","categoryId":1}',
        },
        violations: [
          {
            check: 'create.valid',
            level: 'required',
            message: 'm',
            section: '§4.2',
            source: 'response',
          },
        ],
      }),
    )
    journal.record(
      answeredRequest({ response: { headers: {}, body: `{"message":"${'x'.repeat(5000)}"}` } }),
    )
    const har = toHar(journal.list(), 'http://127.0.0.1:4010')
    expect(Har12.safeParse(har).error).toBeUndefined()
    const [created, cut] = har.log.entries
    expect(created?.request.url).toBe('http://127.0.0.1:4010/v1/pets?limit=1&limit=2')
    expect(created?.request.queryString).toEqual([
      { name: 'limit', value: '1' },
      { name: 'limit', value: '2' },
    ])
    expect(created?.request.headers).toContainEqual({
      name: 'authorization',
      value: 'Bearer sk_liv...',
    })
    expect(JSON.stringify(har)).not.toContain('secret')
    expect(created?.request.postData).toEqual({
      mimeType: 'application/json',
      text: '{"name":"Rex","categoryId":1}',
    })
    expect(created?.response.headers.map((header) => header.name)).toEqual([
      'content-type',
      'location',
    ])
    expect(created?.response.redirectURL).toBe('/v1/pets/7')
    expect(created?.timings).toMatchObject({ blocked: 3, send: 0, wait: 8, receive: 1 })
    expect(created?.time).toBe(12)
    expect(created?._answeredBy).toBe('upstream')
    expect(created?._violations).toHaveLength(1)
    expect(cut?.response.content).toMatchObject({ comment: 'cut to the journal bound' })
    expect(cut?.response.content.text).toHaveLength(4096)
  })

  it('is what the schema test rejects when a required field is missing', () => {
    const har = toHar(createJournal().list(), 'http://localhost') as unknown as {
      log: Record<string, unknown>
    }
    expect(Har12.safeParse(har).success).toBe(true)
    delete har.log.creator
    expect(Har12.safeParse(har).success).toBe(false)
  })

  it('rounds timings to 3 decimals that add up to time, and gives sizes in bytes', () => {
    const journal = createJournal({ size: 10 })
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 60_000, noNaN: true }),
        fc.double({ min: 0, max: 60_000, noNaN: true }),
        fc.double({ min: 0, max: 60_000, noNaN: true }),
        (mock, waitMs, receiveMs) => {
          journal.clear()
          journal.record(
            answeredRequest({
              answeredBy: 'upstream',
              durationMs: mock + waitMs + receiveMs,
              upstream: { waitMs, receiveMs },
            }),
          )
          const [entry] = toHar(journal.list(), 'http://localhost').log.entries
          if (entry === undefined) throw new Error('no entry')
          const parts = [entry.timings.blocked, entry.timings.wait, entry.timings.receive]
          for (const part of [...parts, entry.time]) {
            expect(String(part)).toMatch(/^\d+(\.\d{1,3})?$/)
          }
          expect(Math.round(parts.reduce((a, b) => a + b) * 1000)).toBe(
            Math.round(entry.time * 1000),
          )
        },
      ),
      { seed: 28, numRuns: 200 },
    )
    journal.clear()
    journal.record(
      answeredRequest({
        answeredBy: 'upstream',
        durationMs: 12.611000000000001,
        upstream: { waitMs: 4.2, receiveMs: 0.8 },
        body: '{"name":"Rëx"}',
        headers: new Headers({ 'content-type': 'application/json' }),
        response: {
          headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: '{"name":"Rëx"}',
        },
      }),
    )
    journal.record(
      answeredRequest({
        response: { headers: { 'content-length': '9000' }, body: 'é'.repeat(4500) },
      }),
    )
    const [proxied, cut] = toHar(journal.list(), 'http://localhost').log.entries
    expect(proxied?.timings).toMatchObject({ blocked: 7.611, wait: 4.2, receive: 0.8 })
    expect(proxied?.time).toBe(12.611)
    // 15 bytes: 14 characters, ë two bytes in UTF-8.
    expect(proxied?.request.bodySize).toBe(15)
    expect(proxied?.response.content.size).toBe(15)
    // Compressed on the wire, with no Content-Length: the wire size is not known.
    expect(proxied?.response.bodySize).toBe(-1)
    expect(cut?.response.content.size).toBe(9000)
    expect(cut?.response.bodySize).toBe(9000)
  })
})
