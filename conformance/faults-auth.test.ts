import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('every way of lacking a key, on every operation, checked first', () => {
  faultCases([
    { fault: 'not-found-before-auth', fails: ['auth.checked-first'] },
    { fault: 'orders-without-auth', fails: ['orders.auth'] },
    { fault: 'key-matched-by-prefix', fails: ['auth.unknown-key'] },
    {
      fault: 'empty-token-accepted-on-get',
      fails: ['auth.empty-token'],
      mayFail: ['auth.checked-first'],
    },
  ])
})
