import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../errors/config-error.ts'
import { createKeyring } from './create-keyring.ts'

describe('createKeyring', () => {
  it('accepts the four default keys with the limits of their plans', () => {
    const keyring = createKeyring()
    expect([...keyring.values()]).toEqual([
      { key: 'sk_test_free', plan: 'free', perMinute: 60, perDay: 1_000 },
      { key: 'sk_test_pro', plan: 'pro', perMinute: 300, perDay: 10_000 },
      { key: 'sk_test_business', plan: 'business', perMinute: 1_000, perDay: 100_000 },
      { key: 'sk_test_enterprise', plan: 'enterprise', perMinute: 10_000, perDay: 1_000_000 },
    ])
  })

  it('adds keys, with Enterprise limits per key or from the Enterprise default', () => {
    const keyring = createKeyring({
      keys: { sk_me: 'pro', sk_big: { plan: 'enterprise', perMinute: 50 }, sk_corp: 'enterprise' },
      enterprise: { perMinute: 7, perDay: 70 },
    })
    expect(keyring.get('sk_me')).toMatchObject({ plan: 'pro', perMinute: 300, perDay: 10_000 })
    expect(keyring.get('sk_big')).toMatchObject({ perMinute: 50, perDay: 70 })
    expect(keyring.get('sk_corp')).toMatchObject({ perMinute: 7, perDay: 70 })
    expect(keyring.get('sk_test_enterprise')).toMatchObject({ perMinute: 7, perDay: 70 })
  })

  it.each([
    [{ keys: { 'has space': 'free' } }, /"has space" is not a valid bearer token/],
    [
      { keys: { sk_x: 'gold' } },
      /the plan of "sk_x" must be one of free, pro, business, enterprise/,
    ],
    [
      { keys: { sk_x: { plan: 'pro', perMinute: 0 } } },
      /`sk_x.perMinute` must be a whole number from 1, got 0/,
    ],
    [{ enterprise: { perDay: 1.5 } }, /`enterprise.perDay` must be a whole number from 1, got 1.5/],
  ])('rejects %j with a ConfigError', (options, message) => {
    const attempt = () => createKeyring(options as never)
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(message)
    try {
      attempt()
    } catch (error) {
      expect((error as ConfigError).code).toBe('ERR_PETSTORE_INVALID_KEY')
      expect((error as Error).message).toMatch(/^\[petstore-mock\] Failed to add an API key: .+\.$/)
    }
  })
})
