import { jsonResponse } from '../../base/http/json-response.ts'
import type { Operation } from '../../base/http/types.ts'
import { readInt64Param } from '../../base/validation/read-params.ts'
import { ApiError } from '../../errors/api-error.ts'
import type { Store } from '../data/create-store.ts'

/**
 * `GET /v1/pets/{petId}` (getPet, spec §4.3): one pet, or 404.
 *
 * @example
 * const operation = getPet(store)
 */
export function getPet(store: Store): Operation {
  return ({ params }) => {
    const raw = params.petId ?? ''
    const id = readInt64Param(raw, 'petId')
    const pet = id === undefined ? undefined : store.getPet(id)
    if (pet === undefined) {
      throw new ApiError('not_found', `Pet ${id ?? raw} was not found.`)
    }
    return jsonResponse(200, pet)
  }
}
