import type { Store } from '../data/create-store.ts'
import { ApiError } from '../errors/api-error.ts'
import { jsonResponse } from '../http/json-response.ts'
import { readJsonBody } from '../http/parse-json-body.ts'
import type { Operation } from '../http/types.ts'
import { NewPet } from '../spec/new-pet.ts'
import { describeIssue } from '../validation/describe-issue.ts'

/**
 * `POST /v1/pets` (createPet, spec §4.2): validates the NewPet body against
 * the schema, checks that the category exists, stores the pet and answers
 * 201 with it.
 *
 * @example
 * const operation = createPet(store)
 */
export function createPet(store: Store): Operation {
  return async ({ request }) => {
    const input = parseNewPet(request.body)
    if (!store.hasCategory(input.categoryId)) {
      throw new ApiError(
        'invalid_request',
        `Field "categoryId" must name an existing category; ${input.categoryId} names none.`,
      )
    }
    const pet = await store.createPet(input)
    return jsonResponse(201, pet, { location: `/v1/pets/${pet.id}` })
  }
}

function parseNewPet(body: string | null): NewPet {
  const value = readJsonBody(body, 'a NewPet')
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
  if (result.data.name.trim() === '') {
    throw new ApiError('invalid_request', 'Field "name" must not be blank.')
  }
  return result.data
}
