import fc from 'fast-check'
import { stringifyExact } from '../../src/judge/exact-json.ts'
import type { SentPet } from '../../src/judge/response-schemas.ts'
import { INT64, MAX_NAME_LENGTH, PetStatus } from '../../src/spec/index.ts'
import { NAME_PREFIX } from '../model/kit-routes.ts'

/**
 * The simplest name a server must take: where the generated NewPets shrink
 * to, and the first body tried when a failure may not depend on the body.
 *
 * @example
 * SIMPLE_NAME // 'conformance-a'
 */
export const SIMPLE_NAME = `${NAME_PREFIX}a`

/**
 * The simplest valid NewPet: {@link SIMPLE_NAME}, the first known category, no status.
 *
 * @example
 * simplestNewPet([7n]) // { name: 'conformance-a', categoryId: 7n }
 */
export function simplestNewPet(categoryIds: ReadonlyArray<bigint>): SentPet {
  return { name: SIMPLE_NAME, categoryId: categoryIds[0] ?? 1n }
}

/** A generated invalid body: why it is invalid and the exact text sent. */
export interface InvalidBody {
  why: string
  body: string
}

/**
 * Valid NewPets that stay inside what the spec states and what any sensible
 * server accepts: a name of `conformance-` plus 1..28 name-like characters
 * (letters, digits, inner spaces, `'`, `.`, `-`; the spec sets no alphabet,
 * so a server that refuses `<` or `{` in names is not failed for it), a
 * category id from `categoryIds`, and an optional status.
 *
 * @example
 * fc.sample(validNewPet([1n, 2n]), { seed: 1, numRuns: 1 })
 */
export function validNewPet(
  categoryIds: Array<bigint>,
  prefix = 'conformance-',
): fc.Arbitrary<SentPet> {
  return fc.record(
    {
      name: fc
        .stringMatching(/^[A-Za-z0-9][A-Za-z0-9 '.-]{0,27}$/)
        .map((suffix) => `${prefix}${suffix.trim()}`),
      categoryId: fc.constantFrom(...categoryIds),
      status: fc.constantFrom(...PetStatus.options),
    },
    { requiredKeys: ['name', 'categoryId'] },
  )
}

const notAString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
  fc.constant({}),
)

const notAnInteger = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.constant(null),
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
    .filter((value) => !Number.isInteger(value)),
  fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 2 }),
)

const enumValues: ReadonlyArray<string> = PetStatus.options
const notAStatus = fc.oneof(
  fc.string({ maxLength: 10 }).filter((value) => !enumValues.includes(value)),
  fc.constantFrom('AVAILABLE', 'Sold', 'adopted', ' pending'),
  fc.integer(),
  fc.boolean(),
)

const withField = (base: SentPet, field: string, value: unknown): string =>
  stringifyExact({ ...base, [field]: value })

const without = (base: SentPet, field: 'name' | 'categoryId'): string => {
  const copy: Record<string, unknown> = { ...base }
  delete copy[field]
  return stringifyExact(copy)
}

/**
 * Bodies that break exactly one NewPet rule the spec states: a missing or
 * mistyped `name`, a missing, mistyped or beyond-int64 `categoryId`, a
 * `status` outside the enum, or a body that is not an object.
 *
 * @example
 * fc.sample(invalidNewPetBody([1n]), { seed: 1, numRuns: 3 })
 */
export function invalidNewPetBody(categoryIds: Array<bigint>): fc.Arbitrary<InvalidBody> {
  const base = validNewPet(categoryIds, 'conformance-invalid-')
  return fc.oneof(
    base.map((pet) => ({ why: 'name missing', body: without(pet, 'name') })),
    fc
      .tuple(base, notAString)
      .map(([pet, name]) => ({ why: 'name not a string', body: withField(pet, 'name', name) })),
    base.map((pet) => ({ why: 'categoryId missing', body: without(pet, 'categoryId') })),
    fc.tuple(base, notAnInteger).map(([pet, categoryId]) => ({
      why: 'categoryId not an integer',
      body: withField(pet, 'categoryId', categoryId),
    })),
    fc
      .tuple(base, fc.bigInt({ min: 2n ** 63n, max: 2n ** 70n }), fc.boolean())
      .map(([pet, big, negative]) => ({
        why: 'categoryId beyond int64',
        body: withField(pet, 'categoryId', negative ? -(big + 1n) : big),
      })),
    fc.tuple(base, notAStatus).map(([pet, status]) => ({
      why: 'status outside the enum',
      body: withField(pet, 'status', status),
    })),
    fc
      .oneof(
        fc.array(fc.integer(), { maxLength: 2 }),
        fc.string({ maxLength: 5 }),
        fc.integer(),
        fc.constant(null),
      )
      .map((value) => ({ why: 'body not an object', body: JSON.stringify(value) })),
  )
}

/** A name of `length` UTF-16 code units: `conformance-` then `fill` repeated. */
const nameOfLength = (length: number, fill: string): string =>
  `${NAME_PREFIX}${fill.repeat(length)}`.slice(0, length)

