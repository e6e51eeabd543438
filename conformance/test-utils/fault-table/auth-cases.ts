import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE.auth`, run by `conformance/faults/faults-auth.test.ts`.
 *
 * @example
 * faultGroups(authCases)
 */
export const authCases: Array<FaultGroup> = [
  {
    title: 'every way of lacking a key, on every operation, checked first',
    cases: [
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
      { fault: 'bare-bearer-challenge' },
    ],
  },
]
