import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE.input`, run by `conformance/faults/faults-input.test.ts`.
 *
 * @example
 * faultGroups(inputCases)
 */
export const inputCases: Array<FaultGroup> = [
  {
    title: 'no 5xx for malformed input in any position',
    cases: [
      {
        fault: 'crash-on-int64-max-category',
        mayFail: ['create.generated-exact'],
      },
      { fault: 'crash-on-status-null' },
      {
        fault: 'crash-on-empty-name',
        mayFail: ['create.generated-exact'],
      },
      { fault: 'crash-on-limit-empty' },
    ],
  },
  {
    title: 'a body is read whole',
    cases: [{ fault: 'body-parsed-up-to-the-limit' }],
  },
]
