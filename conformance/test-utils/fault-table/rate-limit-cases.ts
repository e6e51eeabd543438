import { expect } from 'vitest'
import type { ConformanceResult } from '../../model/types.ts'
import { type FaultGroup, SMALL_WINDOW_RUN } from '../fault-cases.ts'

/** The outcome of each operation's result of a check, as `operation outcome`. */
const outcomes = (result: ConformanceResult, id: string) =>
  result.results.filter((item) => item.id === id).map((item) => `${item.operation} ${item.outcome}`)

/**
 * The pacing notes of a run against a server that omits
 * `X-RateLimit-Remaining` on getPet only: said once for getPet and once for
 * the spellings of its path (sent as `other`), precisely; the check names
 * those two alone.
 */
function pacingSaidOnce(result: ConformanceResult, notes: ReadonlyArray<string>) {
  expect(notes.filter((text) => text.includes('the key: '))).toEqual([
    '[petstore-conformance] the key: pacing by the X-RateLimit-Remaining and X-RateLimit-Reset headers',
    '[petstore-conformance] the key: pacing at 60 requests a minute after such answers: answers to getPet lack X-RateLimit-Remaining (they send X-RateLimit-Limit and X-RateLimit-Reset)',
    // The spellings of getPet's path (shape.path-spelling) are sent as `other`: their answers lack it too.
    '[petstore-conformance] the key: pacing at 60 requests a minute after such answers: answers to other lack X-RateLimit-Remaining (they send X-RateLimit-Limit and X-RateLimit-Reset)',
  ])
  expect(notes.join('\n')).not.toContain('no X-RateLimit-* headers')
  const failed = result.results.filter(
    (entry) => entry.id === 'ratelimit.headers' && entry.outcome === 'failed',
  )
  expect(failed.map((entry) => entry.operation)).toEqual(['getPet', 'other'])
}

/**
 * The fault cases of `FAULT_TABLE['rate-limit']`, run by `conformance/faults/faults-rate-limit.test.ts`.
 *
 * @example
 * faultGroups(rateLimitCases)
 */
export const rateLimitCases: Array<FaultGroup> = [
  {
    title: 'rate-limit headers, seen by a default run',
    cases: [
      { fault: 'no-rate-limit-headers-on-201' },
      {
        fault: 'no-remaining-on-get',
        shows: 'the pacing notes say so once, precisely',
        inspect: pacingSaidOnce,
      },
      { fault: 'reset-is-window-start' },
      {
        fault: 'remaining-never-changes',
      },
      {
        fault: 'orders-not-counted',
        mayFail: ['ratelimit.counts-overlapping'],
        shows:
          'the orders and the spellings of their path fail remaining-decreases, no other operation',
        inspect: (result) =>
          expect(
            result.results
              .filter((item) => item.id === 'ratelimit.remaining-decreases')
              .map((item) => `${item.operation} ${item.outcome}`),
          ).toEqual([
            'listPets passed',
            'createPet passed',
            'getPet passed',
            'listOrders failed',
            // The spellings of the orders' path (shape.path-spelling, sent as `other`) are not counted either.
            'other failed',
          ]),
      },
    ],
  },
  {
    title: 'each request counts exactly once, seen by a default run',
    cases: [
      {
        fault: 'get-counted-twice',
        mayFail: ['ratelimit.counts-overlapping'],
        shows: 'counts-once fails on getPet alone',
        inspect: (result) =>
          expect(outcomes(result, 'ratelimit.counts-once')).toEqual([
            'listPets passed',
            'createPet passed',
            'getPet failed',
            'listOrders passed',
          ]),
      },
      {
        fault: 'overlapping-requests-counted-once',
        shows: 'counts-once passes on every operation (only counts-overlapping fails)',
        inspect: (result) =>
          expect(outcomes(result, 'ratelimit.counts-once')).toEqual([
            'listPets passed',
            'createPet passed',
            'getPet passed',
            'listOrders passed',
          ]),
      },
    ],
  },
  {
    title: '429s and exhaustion (--include rate-limit)',
    cases: [
      {
        fault: 'remaining-above-zero-on-429',
        ...SMALL_WINDOW_RUN,
      },
      {
        fault: 'retry-after-invalid',
        ...SMALL_WINDOW_RUN,
      },
      {
        fault: 'serves-after-remaining-0',
        ...SMALL_WINDOW_RUN,
      },
      {
        fault: 'orders-served-over-limit',
        ...SMALL_WINDOW_RUN,
        shows: 'refuses-every-operation fails on the orders alone',
        inspect: (result) =>
          expect(outcomes(result, 'ratelimit.refuses-every-operation')).toEqual([
            'createPet passed',
            'getPet passed',
            'listOrders failed',
          ]),
      },
    ],
  },
  {
    title: 'a request without the key does not spend the key, seen by a default run',
    cases: [
      {
        fault: 'limiter-keyed-by-address',
        // The list after the keyless request fell by two: counted once more than sent with the key.
        mayFail: ['ratelimit.counts-once'],
      },
    ],
  },
]
