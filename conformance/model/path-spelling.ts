import { ROUTES } from '../../src/spec/routes.ts'
import { operations } from './kit-routes.ts'

/**
 * How a path below the base differs from an operation's path as the spec
 * writes it. `encoded` (a percent-encoded unreserved character, RFC 3986
 * §2.3, §6.2.2.2) and `dot-segment` (`.` and `..`, which RFC 3986 §5.2.4 and
 * §6.2.2.3 remove) spell the same URI; `trailing-slash` and `doubled-slash`
 * spell another one, which many routers read as the same (Express without
 * `strict`, Starlette's `redirect_slashes`, Envoy's `merge_slashes`); `case`
 * spells another resource (RFC 3986 §6.2.2.1: the path is case-sensitive),
 * which case-insensitive routers (Express by default, ASP.NET) serve alike.
 *
 * @example
 * const kind: SpellingKind = 'dot-segment'
 */
export type SpellingKind = 'encoded' | 'dot-segment' | 'doubled-slash' | 'trailing-slash' | 'case'

/**
 * Every kind of spelling, in the order a report lists them.
 *
 * @example
 * SPELLING_KINDS.length // 5
 */
export const SPELLING_KINDS: ReadonlyArray<SpellingKind> = [
  'trailing-slash',
  'doubled-slash',
  'dot-segment',
  'encoded',
  'case',
]

/**
 * Whether a spelling makes the same URI as the path the spec writes (RFC
 * 3986 §6.2.2): a server that answers it as the operation reads it as HTTP
 * does, one that refuses it reads it more strictly than it must.
 *
 * @example
 * SAME_URI.has('encoded') // true
 */
export const SAME_URI: ReadonlySet<SpellingKind> = new Set(['encoded', 'dot-segment'])

/** A dot segment (`.`, `..`, or either with `%2E`) anywhere in a path. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i

/**
 * Whether a URL's path (or a path) holds a dot segment, which URL parsers and
 * curl remove before sending (RFC 3986 §5.2.4) unless told not to.
 *
 * @example
 * hasDotSegment('http://h/v1/x/../pets?limit=1') // true
 * hasDotSegment('/v1/pets.json') // false
 */
export function hasDotSegment(url: string): boolean {
  const path = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.test(url)
    ? url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '')
    : url
  return DOT_SEGMENT.test(path.split(/[?#]/)[0] ?? '')
}

/** An operation's path below the base as segments: `{petId}` stands for any one segment. */
const TEMPLATES = ROUTES.map(({ operationId: operation }) => ({
  operation,
  method: operations[operation].method,
  segments: operations[operation].path.split('/').slice(1),
}))

/** The fixed segments of every operation's path (`pets`, `store`, `orders`). */
const LITERALS = new Set(
  TEMPLATES.flatMap((template) => template.segments.filter((segment) => !segment.startsWith('{'))),
)

/** Percent-encoded unreserved characters decoded (RFC 3986 §2.3); other escapes kept. */
function decodeUnreserved(segment: string): string {
  return segment.replace(/%([0-9A-Fa-f]{2})/g, (triplet, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    return /^[A-Za-z0-9._~-]$/.test(char) ? char : triplet
  })
}

/**
 * A path below the base read as a lenient server would, and how it differs
 * from the spec's spelling: each segment that decodes to a fixed segment of
 * a route (`%70ets`) or to a dot segment decoded, dot segments removed (RFC
 * 3986 §5.2.4), doubled slashes merged, a trailing slash dropped, and fixed
 * segments matched in any case. A path segment in a parameter's place
 * (`/pets/%37`) is kept as written: its spellings are the id's, not the
 * path's. `undefined` when the result is no operation's path.
 *
 * @example
 * pathSpelling('/x/../%70ets/') // { path: '/pets', kinds: ['trailing-slash', 'dot-segment', 'encoded'] }
 * pathSpelling('/pets') // { path: '/pets', kinds: [] }
 */
export function pathSpelling(
  path: string,
): { path: string; kinds: Array<SpellingKind> } | undefined {
  if (!path.startsWith('/')) return undefined
  const kinds = new Set<SpellingKind>()
  const raw = path.slice(1).split('/')
  const output: Array<string> = []
  raw.forEach((written, index) => {
    const decoded = decodeUnreserved(written)
    const fixed = LITERALS.has(decoded.toLowerCase()) || decoded === '.' || decoded === '..'
    const segment = fixed ? decoded : written
    if (segment !== written) kinds.add('encoded')
    if (segment === '.' || segment === '..') {
      kinds.add('dot-segment')
      if (segment === '..') output.pop()
      return
    }
    if (segment === '') {
      if (index === raw.length - 1 && index > 0) kinds.add('trailing-slash')
      else kinds.add('doubled-slash')
      return
    }
    output.push(segment)
  })
  const template = TEMPLATES.find(
    (candidate) =>
      candidate.segments.length === output.length &&
      candidate.segments.every((segment, index) =>
        segment.startsWith('{') ? true : segment === output[index]?.toLowerCase(),
      ),
  )
  if (!template) return undefined
  const canonical = output.map((segment, index) => {
    const wanted = template.segments[index] ?? segment
    if (wanted.startsWith('{')) return segment
    if (wanted !== segment) kinds.add('case')
    return wanted
  })
  return {
    path: `/${canonical.join('/')}`,
    kinds: SPELLING_KINDS.filter((kind) => kinds.has(kind)),
  }
}
