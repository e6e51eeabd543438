import { describe } from 'vitest'
import { faultCases } from '../test-utils/fault-cases.ts'

describe("what a create stores is what was sent, over each field's whole domain", () => {
  faultCases([
    { fault: 'trims-names' },
    { fault: 'numeric-names-refused' },
    {
      fault: 'astral-characters-mangled',
      mayFail: ['create.echo-exact'],
    },
    {
      fault: 'numeric-names-as-numbers',
      mayFail: ['list.schema'],
    },
    {
      // Unknown categories accepted: the kit sends category ids beyond 2^53.
      fault: 'category-id-through-double',
      options: { unknownCategory: 'accept' },
      // The stored category id, rounded to 2^63, is listed beyond int64.
      mayFail: ['list.schema'],
    },
  ])
})

describe('ids never alias', () => {
  faultCases([{ fault: 'path-ids-alias-beyond-32-bits' }])
})
