import { HttpError } from './http-error.ts'
import { readLeniently } from './parse-list-query.ts'

/**
 * Reads the `petId` path segment as an exact integer (§4.3); anything else is
 * a 400.
 *
 * @example
 * parsePetId('9007199254740993', false) // 9007199254740993n
 */
export function parsePetId(text: string, lenient: boolean): bigint {
  // Stryker disable next-line all: other notations of an integer read as it, an allowed difference (the `lenientShapes` variant)
  if (lenient) {
    // Another notation of an integer read as it; anything else names no pet (404).
    const number = readLeniently(text)
    return Number.isSafeInteger(number) ? BigInt(number) : /^-?\d+$/.test(text) ? BigInt(text) : -1n
  }
  if (!/^-?\d+$/.test(text)) {
    throw new HttpError(
      400,
      // Stryker disable next-line StringLiteral: §7 shows no values of `code`
      'invalid_request',
      'petId must be an integer.',
    )
  }
  // An id beyond int64 names no pet: the lookup answers 404.
  return BigInt(text)
}
