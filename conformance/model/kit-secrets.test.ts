import { describe, expect, it } from 'vitest'
import { kitSecrets, PASSWORD_PLACEHOLDER, wireKey, withoutPassword } from './kit-secrets.ts'
import { MIN_SECRET_LENGTH } from './redactor.ts'

const baseUrl = 'http://127.0.0.1:4010/v1'

describe('kitSecrets', () => {
  it('reads each key as HTTP carries it: without the spaces and tabs around it', () => {
    expect(wireKey(' \tsk_a b\t ')).toBe('sk_a b')
    const keys = kitSecrets({ baseUrl, token: ' sk_ref\t', otherToken: '\tsk_ref_other ' })
    expect(keys.token).toBe('sk_ref')
    expect(keys.otherToken).toBe('sk_ref_other')
  })

  it('refuses a second key that is the first one on the wire', () => {
    for (const otherToken of ['sk_ref', ' sk_ref', 'sk_ref\t', ' \tsk_ref \t']) {
      expect(() => kitSecrets({ baseUrl, token: 'sk_ref ', otherToken }), otherToken).toThrow(
        /--other-token must be another key than --token \(the spaces and tabs around a key are not sent\)/,
      )
    }
  })

  it(`refuses a key, a second key or a password shorter than ${MIN_SECRET_LENGTH} characters, and says why`, () => {
    expect(() => kitSecrets({ baseUrl, token: 'abc' })).toThrow(
      /--token is shorter than 4 characters: the reports could not tell it from the text around it/,
    )
    expect(() => kitSecrets({ baseUrl, token: '  abc ' })).toThrow(/--token is shorter/)
    expect(() => kitSecrets({ baseUrl, token: 'sk_ref', otherToken: 'ab' })).toThrow(
      /--other-token is shorter/,
    )
    expect(() => kitSecrets({ baseUrl: 'http://ci:pw@h/v1', token: 'sk_ref' })).toThrow(
      /--base-url's password is shorter/,
    )
    expect(() => kitSecrets({ baseUrl, token: ' ' })).toThrow(/no API key/)
  })

  it("keeps the base URL's password, decoded, as a secret", () => {
    const { secrets } = kitSecrets({ baseUrl: 'http://ci:hunter%2022@h/v1', token: 'sk_ref' })
    expect(secrets).toContainEqual({ value: 'hunter 22', placeholder: PASSWORD_PLACEHOLDER })
    expect(withoutPassword('ftp://ci:hunter22@h/v1')).toBe('ftp://ci:****@h/v1')
  })
})
