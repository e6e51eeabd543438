import { z } from 'zod'

/**
 * The int64 range of the spec's ids (§2: `id`, `categoryId`, `petId` are
 * int64), as exact integers.
 *
 * @example
 * INT64.max // 9223372036854775807n
 */
export const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n } as const

/**
 * The one int64 rule, for path parameters and JSON bodies alike: any integer
 * from −2^63 to 2^63 − 1 is a valid id, judged exactly. A path parameter is
 * read with `parseInt64`; a body that holds int64 fields is parsed with its
 * large integers kept as the `bigint` that was written (readJsonBody's
 * `exactIntegers`), so both positions judge the number that was sent. The
 * mock's records all have ids within ±(2^53 − 1), so a larger valid id names
 * no record: `GET /pets/{petId}` answers 404, and a `categoryId` names no
 * category (400, like any unknown category). Outside the range is a 400 that
 * quotes the number sent. Every notation of an integer (`7.0`, `1e20`) is
 * read exactly (`reviveExactInteger`); only a literal of more than
 * `MAX_EXACT_DIGITS` significant digits is judged by its double, which must
 * lie strictly within ±2^63.
 *
 * @example
 * INT64_RULE // 'must be an integer from -9223372036854775808 to 9223372036854775807'
 */
export const INT64_RULE = `must be an integer from ${INT64.min} to ${INT64.max}`

/**
 * The most significant digits an integer literal is read exactly with (as a
 * `bigint`): an int64 has at most 19, so a literal with more is beyond int64
 * whatever its digits, and its double (beyond ±2^63 too) judges it the same.
 * Reading it exactly would cost time that grows faster than its length (a
 * 7 MiB literal took 7 s on the main thread); this keeps each read small.
 *
 * @example
 * MAX_EXACT_DIGITS // 20
 */
export const MAX_EXACT_DIGITS = 20

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/**
 * The exact integer a JSON number literal stands for (`12e3` and `7.0` are
 * integers too), or `undefined` when it has a non-zero fraction, is not a
 * number literal, or has more than `MAX_EXACT_DIGITS` significant digits
 * (beyond int64: its double judges it the same). Its work grows with the
 * literal's length and no faster: the exponent adds at most 400 zeros, so no
 * `bigint` is made of more than 421 digits. The one reading of integer
 * literals, for request bodies, recorded answers and the kit alike.
 *
 * @example
 * exactInteger('9007199254740993') // 9007199254740993n
 * exactInteger('9.007199254740993e15') // 9007199254740993n
 * exactInteger('1'.repeat(1000)) // undefined: beyond int64, judged by its double
 */
export function exactInteger(source: string): bigint | undefined {
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
 * The `JSON.parse` reviver that reads integers without losing them: a number
 * that is an integer beyond ±(2^53 − 1), or too large to be finite, becomes
 * the `bigint` its literal stands for (`exactInteger`, from the reviver's
 * `context.source`, Node ≥ 22); every other value is what `JSON.parse` gives.
 *
 * @example
 * JSON.parse('{"id":9007199254740993}', reviveExactInteger) // { id: 9007199254740993n }
 */
export function reviveExactInteger(
  _key: string,
  value: unknown,
  context?: { source?: string },
): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value)) return value
  if (Number.isFinite(value) && !Number.isInteger(value)) return value
  if (context?.source === undefined) return value
  return exactInteger(context.source) ?? value
}

/** 2^63: a JSON number must lie strictly within ±2^63 as a double. */
const BOUND = 2 ** 63
const DECIMAL = /^-?\d{1,20}$/

/**
 * Whether a JSON number is an int64.
 *
 * @example
 * isInt64(2 ** 60) // true
 * isInt64(1.5) // false
 */
export function isInt64(value: number): boolean {
  return Number.isInteger(value) && value > -BOUND && value < BOUND
}

/**
 * Reads an int64 written in decimal (a path parameter), exactly; `undefined`
 * when it is not one.
 *
 * @example
 * parseInt64('0042') // 42n
 * parseInt64('9223372036854775808') // undefined
 */
export function parseInt64(text: string): bigint | undefined {
  const digits = text.replace(/^(-?)0+(?=\d)/, '$1')
  if (!DECIMAL.test(digits)) return undefined
  const value = BigInt(digits)
  return value >= INT64.min && value <= INT64.max ? value : undefined
}

/**
 * Whether a value read from a JSON body is an int64: a `bigint` (an integer
 * written beyond the exact doubles) within `INT64`, or an integer double
 * within ±2^63.
 *
 * @example
 * isInt64Value(9223372036854775807n) // true
 * isInt64Value(9223372036854775808n) // false
 */
export function isInt64Value(value: unknown): value is number | bigint {
  if (typeof value === 'bigint') return value >= INT64.min && value <= INT64.max
  return typeof value === 'number' && isInt64(value)
}

/**
 * An int64 id in a JSON body (spec §2), judged by `isInt64Value`. The OpenAPI
 * document shows it as `integer`, format `int64`.
 *
 * @example
 * int64.parse(42) // 42
 * int64.parse(9223372036854775807n) // 9223372036854775807n
 */
export const int64 = z
  .custom<number | bigint>(isInt64Value, { message: INT64_RULE })
  .meta({ type: 'integer', format: 'int64' } as Record<string, unknown>)

/**
 * The id of a record the mock holds: an int64 within ±(2^53 − 1), which it
 * can store exactly (it assigns ids itself, and refuses larger ones in
 * fixtures). Shown as `integer`, format `int64`, like any id.
 *
 * @example
 * heldId.parse(7) // 7
 */
export const heldId = z.int().meta({ format: 'int64' })
