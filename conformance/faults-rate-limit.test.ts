import { describe, expect } from 'vitest'
import type { ConformanceResult } from './model/types.ts'
import { faultCases } from './test-utils/fault-cases.ts'

const small = { rateLimit: { limit: 150, windowS: 2 } }

describe('rate-limit headers, seen by a default run', () => {
  faultCases([
    { fault: 'no-rate-limit-headers-on-201', fails: ['ratelimit.headers'] },
    { fault: 'reset-is-window-start', fails: ['ratelimit.values'] },
    {
      fault: 'remaining-never-changes',
      fails: [
        'ratelimit.remaining-decreases',
        'ratelimit.counts-once',
        'ratelimit.counts-overlapping',
      ],
    },
    {
      fault: 'orders-not-counted',
      fails: ['ratelimit.remaining-decreases', 'ratelimit.counts-once'],
      mayFail: ['ratelimit.counts-overlapping'],
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
          'other passed',
        ]),
    },
  ])
})

/** The outcome of each operation's result of a check, as `operation outcome`. */
const outcomes = (result: ConformanceResult, id: string) =>
  result.results.filter((item) => item.id === id).map((item) => `${item.operation} ${item.outcome}`)

describe('each request counts exactly once, seen by a default run', () => {
  faultCases([
    {
      fault: 'get-counted-twice',
      fails: ['ratelimit.counts-once'],
      mayFail: ['ratelimit.counts-overlapping'],
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
      fails: ['ratelimit.counts-overlapping'],
      inspect: (result) =>
        expect(outcomes(result, 'ratelimit.counts-once')).toEqual([
          'listPets passed',
          'createPet passed',
          'getPet passed',
          'listOrders passed',
        ]),
    },
  ])
})

describe('429s and exhaustion (--include rate-limit)', () => {
  faultCases([
    {
      fault: 'remaining-above-zero-on-429',
      options: small,
      run: { include: ['rate-limit'] },
      fails: ['ratelimit.429-remaining'],
    },
    {
      fault: 'retry-after-invalid',
      options: small,
      run: { include: ['rate-limit'] },
      fails: ['ratelimit.retry-after'],
    },
    {
      fault: 'serves-after-remaining-0',
      options: small,
      run: { include: ['rate-limit'] },
      fails: ['ratelimit.exhaust'],
    },
    {
      fault: 'orders-served-over-limit',
      options: small,
      run: { include: ['rate-limit'] },
      fails: ['ratelimit.refuses-every-operation'],
      inspect: (result) =>
        expect(outcomes(result, 'ratelimit.refuses-every-operation')).toEqual([
          'createPet passed',
          'getPet passed',
          'listOrders failed',
        ]),
    },
  ])
})
