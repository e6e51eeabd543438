import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../spec/error-codes.ts'
import { SIMULATED_STATUSES } from './simulated-statuses.ts'

describe('SIMULATED_STATUSES', () => {
  it.each(Object.entries(SIMULATED_STATUSES))(
    'forces %s with a code whose status (src/spec/error-codes.ts) is that status',
    (status, { code }) => {
      expect(ERROR_CODES[code]).toBe(Number(status))
    },
  )
})
