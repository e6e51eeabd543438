import { describe, expect, it } from 'vitest'
import { parseApiKeyFlag } from './parse-api-key-flag.ts'

describe('parseApiKeyFlag', () => {
  it('reads KEY=PLAN, in any case', () => {
    expect(parseApiKeyFlag('sk_me=pro')).toEqual(['sk_me', 'pro'])
    expect(parseApiKeyFlag(' sk_me=Business ')).toEqual(['sk_me', 'business'])
  })

  it('reads the own limits of an Enterprise key', () => {
    expect(parseApiKeyFlag('sk_big=enterprise:50000/5000000')).toEqual([
      'sk_big',
      { plan: 'enterprise', perMinute: 50_000, perDay: 5_000_000 },
    ])
  })

  it.each([
    ['sk_me', /expected KEY=PLAN/],
    ['sk_me=gold', /expected KEY=PLAN with PLAN one of free, pro, business, enterprise/],
    ['=pro', /expected KEY=PLAN/],
    ['sk_me=enterprise:10', /expected KEY=PLAN/],
    ['sk_me=pro:10/100', /only enterprise keys set their own limits/],
  ])('rejects "%s" in one clear message', (flag, message) => {
    expect(() => parseApiKeyFlag(flag)).toThrow(message)
    expect(() => parseApiKeyFlag(flag)).toThrow(/^\[petstore-mock\] Failed to read --api-key: /)
  })
})
