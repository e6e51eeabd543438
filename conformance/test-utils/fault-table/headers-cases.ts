import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE.headers`, run by `conformance/faults/faults-headers.test.ts`.
 *
 * @example
 * faultGroups(headersCases)
 */
export const headersCases: Array<FaultGroup> = [
  {
    title: 'what the headers announce is true where a server sends them',
    cases: [
      { fault: 'location-outside-the-base-path' },
      { fault: 'deprecation-in-milliseconds' },
      { fault: 'deprecation-on-every-operation' },
    ],
  },
  {
    title: 'a success is not labelled as a problem, and the orders operation exists',
    cases: [
      { fault: 'problem-json-on-every-answer' },
      { fault: 'orders-get-not-routed' },
      { fault: 'orders-route-not-found' },
    ],
  },
]
