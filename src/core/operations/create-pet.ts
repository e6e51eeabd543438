import { jsonResponse } from '../../base/http/json-response.ts'
import { readJsonBody } from '../../base/http/read-json-body.ts'
import type { MockRequest, Operation } from '../../base/http/types.ts'
import { describeIssue } from '../../base/validation/describe-issue.ts'
import { ApiError } from '../../errors/api-error.ts'
import { NewPet } from '../../spec/new-pet.ts'
import { ROUTE_OF } from '../../spec/routes.ts'
import type { Store } from '../data/create-store.ts'

/**
 * `POST /v1/pets` (createPet, spec §4.2): validates the NewPet body against
 * the schema, checks that the category exists, stores the pet and answers
 * 201 with it.
 *
 * @example
 * const operation = createPet(store)
 */
export function createPet(store: Store): Operation {
  return async ({ request, basePath }) => {
    const input = parseNewPet(request)
    const { categoryId } = input
    // A valid int64 beyond the exact doubles (a bigint) names no category the mock holds.
    if (typeof categoryId !== 'number' || !store.hasCategory(categoryId)) {
      throw new ApiError(
        'invalid_request',
        `Field "categoryId" must name an existing category; ${categoryId} names none.`,
      )
    }
    const pet = await store.createPet({ ...input, categoryId })
    const location = `${basePath}${GET_PET_PATH.replace('{petId}', String(pet.id))}`
    return jsonResponse(201, pet, { location })
  }
}

/** Where a created pet can be fetched: its `Location`, under the base path. */
const GET_PET_PATH = ROUTE_OF.getPet.path

function parseNewPet(request: MockRequest): NewPet {
  const value = readJsonBody(request, 'a NewPet', { exactIntegers: true })
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalid_request', 'The request body must be a JSON object (a NewPet).')
  }
  const result = NewPet.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path.join('.') || 'body'
    throw new ApiError(
      'invalid_request',
      `Field "${field}" ${describeIssue(issue, value, NewPet)}.`,
    )
  }
  return result.data
}
