import { describe } from 'vitest'
import { faultCases } from '../test-utils/fault-cases.ts'

describe('what the headers announce is true where a server sends them', () => {
  faultCases([
    { fault: 'location-outside-the-base-path' },
    { fault: 'deprecation-in-milliseconds' },
    { fault: 'deprecation-on-every-operation' },
  ])
})

describe('a success is not labelled as a problem, and the orders operation exists', () => {
  faultCases([
    { fault: 'problem-json-on-every-answer' },
    { fault: 'orders-get-not-routed' },
    { fault: 'orders-route-not-found' },
  ])
})
