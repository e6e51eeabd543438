import { HttpError } from './http-error.ts'
import { inInt64 } from './int64.ts'

/**
 * Reads the `petId` path segment as an exact int64 (§4.3); anything else is
 * a 400.
 *
 * @example
 * parsePetId('9007199254740993') // 9007199254740993n
 */
export function parsePetId(text: string): bigint {
  if (!/^-?\d+$/.test(text)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw new HttpError(400, 'invalid_request', 'petId must be an integer.')
  }
  const id = BigInt(text)
  // Stryker disable next-line BlockStatement: an id beyond int64 names no pet: 404 or 400 (§4.3 documents 404 only)
  if (!inInt64(id)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw new HttpError(400, 'invalid_request', 'petId must be an int64.')
  }
  return id
}
