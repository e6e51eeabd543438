import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withFetch } from '../../adapter/fetch/fetch-transport.ts'
import { createPetstoreCore } from '../../app/create-petstore-core.ts'
import { countItems } from './classify-answer.ts'

/**
 * The list states (empty, last page, full page) are read from how many items
 * an answer holds: for the mock's own lists, from the count the list
 * operation gives (`MockResponse.items`, no scan of the body); for an
 * upstream's, counted in its body (`countItems`). Both must agree with the
 * JSON itself, whatever the query, the data and the body.
 */

const SEED = 20_261_129
const STATES = ['listPets:200:empty', 'listPets:200:last-page', 'listPets:200:page-full']

describe('the items of a list answer', () => {
  it("the mock's own count meets the state its body shows, for any limit, filter and data", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.oneof(fc.integer({ min: -2, max: 120 }), fc.constant(Number.NaN)),
        fc.constantFrom(undefined, 'available', 'pending', 'sold', 'lost'),
        fc.constantFrom('GET', 'HEAD'),
        async (pets, limit, status, method) => {
          const core = withFetch(createPetstoreCore({ seed: 7, pets }))
          await core.ready
          const query = new URLSearchParams()
          if (!Number.isNaN(limit)) query.set('limit', String(limit))
          if (status !== undefined) query.set('status', status)
          const response = await core.fetch(
            new Request(`http://localhost/v1/pets?${query}`, {
              method,
              headers: { authorization: 'Bearer sk_test_enterprise' },
            }),
          )
          const met = core
            .coverage()
            .cells.filter((cell) => cell.met > 0)
            .map((cell) => cell.id)
          if (response.status !== 200) {
            expect(met.some((id) => STATES.includes(id))).toBe(false)
            return
          }
          if (method === 'HEAD') {
            // No body reached the client: no page state is met by guess.
            expect(met.filter((id) => STATES.includes(id))).toEqual([])
            return
          }
          const items = ((await response.json()) as Array<unknown>).length
          const asked = Number.isNaN(limit) ? 20 : limit
          const state = items === 0 ? 'empty' : items >= asked ? 'page-full' : 'last-page'
          expect(met.filter((id) => STATES.includes(id))).toEqual([`listPets:200:${state}`])
        },
      ),
      { seed: SEED, numRuns: 120 },
    )
  })

  it('countItems agrees with JSON.parse on any JSON, however it is spaced, and never throws on any text', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom(undefined, 1, '\t', ' \r\n'),
        (value, atMost, space) => {
          const text = ` ${JSON.stringify(value, null, space)}\n`
          const expected = Array.isArray(value) ? Math.min(value.length, atMost) : undefined
          expect(countItems(text, atMost)).toBe(expected)
          expect(countItems(new TextEncoder().encode(text), atMost)).toBe(expected)
        },
      ),
      { seed: SEED, numRuns: 500 },
    )
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.integer({ min: 1, max: 120 }),
        (text, atMost) => {
          const count = countItems(text, atMost)
          expect(
            count === undefined || (Number.isInteger(count) && count >= 0 && count <= atMost),
          ).toBe(true)
        },
      ),
      { seed: SEED, numRuns: 500 },
    )
  })
})
