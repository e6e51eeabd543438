import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('limit and status-filter boundaries', () => {
  faultCases([
    { fault: 'limit-off-by-one', fails: ['list.limit-exact'] },
    { fault: 'limit-100-capped-at-50', fails: ['list.limit-exact'], options: { seedPets: 80 } },
    {
      fault: 'default-page-25-with-status',
      fails: ['list.default-limit'],
      options: { seedPets: 90 },
    },
    { fault: 'status-filter-ignored-with-limit', fails: ['list.status-filter'] },
  ])
})
