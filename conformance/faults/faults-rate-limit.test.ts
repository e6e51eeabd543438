import { describe, expect } from 'vitest'
import type { ConformanceResult } from '../model/types.ts'
import { faultCases } from '../test-utils/fault-cases.ts'

const small = { rateLimit: { limit: 150, windowS: 2 } }

describe('rate-limit headers, seen by a default run', () => {
  faultCases([
    { fault: 'no-rate-limit-headers-on-201' },
    { fault: 'no-remaining-on-get' },
    { fault: 'reset-is-window-start' },
    {
      fault: 'remaining-never-changes',
    },
    {
      fault: 'orders-not-counted',
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
    },
    {
      fault: 'retry-after-invalid',
      options: small,
      run: { include: ['rate-limit'] },
    },
    {
      fault: 'serves-after-remaining-0',
      options: small,
      run: { include: ['rate-limit'] },
    },
    {
      fault: 'orders-served-over-limit',
      options: small,
      run: { include: ['rate-limit'] },
      inspect: (result) =>
        expect(outcomes(result, 'ratelimit.refuses-every-operation')).toEqual([
          'createPet passed',
          'getPet passed',
          'listOrders failed',
        ]),
    },
  ])
})

describe('a request without the key does not spend the key, seen by a default run', () => {
  faultCases([
    {
      fault: 'limiter-keyed-by-address',
      // The list after the keyless request fell by two: counted once more than sent with the key.
      mayFail: ['ratelimit.counts-once'],
    },
  ])
})
