/**
 * The words that make a name name a credential: a token, a secret, a key, a
 * password, a signature or a session (and their usual short forms).
 *
 * @example
 * CREDENTIAL_WORDS.has('sig') // true
 */
export const CREDENTIAL_WORDS: ReadonlySet<string> = new Set([
  'token',
  'secret',
  'key',
  'apikey',
  'password',
  'passwd',
  'pwd',
  'pass',
  'signature',
  'sig',
  'session',
  'sessionid',
  'sid',
  'auth',
  'authorization',
  'bearer',
  'jwt',
  'passphrase',
  'credential',
  'credentials',
])

/**
 * Endings that name a credential in a name written as one word
 * (`accesstoken`, `clientsecret`, `xapikey`, `secretkey`); `key` alone is
 * not one of them, so that `monkey` is not taken for a key, but a key named
 * by the kind of key it is (`access`, `private`, `signing`…) is.
 *
 * @example
 * CREDENTIAL_ENDINGS.includes('apikey') // true
 */
export const CREDENTIAL_ENDINGS: ReadonlyArray<string> = [
  'token',
  'secret',
  'apikey',
  'secretkey',
  'accesskey',
  'accesskeyid',
  'privatekey',
  'signingkey',
  'hmackey',
  'authkey',
  'password',
  'passwd',
  'passphrase',
  'signature',
  'session',
  'sessionid',
]

const CREDENTIAL_ENDING = new RegExp(`(?:${CREDENTIAL_ENDINGS.join('|')})$`)

/**
 * Where a name splits into words: separators, a lower-case letter or digit
 * before an upper-case one (`apiKey`), and the last capital of a run before
 * a lower-case letter (`XApiKey`, `XToken`).
 */
const WORD_BREAK = /[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/

/**
 * Whether a query parameter's name names a credential, by its shape rather
 * than from a fixed list: one of its words (split at `-`, `_`, `.`, `[`, `]`,
 * any other separator, and where camelCase starts a word; compared in any
 * case) is one of `CREDENTIAL_WORDS`, or, written as one word, it ends with
 * one of `CREDENTIAL_ENDINGS`. The journal masks the values of such
 * parameters (`maskAuthorization`), and so the events, the HAR and the log
 * do; the proxy forwards them as sent. The one rule of what is masked (the
 * "What is masked" of docs/control-api.md lists the same words,
 * `test/docs-tables.test.ts`).
 *
 * @example
 * isCredentialName('access-token') // true
 * isCredentialName('api_key[]') // true
 * isCredentialName('sessionToken') // true
 * isCredentialName('X-Amz-Signature') // true
 * isCredentialName('refreshtoken') // true
 * isCredentialName('secretkey') // true
 * isCredentialName('limit') // false
 * isCredentialName('monkey') // false
 */
export function isCredentialName(name: string): boolean {
  for (const word of name.split(WORD_BREAK)) {
    if (CREDENTIAL_WORDS.has(word.toLowerCase())) return true
  }
  return CREDENTIAL_ENDING.test(name.replace(/[^A-Za-z0-9]+/g, '').toLowerCase())
}
