import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('no 5xx for malformed input in any position', () => {
  faultCases([
    {
      fault: 'crash-on-int64-max-category',
      fails: ['input.malformed', 'server.no-5xx'],
      mayFail: ['create.generated-exact'],
    },
    { fault: 'crash-on-status-null', fails: ['input.malformed', 'server.no-5xx'] },
    {
      fault: 'crash-on-empty-name',
      fails: ['input.malformed', 'server.no-5xx'],
      mayFail: ['create.generated-exact'],
    },
    { fault: 'crash-on-limit-empty', fails: ['input.malformed', 'server.no-5xx'] },
  ])
})
