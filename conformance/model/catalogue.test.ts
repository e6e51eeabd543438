import { describe, expect, it } from 'vitest'
import { catalogue, matchesCheckId, selectChecks } from './catalogue.ts'

describe('catalogue', () => {
  it('has unique, stable-looking ids, each with a section and an expectation', () => {
    const ids = catalogue.map((check) => check.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const check of catalogue) {
      expect(check.id).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+)+$/)
      expect(check.section).toMatch(/§/)
      expect(check.expected.length).toBeGreaterThan(10)
      expect(check.operations.length).toBeGreaterThan(0)
    }
  })

  it('keeps advisory what the spec leaves open', () => {
    const advisory = catalogue
      .filter((check) => check.level === 'advisory')
      .map((check) => check.id)
    expect(advisory).toEqual(
      expect.arrayContaining([
        'list.invalid-limit',
        'list.invalid-status',
        'get.invalid-id',
        'get.deprecation-headers',
        'auth.www-authenticate',
        'method.not-allowed',
      ]),
    )
  })

  it('makes required what the spec states', () => {
    const required = catalogue
      .filter((check) => check.level === 'required')
      .map((check) => check.id)
    // §1, §4, §5: every operation requires the bearer credential; §8: Remaining counts down.
    expect(required).toEqual(
      expect.arrayContaining([
        'orders.auth',
        'auth.checked-first',
        'ratelimit.remaining-decreases',
        'ratelimit.429-remaining',
        'list.limit-exact',
        'list.complete',
        'input.malformed',
        'stateful.model',
      ]),
    )
  })
})

describe('selectChecks', () => {
  it('leaves the rate-limit group out unless included', () => {
    expect(selectChecks().some((check) => check.group === 'rate-limit')).toBe(false)
    expect(
      selectChecks({ include: ['rate-limit'] }).filter((check) => check.group === 'rate-limit'),
    ).toHaveLength(2)
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
