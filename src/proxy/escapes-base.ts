/**
 * Why a request path may not be forwarded, or `undefined`: a dot segment
 * (`.` or `..`, also percent-encoded as `%2e%2e`), an encoded slash or
 * backslash (`%2f`, `%5c`) or a raw backslash could name, after the
 * upstream's normalisation, a path outside the API root. The proxy refuses
 * these rather than guess how the upstream reads them.
 *
 * @example
 * escapesBase('/v1/../admin') // 'the path holds a dot segment ("..")'
 * escapesBase('/v1/pets/7') // undefined
 */
export function escapesBase(path: string): string | undefined {
  if (path.includes('\\')) return 'the path holds a backslash'
  for (const segment of path.split('/')) {
    if (/%(2f|5c)/i.test(segment)) return 'the path holds an encoded slash or backslash'
    const decoded = segment.replace(/%2e/gi, '.')
    if (decoded === '.' || decoded === '..') {
      return `the path holds a dot segment ("${segment.slice(0, 12)}")`
    }
  }
  return undefined
}
