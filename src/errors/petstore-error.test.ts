import { describe, expect, it } from 'vitest'
import { ConfigError } from './config-error.ts'
import { PetstoreError } from './petstore-error.ts'
import { PETSTORE_ERROR_CODES, type PetstoreErrorCode } from './petstore-error-codes.ts'

describe('the codes of PetstoreError', () => {
  it('are the keys of the one table, each ERR_PETSTORE_*', () => {
    const codes = Object.keys(PETSTORE_ERROR_CODES) as Array<PetstoreErrorCode>
    expect(codes.length).toBeGreaterThan(0)
    for (const code of codes) {
      expect(code).toMatch(/^ERR_PETSTORE_[A-Z_]+$/)
      expect(new PetstoreError(code, 'message').code).toBe(code)
    }
  })

  it('is a closed union: a code not in the table does not compile', () => {
    // @ts-expect-error: a mistyped code is not a PetstoreErrorCode.
    const mistyped: PetstoreErrorCode = 'ERR_PETSTORE_INVALID_OPTOIN'
    // @ts-expect-error: the constructor checks the code instead of taking it as a new type.
    const thrown = new PetstoreError('ERR_PETSTORE_INVALID_OPTOIN', 'message')
    // @ts-expect-error: so do ConfigError and PetstoreError.failed.
    const config = new ConfigError('ERR_PETSTORE_NOPE', 'start', 'a reason')
    // @ts-expect-error: as above.
    const failed = PetstoreError.failed('ERR_PETSTORE_NOPE', 'start', 'a reason')
    const known = [mistyped, thrown.code, config.code, failed.code].filter((code) =>
      Object.hasOwn(PETSTORE_ERROR_CODES, code),
    )
    expect(known).toEqual([])
  })
})
