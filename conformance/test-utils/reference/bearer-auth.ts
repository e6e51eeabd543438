/**
 * Reads the key of an `Authorization: Bearer <key>` header in the form §5
 * gives, as HTTP reads it (RFC 9110 §11.1, §11.4): the scheme `Bearer` in any
 * case, one or more spaces, the key. Undefined when the header is missing,
 * of another scheme or without a key.
 *
 * @example
 * bearerKey('Bearer sk_live') // 'sk_live'
 * bearerKey('bearer sk_live') // 'sk_live'
 * bearerKey('Basic dXNlcg==') // undefined
 */
export function bearerKey(header: string | undefined): string | undefined {
  // Stryker disable next-line StringLiteral: no header and any text that is not `Bearer <key>` fail alike
  const match = /^Bearer +([^\s]+)$/i.exec(header ?? '')
  return match?.[1]
}
