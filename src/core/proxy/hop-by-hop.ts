import { nameRecord } from '../../utils/name-record.ts'

/**
 * Headers that belong to one connection, never forwarded by a proxy (RFC 9110
 * §7.6.1), plus `proxy-*`, and those a `Connection` header names.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/**
 * The headers of a message without its hop-by-hop ones (`Connection` and those
 * it names, `Keep-Alive`, `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`,
 * `Proxy-*`) and without those in `drop`; names lower-cased, a repeated
 * header joined with ", " (`Set-Cookie` too: the record is for reading;
 * `setCookieLines` keeps its lines apart for the wire).
 *
 * @example
 * endToEndHeaders([['Connection', 'x-a'], ['X-A', '1'], ['Accept', '*\/*']]) // { accept: '*\/*' }
 */
export function endToEndHeaders(
  entries: Iterable<[string, string]>,
  drop: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const all: Array<[string, string]> = []
  const named = new Set<string>()
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase()
    if (name === 'connection') {
      for (const token of value.split(',')) named.add(token.trim().toLowerCase())
    }
    all.push([name, value])
  }
  const kept = nameRecord<string>()
  for (const [name, value] of all) {
    if (HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named.has(name) || drop.has(name)) {
      continue
    }
    kept[name] = kept[name] === undefined ? value : `${kept[name]}, ${value}`
  }
  return kept
}

/**
 * The `Set-Cookie` lines of a message, each on its own: RFC 6265 §3 forbids
 * joining them into one header, so a proxy passes them on one per line.
 *
 * @example
 * setCookieLines([['Set-Cookie', 'a=1'], ['set-cookie', 'b=2']]) // ['a=1', 'b=2']
 */
export function setCookieLines(entries: Iterable<[string, string]>): Array<string> {
  const lines: Array<string> = []
  for (const [name, value] of entries) if (name.toLowerCase() === 'set-cookie') lines.push(value)
  return lines
}