/**
 * Names a server gets wrong when it trims, normalises, re-encodes, re-types
 * or cuts what it stores: whitespace at either end, strings that read as
 * numbers, booleans or null, characters beyond U+FFFF, combining marks,
 * JSON escapes, line separators, control characters JSON carries escaped
 * (NUL included), bidirectional marks, names an object's prototype answers
 * to, and names at the mock's longest (200 code units), one under, one over
 * (a 400 is allowed: the spec sets no length), and 200 code units of
 * characters beyond U+FFFF (100 code points: whether a surrogate pair counts
 * as one character or two is the server's to say). Tried first by
 * `create.generated-exact`.
 *
 * @example
 * EDGE_NAMES.includes('42') // true
 */
export const EDGE_NAMES: ReadonlyArray<string> = [
  ' conformance-leading-space',
  'conformance-trailing-space ',
  '\tconformance-tabs\t',
  '42',
  '-0.5',
  '1e3',
  'true',
  'null',
  'conformance-🐕‍🦺-𝔘𝔫𝔦𝔠𝔬𝔡𝔢-😀',
  'conformance-e\u0301-n\u0303-combining',
  'conformance-"quoted"-\\-/-\b-\f-\n-\r',
  'conformance-\u2028-\u2029-\u00a0-\ufeff',
  'conformance-\u0000-\u0001-\u001f-\u007f-\u0085-controls',
  'conformance-\u200f-\u202e-rtl-\u202c-\u200e',
  '__proto__',
  'constructor',
  nameOfLength(MAX_NAME_LENGTH, 'x'),
  nameOfLength(MAX_NAME_LENGTH - 1, 'y'),
  nameOfLength(MAX_NAME_LENGTH + 1, 'z'),
  nameOfLength(MAX_NAME_LENGTH, '🐕'),
]

/**
 * The int64 values where storage and parsers break: zero, ±1, 2^31, 2^32,
 * 2^53 and their neighbours, the two ends of int64.
 *
 * @example
 * INT64_EDGES.includes(2n ** 53n + 1n) // true
 */
export const INT64_EDGES: ReadonlyArray<bigint> = [
  0n,
  -1n,
  2n ** 31n,
  -(2n ** 31n) - 1n,
  2n ** 32n + 1n,
  2n ** 53n + 1n,
  -(2n ** 53n) - 1n,
  2n ** 63n - 1n,
  -(2n ** 63n),
]

/** The code points between the two planes' halves that are no characters (UTF-16 surrogates). */
const SURROGATES = { first: 0xd800, count: 0x800 }

/**
 * One Unicode scalar value (any code point but a surrogate) as a string: the
 * domain of fast-check's `binary` string unit, whose first use in a process
 * builds a table of every code point (about 2 s, once per kit run). The
 * unmapper lets fast-check still splice its known dangerous strings
 * (`__proto__`, `constructor`...) into the names.
 */
const scalarValue = fc.integer({ min: 0, max: 0x10ffff - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (value) => {
    const code = typeof value === 'string' ? value.codePointAt(0) : undefined
    if (
      code === undefined ||
      String.fromCodePoint(code) !== value ||
      (code >= SURROGATES.first && code < SURROGATES.first + SURROGATES.count)
    ) {
      throw new Error('not one Unicode scalar value')
    }
    return code < SURROGATES.first ? code : code - SURROGATES.count
  },
)

/**
 * NewPets over the whole domain of each field: a name of any Unicode
 * characters (astral planes and combining marks included) or one of
 * {@link EDGE_NAMES}; a category id that is known or any int64 (edges
 * first); and an optional status. A failing case shrinks towards
 * {@link simplestNewPet}: {@link SIMPLE_NAME}, the first known category and
 * no status, keeping only what the failure depends on.
 *
 * @example
 * fc.sample(anyNewPet([1n]), { seed: 1, numRuns: 3 })
 */
export function anyNewPet(categoryIds: Array<bigint>): fc.Arbitrary<SentPet> {
  return fc.record(
    {
      // Shrinks to SIMPLE_NAME (fc.option's nil), drawn in about 1 case of 30,
      // unless the failure depends on the name.
      name: fc.option(
        fc.oneof(
          fc.constantFrom(...EDGE_NAMES),
          fc.string({ unit: scalarValue, minLength: 1, maxLength: 24 }),
          fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 8 }),
          fc
            .tuple(fc.constantFrom(' ', '\t', '\u3000'), fc.string({ minLength: 1, maxLength: 12 }))
            .map(([space, text]) => `${space}${text}${space}`),
        ),
        { nil: SIMPLE_NAME, freq: 30 },
      ),
      categoryId: fc.oneof(
        fc.constantFrom(...categoryIds),
        fc.constantFrom(...INT64_EDGES),
        fc.bigInt({ min: INT64.min, max: INT64.max }),
      ),
      status: fc.constantFrom(...PetStatus.options),
    },
    { requiredKeys: ['name', 'categoryId'] },
  )
}
