import fc from 'fast-check'
import { SPELLING_KINDS, type SpellingKind } from '../model/path-spelling.ts'

/**
 * One spelling: its kinds and where they go (see {@link spellPath}).
 *
 * @example
 * const spelling: SpellingCase = { kinds: ['case'], at: 0 } // '/PETS'
 */
export interface SpellingCase {
  kinds: Array<SpellingKind>
  at: number
}

/**
 * A path below the base spelled another way: `kinds` say how (see
 * {@link SpellingKind}), `at` where (which segment, which character, which
 * form of a dot segment or of the case), so that every spelling is one value
 * of the pair. The segments in a parameter's place (`{petId}` in the
 * template) are kept as written.
 *
 * @example
 * spellPath('/pets/{petId}', '/pets/7', ['encoded'], 0) // '/%70ets/7'
 * spellPath('/store/orders', '/store/orders', ['dot-segment', 'trailing-slash'], 1) // '/store/x/../orders/'
 */
export function spellPath(
  template: string,
  path: string,
  kinds: ReadonlyArray<SpellingKind>,
  at: number,
): string {
  const fixed = template
    .split('/')
    .slice(1)
    .map((segment) => !segment.startsWith('{'))
  const segments = path.split('/').slice(1)
  const literals = fixed.flatMap((isFixed, index) => (isFixed ? [index] : []))
  const pick = (count: number, salt: number) => (at + salt) % Math.max(1, count)
  const has = (kind: SpellingKind) => kinds.includes(kind)
  if (has('case')) {
    const index = literals[pick(literals.length, 0)] ?? 0
    const segment = segments[index] ?? ''
    segments[index] =
      at % 2 === 0 ? segment.toUpperCase() : `${segment.charAt(0).toUpperCase()}${segment.slice(1)}`
  }
  if (has('encoded')) {
    const index = literals[pick(literals.length, 1)] ?? 0
    const segment = segments[index] ?? ''
    const char = pick(segment.length, 0)
    const hex = segment.charCodeAt(char).toString(16).padStart(2, '0')
    // RFC 3986 §6.2.2.1: the hexadecimal digits in either case are the same escape.
    const triplet = `%${at % 3 === 2 ? hex : hex.toUpperCase()}`
    segments[index] = `${segment.slice(0, char)}${triplet}${segment.slice(char + 1)}`
  }
  const before = segments.map(() => [] as Array<string>)
  if (has('dot-segment')) {
    before[pick(segments.length, 2)]?.push(...(at % 2 === 0 ? ['.'] : ['x', '..']))
  }
  if (has('doubled-slash')) before[pick(segments.length, 3)]?.push('')
  const tokens = segments.flatMap((segment, index) => [...(before[index] ?? []), segment])
  if (has('trailing-slash')) tokens.push('')
  return `/${tokens.join('/')}`
}

/**
 * One spelling of each kind, the kind alone, with both forms of a dot
 * segment (`/.` and `/x/..`): the examples a run sends for every operation.
 *
 * @example
 * ONE_OF_EACH.map(({ kinds, at }) => spellPath('/pets', '/pets', kinds, at))
 * // ['/pets/', '//pets', '/./pets', '/x/../pets', '/%70ets', '/PETS']
 */
export const ONE_OF_EACH: ReadonlyArray<SpellingCase> = [
  { kinds: ['trailing-slash'], at: 0 },
  { kinds: ['doubled-slash'], at: 0 },
  { kinds: ['dot-segment'], at: 0 },
  { kinds: ['dot-segment'], at: 1 },
  { kinds: ['encoded'], at: 0 },
  { kinds: ['case'], at: 0 },
]

/**
 * Any combination of spellings, anywhere in the path: one to all five kinds
 * and a position among the first hundred.
 *
 * @example
 * fc.sample(anySpelling, 1) // [{ kinds: ['doubled-slash', 'case'], at: 17 }]
 */
export const anySpelling: fc.Arbitrary<SpellingCase> = fc.record({
  kinds: fc.subarray([...SPELLING_KINDS], { minLength: 1 }),
  at: fc.nat(99),
})

/**
 * Which spellings each operation of the route table is sent, without the key
 * and with it. Requests without a key are few, as a server counts them per
 * address at its lowest plan (the mock: 60 a minute, of which the rest of a
 * run uses about 45): each spelling of {@link ONE_OF_EACH} once, on the
 * `GET` operations in turn, and a trailing slash on each other operation.
 * With the key, every other spelling of the list on each operation, the
 * first the even ones, the next the odd ones.
 *
 * @example
 * spellingPlan([{ method: 'GET' }, { method: 'POST' }])[1]?.keyless // [{ kinds: ['trailing-slash'], at: 0 }]
 */
export function spellingPlan(
  routes: ReadonlyArray<{ method: string }>,
): Array<{ keyless: Array<SpellingCase>; keyed: Array<SpellingCase> }> {
  const gets = routes.flatMap((route, index) => (route.method === 'GET' ? [index] : []))
  return routes.map((route, index) => ({
    keyless:
      route.method === 'GET'
        ? ONE_OF_EACH.filter((_, at) => gets[at % gets.length] === index)
        : ONE_OF_EACH.slice(0, 1),
    keyed: ONE_OF_EACH.filter((_, at) => (at + index) % 2 === 0),
  }))
}
