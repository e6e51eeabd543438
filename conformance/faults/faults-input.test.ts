import { describe } from 'vitest'
import { faultCases } from '../test-utils/fault-cases.ts'

describe('no 5xx for malformed input in any position', () => {
  faultCases([
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
  ])
})

describe('a body is read whole', () => {
  faultCases([{ fault: 'body-parsed-up-to-the-limit' }])
})
