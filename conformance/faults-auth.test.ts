import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('every way of lacking a key, on every operation, checked first', () => {
  faultCases([
    { fault: 'not-found-before-auth', fails: ['auth.checked-first'] },
    { fault: 'orders-without-auth', fails: ['orders.auth'] },
    { fault: 'key-matched-by-prefix', fails: ['auth.unknown-key'] },
    { fault: 'key-read-as-first-word', fails: ['auth.unknown-key'] },
    {
      fault: 'bearer-matched-without-anchor',
      fails: ['auth.non-bearer'],
      mayFail: ['auth.checked-first', 'orders.auth'],
    },
    {
      fault: 'basic-scheme-accepted',
      fails: ['auth.non-bearer'],
      mayFail: ['auth.checked-first', 'orders.auth'],
    },
    {
      fault: 'empty-token-accepted-on-get',
      fails: ['auth.empty-token'],
      mayFail: ['auth.checked-first'],
    },
  ])
})
