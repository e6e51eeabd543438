import { HttpError } from './http-error.ts'
import type { ListQuery } from './pet-store.ts'
import { isStatus } from './statuses.ts'

/** `limit` of `GET /pets` (§4.1, §8). */
const LIMIT = { min: 1, max: 100, default: 20 }

const refuse = (): never => {
  // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
  throw new HttpError(400, 'invalid_request', 'limit must be 1..100.')
}

/** An out-of-range `limit` moved into 1..100; the default for one that is no number. */
function clamped(number: number): number {
  return Number.isNaN(number) ? LIMIT.default : Math.min(LIMIT.max, Math.max(LIMIT.min, number))
}

/**
 * Reads the query of `GET /pets`: `limit` 1..100 (20 when absent) and an
 * optional `status` of the enum. An invalid `limit` is a 400, or clamped into
 * range when `clamp` is set (the spec documents no 400 for listPets).
 *
 * @example
 * parseListQuery(new URLSearchParams('limit=5&status=sold'), false, false) // { limit: 5, status: 'sold' }
 */
export function parseListQuery(
  query: URLSearchParams,
  clamp: boolean,
  lenient: boolean,
): ListQuery {
  // Stryker disable next-line ConditionalExpression: an out-of-range limit clamped or refused, both allowed (§4.1 documents no 400 for listPets)
  const outOfRange = clamp ? clamped : refuse
  const limitText = query.get('limit')
  let limit = LIMIT.default
  if (limitText !== null) {
    // Stryker disable next-line ConditionalExpression: a look-alike limit (`+5`, `1e1`) read as the number or refused, both allowed (the `lenientShapes` variant; §4.1 documents no 400 for listPets)
    const number = lenient
      ? readLeniently(limitText)
      : /^-?\d+$/.test(limitText)
        ? Number(limitText)
        : Number.NaN
    // In range exactly when clamping leaves it as it is.
    const inRange = clamped(number) === number
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a limit that is no number (or out of range) ignored or refused, both allowed (§4.1 documents no 400 for listPets)
    const outside = lenient && Number.isNaN(number) ? () => LIMIT.default : outOfRange
    limit = inRange ? number : outside(number)
  }
  const status = query.get('status')
  // Stryker disable next-line BlockStatement: an unknown status refused or matching no pet, both allowed (§4.1 documents no 400 for listPets)
  if (status !== null && !isStatus(status)) {
    // Stryker disable next-line ConditionalExpression: an unknown status refused or matching no pet, both allowed (§4.1 documents no 400 for listPets)
    if (lenient) return { limit: 0 }
    // Stryker disable next-line StringLiteral,CallExpression: an unknown status refused or matching no pet (§4.1 documents no 400 for listPets); §7 fixes no value of `code` or `message`
    throw new HttpError(400, 'invalid_request', 'Unknown status.')
  }
  return { limit, ...(status === null ? {} : { status }) }
}

/**
 * An integer in any decimal notation (`+5`, `5.0`, `1e1`, `007`, spaces
 * around), or NaN.
 *
 * @example
 * readLeniently('1e1') // 10
 */
export function readLeniently(text: string): number {
  // Stryker disable next-line MethodExpression: spaces around a number make it that number or none, both allowed readings (§4.1)
  const trimmed = text.trim()
  const number = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)
    ? Number(trimmed)
    : Number.NaN
  return Number.isInteger(number) ? number : Number.NaN
}
