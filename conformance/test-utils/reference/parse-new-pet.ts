import { attempt } from './attempt.ts'
import { parseExactJson } from './exact-json.ts'
import { HttpError } from './http-error.ts'
import { inInt64 } from './int64.ts'
import type { PetInput } from './pet-store.ts'
import { isStatus } from './statuses.ts'

/**
 * What a create accepts beyond the types.
 *
 * @example
 * const rules: NewPetRules = { categoryIds: new Set([1n]) }
 */
export interface NewPetRules {
  /** Known category ids; `undefined`: any int64 is accepted. */
  categoryIds: ReadonlySet<bigint> | undefined
}

// Stryker disable next-line StringLiteral: §7 shows no values of `code`
const invalid = (message: string) => new HttpError(400, 'invalid_request', message)

/** An int64 written as an integer literal (read exactly as a bigint); `1.0` or `1e2` is refused. */
function readCategoryId(id: unknown): bigint {
  if (typeof id !== 'bigint' || !inInt64(id)) {
    throw invalid('categoryId must be an int64.')
  }
  return id
}

/**
 * Validates a `POST /pets` body into what the store keeps: a JSON object
 * with a string `name`, an int64 `categoryId` (read exactly) and an optional
 * `status` of the enum (§2 NewPet). Anything else is a 400.
 *
 * @example
 * parseNewPet('{"name":"Rex","categoryId":1}', rules)
 */
export function parseNewPet(text: string, rules: NewPetRules): PetInput {
  // A JSON body whatever its label (§4.2 documents no 415); anything but a
  // JSON object, unreadable JSON included, is a 400.
  const value = attempt(
    () => parseExactJson(text),
    () => undefined,
  )
  if (Object.prototype.toString.call(value) !== '[object Object]') {
    throw invalid('Send a JSON object.')
  }
  const body = value as Record<string, unknown>
  if (typeof body.name !== 'string') {
    throw invalid('name must be a string.')
  }
  const categoryId = readCategoryId(body.categoryId)
  // Stryker disable next-line BlockStatement: §2 shows categories only as what `categoryId` refers to: an unknown one may be refused or accepted
  if (rules.categoryIds !== undefined && !rules.categoryIds.has(categoryId)) {
    throw invalid('Unknown category.')
  }
  const { status } = body
  if ('status' in body && !isStatus(status)) {
    throw invalid('Unknown status.')
  }
  return { name: body.name, categoryId, ...(isStatus(status) ? { status } : {}) }
}
