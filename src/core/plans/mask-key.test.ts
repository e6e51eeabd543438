import { describe, expect, it } from 'vitest'
import { MASK, MASKED_CREDENTIAL_PREFIX, maskAuthorization, maskKey } from './mask-key.ts'

describe('maskAuthorization', () => {
  it.each([
    ['Bearer sk_test_free', 'Bearer sk_tes...'],
    ['Bearer abc', 'Bearer a...'],
    ['bearer sk_test_free', 'Bearer sk_tes...'],
    ['BEARER\t\tsk_test_free', 'Bearer sk_tes...'],
    ['Bearer    sk_test_free  ', 'Bearer sk_tes...'],
    ['Bearersk_test_free', 'Bearer sk_tes...'],
    ['Bearer:sk_test_free', 'Bearer sk_tes...'],
    ['Bearer,sk_test_free', 'Bearer sk_tes...'],
    ['sk_live_5f2b9c0d1e', 'sk_liv...'],
    ['Basic dXNlcjpwYXNzd29yZA==', 'Basic dXNlcj...'],
    ['Token token=sk_live_5f2b9c0d1e', 'Token token=...'],
    ['Bearer Bearer sk_live_5f2b9c0d1e', 'Bearer Bearer...'],
    ['Basic', 'Basic ...'],
    ['Bearer ', 'Bearer ...'],
    ['', '...'],
    ['   ', '...'],
    ['Bearer ключ_sk_live_5f2b', 'Bearer ...'],
    ['Bearer sk_\u00e9live_5f2b9c0d', 'Bearer sk_...'],
    ['Bearer \u001b]0;owned\u0007', 'Bearer ...'],
  ])('masks %j as %j', (value, masked) => {
    expect(maskAuthorization(value)).toBe(masked)
  })

  it('shows at most a short prefix of a very long value, in plain ASCII', () => {
    const masked = maskAuthorization(`Bearer ${'k'.repeat(1_000_000)}`)
    expect(masked).toBe(`Bearer ${'k'.repeat(MASKED_CREDENTIAL_PREFIX)}${MASK}`)
    expect(masked).toMatch(/^[\x20-\x7e]*$/)
  })
})

describe('maskKey', () => {
  it('keeps at most 10 characters, never the last two, then an ASCII mask', () => {
    expect(maskKey('sk_test_free')).toBe('sk_test_fr...')
    expect(maskKey('sk_live_5f2b9c0d1e')).toBe('sk_live_5f...')
    expect(maskKey('ab')).toBe('...')
  })
})
