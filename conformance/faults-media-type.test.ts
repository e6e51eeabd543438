import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('JSON under one well-formed media type, for any Accept that allows it', () => {
  faultCases([{ fault: 'json-refused-for-wildcard-accept' }, { fault: 'content-type-sent-twice' }])
})
