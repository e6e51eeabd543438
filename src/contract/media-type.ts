/** `token` of RFC 9110 §5.6.2: one or more tchar. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
/** `quoted-string` of RFC 9110 §5.6.4 (qdtext and quoted-pair, obs-text included). */
const QUOTED =
  '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"'
/** `media-type` of RFC 9110 §8.3.1, the field value trimmed of surrounding whitespace. */
const MEDIA_TYPE = new RegExp(
  `^[ \\t]*(${TOKEN})/(${TOKEN})(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*[ \\t]*$`,
)

/**
 * A `Content-Type` value read as RFC 9110 §8.3.1 writes it: one media type,
 * `type/subtype` then `;`-separated `name=value` parameters (a value a token
 * or a quoted string). Type and subtype are case-insensitive: given in lower
 * case. `undefined` for anything else (a list, a parameter without a value,
 * a missing subtype).
 *
 * @example
 * parseMediaType('Application/JSON; charset=utf-8') // { type: 'application', subtype: 'json' }
 * parseMediaType('application/json, text/html') // undefined
 */
export function parseMediaType(value: string): { type: string; subtype: string } | undefined {
  const match = MEDIA_TYPE.exec(value)
  return match
    ? { type: (match[1] as string).toLowerCase(), subtype: (match[2] as string).toLowerCase() }
    : undefined
}

/**
 * Whether a parsed media type is JSON: `application/json`, or an
 * `application/*+json` type (RFC 6839), such as `application/problem+json`.
 *
 * @example
 * isJsonMediaType({ type: 'application', subtype: 'problem+json' }) // true
 */
export function isJsonMediaType(mediaType: { type: string; subtype: string }): boolean {
  return (
    mediaType.type === 'application' &&
    (mediaType.subtype === 'json' || /^.+\+json$/.test(mediaType.subtype))
  )
}
