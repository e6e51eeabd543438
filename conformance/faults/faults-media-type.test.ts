import { describe } from 'vitest'
import { faultCases } from '../test-utils/fault-cases.ts'

describe('JSON in one well-formed media type, for every Accept', () => {
  faultCases([{ fault: 'json-refused-for-wildcard-accept' }, { fault: 'content-type-sent-twice' }])
})
