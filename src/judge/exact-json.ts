import { MAX_EXACT_DIGITS } from '../spec/int64.ts'

/** The reviver context of `JSON.parse` on Node >= 22 (proposal-json-parse-with-source). */
interface ReviverContext {
  source?: string
}

type RawJsonApi = {
  rawJSON: (text: string) => unknown
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/**
 * The exact integer a JSON number literal stands for, or `undefined` when
 * it has a non-zero fraction. `12e3` and `7.0` are integers too. Its work
 * grows with the literal's length and no faster: a literal with more than
 * `MAX_EXACT_DIGITS` significant digits is beyond int64 and is left as its
 * double (`undefined`), and the exponent adds at most 400 zeros, so no
 * `bigint` is made of more than 421 digits.
 */
function exactInteger(source: string): bigint | undefined {
  const match = NUMBER.exec(source)
  if (!match) {
    return undefined
  }
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match
  const exponent = Number(exponentText)
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) {
    return undefined
  }
  let digits = `${whole}${fraction}`
  let scale = exponent - fraction.length
  if (scale < 0) {
    const dropped = digits.slice(digits.length + scale)
    if (/[^0]/.test(dropped)) {
      return undefined
    }
    digits = digits.slice(0, digits.length + scale) || '0'
    scale = 0
  }
  digits = digits.replace(/^0+(?=\d)/, '')
  if (digits.length > MAX_EXACT_DIGITS) {
    return undefined
  }
  return BigInt(`${sign}${digits}${'0'.repeat(scale)}`)
}

/**
 * Parses JSON text without losing integers: a number literal that is an
 * integer outside JavaScript's safe range becomes a `bigint` with its exact
 * value (read from the literal's source text, Node >= 22), every other
 * value is what `JSON.parse` gives. Throws like `JSON.parse`.
 *
 * @example
 * parseExactJson('{"id":9007199254740993}') // { id: 9007199254740993n }
 * parseExactJson('{"id":7}') // { id: 7 }
 */
export function parseExactJson(text: string): unknown {
  return JSON.parse(text, function revive(_key, value: unknown, context?: ReviverContext) {
    if (
      typeof value === 'number' &&
      Number.isFinite(value) &&
      Number.isInteger(value) &&
      !Number.isSafeInteger(value) &&
      context?.source !== undefined
    ) {
      return exactInteger(context.source) ?? value
    }
    if (typeof value === 'number' && !Number.isFinite(value) && context?.source !== undefined) {
      // 1e400: an integer far outside any range; keep it exact for the range check.
      return exactInteger(context.source) ?? value
    }
    return value
  } as (this: unknown, key: string, value: unknown) => unknown)
}

/**
 * `JSON.stringify` that writes a `bigint` as its exact decimal number
 * (via `JSON.rawJSON`), so int64 ids go back to the server as they came.
 *
 * @example
 * stringifyExact({ categoryId: 9223372036854775807n }) // '{"categoryId":9223372036854775807}'
 */
export function stringifyExact(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? (JSON as unknown as RawJsonApi).rawJSON(item.toString()) : item,
  )
}
