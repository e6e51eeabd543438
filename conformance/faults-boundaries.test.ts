import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('limit and status-filter boundaries', () => {
  faultCases([
    { fault: 'limit-off-by-one', fails: ['list.limit-exact'] },
    {
      fault: 'limit-100-capped-at-50',
      fails: ['list.limit-exact'],
      // A short page of 100 claims to be the whole list: the pets it leaves out exist.
      mayFail: ['list.complete'],
      options: { seedPets: 80 },
    },
    {
      fault: 'default-page-25-with-status',
      fails: ['list.default-limit'],
      options: { seedPets: 90 },
    },
    { fault: 'status-filter-ignored-with-limit', fails: ['list.status-filter'] },
  ])
})

describe('lists that leave out pets that exist', () => {
  faultCases([
    { fault: 'list-always-empty', fails: ['list.complete'], mayFail: ['stateful.model'] },
    { fault: 'created-pets-never-listed', fails: ['list.complete'] },
    { fault: 'status-filter-empty-without-limit', fails: ['list.complete'] },
  ])
})
