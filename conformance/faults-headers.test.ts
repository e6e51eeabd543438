import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

describe('what the headers announce is true where a server sends them', () => {
  faultCases([
    { fault: 'location-outside-the-base-path' },
    { fault: 'deprecation-in-milliseconds' },
  ])
})
