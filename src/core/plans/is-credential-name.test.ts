import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answeredRequest } from '../../test-utils/answered-request.ts'
import { toJournalEntry } from '../journal/journal-ring.ts'
import { toHar } from '../journal/to-har.ts'
import { isCredentialName } from './is-credential-name.ts'

const SEED = 20_261_126
const RUNS = 500

/** The names of credentials people put in a query, as the journal must mask them. */
const NAMED = [
  'access-token',
  'access_token',
  'client_secret',
  'refresh_token',
  'api_key[]',
  'x-api-key',
  'X-API-KEY',
  'sig',
  'signature',
  'X-Amz-Signature',
  'session_id',
  'sessionToken',
  'apiKey',
  'ApiKey',
  'apikey',
  'password',
  'passwd',
  'pwd',
  'accesstoken',
  'clientSecret',
  'user[password]',
  'key',
  'token',
  'auth',
  'secret',
  'secretkey',
  'accesskey',
  'AccessKeyId',
  'privatekey',
  'signingkey',
  'hmackey',
  'passphrase',
  'authorization',
  'bearer',
  'jwt',
]

/** Names that name no credential, and stay as sent. */
const PLAIN = [
  'limit',
  'status',
  'petId',
  'categoryId',
  'page',
  'sort',
  'q',
  'name',
  'monkey',
  'keyword',
  'design',
  'passage',
  'tokenizer',
  '__code',
  '__delay',
  'constructor',
  '__proto__',
]

const WORDS = ['token', 'secret', 'key', 'password', 'signature', 'session', 'passwd', 'pwd', 'sig']
const word = fc.constantFrom(...WORDS)
const other = fc.constantFrom(
  'api',
  'access',
  'refresh',
  'client',
  'x',
  'user',
  'id',
  'my',
  'oauth',
)
const separator = fc.constantFrom('-', '_', '.')
/** A word in lower, upper or capitalised case. */
const cased = (arbitrary: fc.Arbitrary<string>) =>
  fc
    .tuple(arbitrary, fc.constantFrom('lower', 'upper', 'capital'))
    .map(([text, how]) =>
      how === 'upper'
        ? text.toUpperCase()
        : how === 'capital'
          ? `${text[0]?.toUpperCase()}${text.slice(1)}`
          : text,
    )

/** A credential's name: words around a credential word, joined by separators or in camelCase, maybe with `[]`. */
const credentialName = fc
  .tuple(
    fc.array(cased(other), { maxLength: 2 }),
    cased(word),
    fc.array(cased(other), { maxLength: 1 }),
    fc.oneof(separator, fc.constant('camel')),
    fc.boolean(),
  )
  .map(([before, credential, after, join, brackets]) => {
    const words = [...before, credential, ...after]
    const name =
      join === 'camel'
        ? words
            .map((part, index) =>
              index === 0
                ? part.toLowerCase()
                : `${part[0]?.toUpperCase()}${part.slice(1).toLowerCase()}`,
            )
            .join('')
        : words.join(join)
    return brackets ? `${name}[]` : name
  })

describe('isCredentialName', () => {
  it.each(NAMED)('takes %s for a credential', (name) => {
    expect(isCredentialName(name)).toBe(true)
  })

  it.each(PLAIN)('leaves %s alone', (name) => {
    expect(isCredentialName(name)).toBe(false)
  })

  it('takes every name made of a credential word, in any case, with any separator, for a credential', () => {
    fc.assert(
      fc.property(credentialName, (name) => isCredentialName(name)),
      { seed: SEED, numRuns: RUNS },
    )
  })

  it('masks every such query parameter in the journal entry and the HAR, and keeps the others', () => {
    fc.assert(
      fc.property(credentialName, fc.constantFrom(...PLAIN), (name, plain) => {
        const secret = 'qsecret7777777'
        const query = new URLSearchParams([
          [name, secret],
          [plain, 'kept'],
        ])
        const entry = toJournalEntry(1, answeredRequest({ rawQuery: query.toString() }))
        const text = JSON.stringify([entry, toHar([entry], 'http://127.0.0.1:4010')])
        expect(text).not.toContain(secret)
        expect(entry.query[name]).toBe('qsecre...')
        expect(entry.query[plain]).toBe('kept')
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })
})
