/** How many leading characters of a key are shown, at most. */
export const MASKED_KEY_PREFIX = 10

/**
 * How many leading characters of a credential a request carried are shown,
 * at most (and never more than half of it).
 */
export const MASKED_CREDENTIAL_PREFIX = 6

/**
 * What stands for the hidden part of a key or credential: plain ASCII, so that
 * a masked header (in a HAR, say) can still be sent as a header.
 */
export const MASK = '...'

/**
 * The schemes `maskAuthorization` keeps by name (matched in any case, also
 * glued to the key), written as their registrations spell them.
 */
const KNOWN_SCHEMES = [
  'Bearer',
  'Basic',
  'Digest',
  'DPoP',
  'Negotiate',
  'NTLM',
  'OAuth',
  'Token',
  'ApiKey',
] as const

/** A known scheme at the start, then whatever separates it from the key (or nothing). */
const SCHEME = new RegExp(`^(${KNOWN_SCHEMES.join('|')})[\\s:,;=]*`, 'i')

/** The characters a shown prefix may hold (those of a token68), cut at the first other. */
const PREFIX_CHARACTERS = /^[A-Za-z0-9._~+/=-]*/

/**
 * A key shown by a prefix only, enough to recognise it: at most
 * `MASKED_KEY_PREFIX` characters and never the last two, then `...`.
 * For the mock's own keys (`GET /__mock/state`); what a request carries
 * goes through {@link maskAuthorization}.
 *
 * @example
 * maskKey('sk_test_free') // 'sk_test_fr...'
 * maskKey('sk_live_5f2b9c0d1e') // 'sk_live_5f...'
 */
export function maskKey(key: string): string {
  return `${key.slice(0, Math.max(0, Math.min(MASKED_KEY_PREFIX, key.length - 2)))}${MASK}`
}

/**
 * Masks the value of an `Authorization` header, whatever its shape: a known
 * scheme (any case, followed by spaces, tabs, `:`, `,` or glued to the key)
 * is kept by name, then at most `MASKED_CREDENTIAL_PREFIX` characters of the
 * key (never more than half of it, and only up to its first character outside
 * a token68), then `...`. A value without a known scheme is all key. The result
 * is plain ASCII. Everything that records or shows a request uses it: the
 * journal, and through it the event stream, the dashboard and the JSON log.
 *
 * @example
 * maskAuthorization('Bearer sk_test_free') // 'Bearer sk_tes...'
 * maskAuthorization('bearer:sk_test_free') // 'Bearer sk_tes...'
 * maskAuthorization('sk_live_5f2b9c0d1e') // 'sk_liv...'
 * maskAuthorization('') // '...'
 */
export function maskAuthorization(value: string): string {
  // Nothing past the first characters can show, so nothing past them is read.
  const head = value.slice(0, 256).trimStart()
  const scheme = SCHEME.exec(head)
  const key = (scheme ? head.slice(scheme[0].length) : head).trimEnd()
  const shown = Math.min(MASKED_CREDENTIAL_PREFIX, Math.floor(key.length / 2))
  const prefix = (PREFIX_CHARACTERS.exec(key.slice(0, shown)) as RegExpExecArray)[0]
  const name = scheme
    ? KNOWN_SCHEMES.find((known) => known.toLowerCase() === scheme[1]?.toLowerCase())
    : undefined
  return name === undefined ? `${prefix}${MASK}` : `${name} ${prefix}${MASK}`
}
