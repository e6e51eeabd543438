import { jsonTextResponse } from '../../base/http/json-response.ts'
import type { Operation } from '../../base/http/types.ts'
import { readEnum, readLimit } from '../../base/validation/read-params.ts'
import { PARAMETERS } from '../../spec/params.ts'
import type { Store } from '../data/create-store.ts'

/**
 * `GET /v1/pets` (listPets, spec §4.1): pets ordered by id, at most `limit`,
 * optionally filtered by `status`. The store caches serialized pages until a
 * change reaches them.
 *
 * @example
 * const operation = listPets(store)
 */
export function listPets(store: Store): Operation {
  return ({ request }) => {
    const limit = readLimit(request.query)
    const status = readEnum(request.query, 'status', PARAMETERS.listPets.query.status)
    const page = store.listPetsPage({ status, limit })
    const response = jsonTextResponse(200, page.text)
    response.items = page.items
    return response
  }
}
