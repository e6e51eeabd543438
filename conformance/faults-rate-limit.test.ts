import { describe, expect } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

const small = { rateLimit: { limit: 150, windowS: 2 } }

describe('rate-limit headers, seen by a default run', () => {
  faultCases([
    { fault: 'no-rate-limit-headers-on-201', fails: ['ratelimit.headers'] },
    { fault: 'reset-is-window-start', fails: ['ratelimit.values'] },
    { fault: 'remaining-never-changes', fails: ['ratelimit.remaining-decreases'] },
    {
      fault: 'orders-not-counted',
      fails: ['ratelimit.remaining-decreases'],
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
  ])
})
