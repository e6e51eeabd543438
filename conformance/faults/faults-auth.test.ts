import { describe } from 'vitest'
import { faultCases } from '../test-utils/fault-cases.ts'

describe('every way of lacking a key, on every operation, checked first', () => {
  faultCases([
    { fault: 'not-found-before-auth' },
    { fault: 'orders-without-auth' },
    { fault: 'key-matched-by-prefix' },
    { fault: 'key-read-as-first-word' },
    {
      fault: 'bearer-matched-without-anchor',
      mayFail: ['auth.checked-first', 'orders.auth'],
    },
    {
      fault: 'basic-scheme-accepted',
      mayFail: ['auth.checked-first', 'orders.auth'],
    },
    {
      fault: 'empty-token-accepted-on-get',
      mayFail: ['auth.checked-first'],
    },
    { fault: 'no-www-authenticate' },
    { fault: 'basic-challenge' },
  ])
})
