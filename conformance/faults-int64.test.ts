import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('int64 ids are kept exactly', () => {
  faultCases([
    {
      fault: 'ids-as-doubles',
      options: { firstId: 9007199254740993n, idStep: 1n, categoryIds: [9007199254740993n] },
      fails: ['create.then-get'],
      mayFail: ['create.unique-ids', 'create.concurrent', 'get.valid', 'list.schema'],
    },
  ])
})
