/**
 * A `Set-Cookie` line of the upstream as the proxy passes it on: without its
 * `Domain` attribute (in any case), so that the browser keeps the cookie for
 * the mock's own host only. With `Domain=127.0.0.1` (or `localhost`) a cookie
 * would otherwise go to every server on every port of that host, since
 * cookies do not tell ports apart (RFC 6265 §8.5). The rest of the line is
 * kept as sent.
 *
 * @example
 * hostOnlyCookie('sid=1; Domain=127.0.0.1; Path=/; HttpOnly') // 'sid=1; Path=/; HttpOnly'
 */
export function hostOnlyCookie(line: string): string {
  const parts = line.split(';')
  const kept = parts.filter(
    (part, index) => index === 0 || (part.split('=')[0] ?? '').trim().toLowerCase() !== 'domain',
  )
  return kept.length === parts.length ? line : kept.join(';')
}
