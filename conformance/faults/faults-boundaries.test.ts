import { describe } from 'vitest'
import { faultCases } from '../test-utils/fault-cases.ts'

describe('limit and status-filter boundaries', () => {
  faultCases([
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
  ])
})

describe('lists that leave out pets that exist', () => {
  faultCases([
    { fault: 'list-always-empty', mayFail: ['stateful.model'] },
    { fault: 'created-pets-never-listed' },
    { fault: 'status-filter-empty-without-limit' },
  ])
})
