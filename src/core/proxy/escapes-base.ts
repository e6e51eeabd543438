/**
 * Why a request path may not be forwarded, or `undefined`: a dot segment
 * (`.` or `..`, also percent-encoded as `%2e%2e`, also followed by `;`
 * path parameters, which Tomcat, Jetty and Spring drop: `..;x`), an encoded
 * slash or backslash (`%2f`, `%5c`) or a raw backslash, an encoded control
 * byte (`%00` to `%1f`, `%7f`), or a double-encoded dot, slash, backslash or
 * NUL (`%252e`, `%252f`, `%255c`, `%2500`) could name, after the upstream's
 * decoding and normalisation, a path outside the API root or a different
 * one. So could a `#` anywhere in the target (`query` included) or a raw
 * control character or space: an upstream that reads its target with the
 * WHATWG URL parser drops the fragment and the tabs and line breaks, and
 * then resolves what is left (`/v1/..#` is `/v1/..`, one level above the
 * root); a client never sends a fragment. A dot segment followed by an
 * encoded `#` or `?` (`..%23`) is one too, for an upstream that decodes
 * before it reads the URL. The proxy refuses these rather
 * than guess how the upstream reads them.
 *
 * @example
 * escapesBase('/v1/../admin') // 'the path holds a dot segment ("..")'
 * escapesBase('/v1/..;/admin') // 'the path holds a dot segment ("..;")'
 * escapesBase('/v1/..#') // 'the target holds a fragment ("#"), which a client never sends'
 * escapesBase('/v1/..%23/x') // 'the path holds a dot segment ("..%23")'
 * escapesBase('/v1/pets/7') // undefined
 */
export function escapesBase(path: string, query = ''): string | undefined {
  if (path.includes('#') || query.includes('#')) {
    return 'the target holds a fragment ("#"), which a client never sends'
  }
  if (holdsControlOrSpace(path)) return 'the path holds a control character or a space'
  if (path.includes('\\')) return 'the path holds a backslash'
  for (const segment of path.split('/')) {
    if (/%(2f|5c)/i.test(segment)) return 'the path holds an encoded slash or backslash'
    if (/%([01][0-9a-f]|7f)/i.test(segment)) return 'the path holds an encoded control character'
    if (/%25(2e|2f|5c|00)/i.test(segment)) return 'the path holds a double-encoded character'
    // What an upstream that decodes the segment and then reads it as a URL
    // keeps of it: up to a `;`, `#` or `?` (`..%23` is `..`).
    const decoded = (segment.replace(/%2e/gi, '.').split(';')[0] ?? '').replace(
      /%(3b|23|3f).*/i,
      '',
    )
    if (decoded === '.' || decoded === '..') {
      return `the path holds a dot segment ("${segment.slice(0, 12)}")`
    }
  }
  return undefined
}

/** Whether text holds a C0 control character, a space or DEL (a target never has them raw). */
function holdsControlOrSpace(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code <= 0x20 || code === 0x7f) return true
  }
  return false
}
