import type { FaultGroup } from '../fault-cases.ts'

/**
 * The fault cases of `FAULT_TABLE.boundaries`, run by `conformance/faults/faults-boundaries.test.ts`.
 *
 * @example
 * faultGroups(boundariesCases)
 */
export const boundariesCases: Array<FaultGroup> = [
  {
    title: 'limit and status-filter boundaries',
    cases: [
      { fault: 'limit-off-by-one' },
      {
        fault: 'limit-100-capped-at-50',
        // A short page of 100 claims to be the whole list: the pets it leaves out exist.
        mayFail: ['list.complete'],
        options: { seedPets: 80 },
      },
      {
        fault: 'default-page-25-with-status',
        options: { seedPets: 90 },
      },
      { fault: 'status-filter-ignored-with-limit' },
    ],
  },
  {
    title: 'lists that leave out pets that exist',
    cases: [
      { fault: 'list-always-empty', mayFail: ['stateful.model'] },
      { fault: 'created-pets-never-listed' },
      { fault: 'status-filter-empty-without-limit' },
    ],
  },
]
