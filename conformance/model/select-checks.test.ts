import { describe, expect, it } from 'vitest'
import { matchesCheckId } from '../../src/contract/catalogue.ts'
import { selectChecks } from './select-checks.ts'

describe('selectChecks', () => {
  it('leaves the rate-limit group out unless included', () => {
    expect(selectChecks().some((check) => check.group === 'rate-limit')).toBe(false)
    expect(
      selectChecks({ include: ['rate-limit'] }).filter((check) => check.group === 'rate-limit'),
    ).toHaveLength(4)
  })

  it('matches ids, prefixes and wildcards', () => {
    expect(matchesCheckId('auth.no-header', 'auth')).toBe(true)
    expect(matchesCheckId('auth.no-header', 'auth.*')).toBe(true)
    expect(matchesCheckId('auth.no-header', 'aut')).toBe(false)
    expect(matchesCheckId('create.reject-missing-body', 'create.reject')).toBe(true)
    expect(selectChecks({ only: ['auth'] }).map((check) => check.id)).toEqual([
      'auth.no-header',
      'auth.unknown-key',
      'auth.non-bearer',
      'auth.empty-token',
      'auth.checked-first',
      'auth.www-authenticate',
    ])
    expect(selectChecks({ skip: ['create'] }).some((check) => check.id.startsWith('create'))).toBe(
      false,
    )
  })

  it('rejects a pattern that matches nothing and an unknown group', () => {
    expect(() => selectChecks({ only: ['nope'] })).toThrow(/matches no check id/)
    expect(() => selectChecks({ include: ['chaos'] })).toThrow(/unknown group/)
    expect(() => selectChecks({ only: ['nope'] })).toThrow(
      expect.objectContaining({
        code: 'ERR_PETSTORE_CONFORMANCE_USAGE',
        message:
          '[petstore-conformance] Failed to select checks: "nope" matches no check id (see --list).',
      }),
    )
  })
})
