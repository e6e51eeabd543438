/**
 * What an `Authorization` header holds: a bearer token, or why there is none.
 *
 * @example
 * const { token, problem }: BearerResult = readBearer(request.headers.get('authorization'))
 */
export type BearerResult =
  | { token: string; problem?: undefined }
  | { token?: undefined; problem: string }

/** Why a request with two `Authorization` headers is refused. */
export const DUPLICATE_AUTHORIZATION =
  'The request has more than one Authorization header; send exactly one.'

/**
 * Reads `Authorization: Bearer <token>` (RFC 6750). Several `Authorization`
 * headers reach the mock joined with ", " (by Fetch, and by the server, which
 * reads every copy): a token68 cannot hold a comma, so a comma means
 * duplicates and is refused rather than letting one of them win.
 *
 * @example
 * readBearer('Bearer sk_test_free') // { token: 'sk_test_free' }
 * readBearer('Bearer a, Bearer b').problem // 'The request has more than one Authorization header; …'
 * readBearer(null, 'admin token').problem // '… send "Authorization: Bearer <admin token>".'
 */
export function readBearer(header: string | null, credential = 'API_KEY'): BearerResult {
  if (header === null) {
    return {
      problem: `The Authorization header is missing; send "Authorization: Bearer <${credential}>".`,
    }
  }
  if (header.includes(',')) return { problem: DUPLICATE_AUTHORIZATION }
  const match = /^(\S+)(?:\s+(.*))?$/.exec(header.trim())
  const scheme = match?.[1] ?? ''
  const token = match?.[2]?.trim() ?? ''
  if (scheme.toLowerCase() !== 'bearer') {
    return { problem: 'The Authorization header must use the Bearer scheme.' }
  }
  if (token === '') return { problem: 'The bearer token is empty.' }
  return { token }
}
