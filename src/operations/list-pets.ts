import type { Store } from '../data/create-store.ts'
import { jsonTextResponse } from '../http/json-response.ts'
import type { Operation } from '../http/types.ts'
import { PetStatus } from '../spec/pet-status.ts'
import { readEnum, readLimit } from '../validation/read-params.ts'

/**
 * `GET /v1/pets` (listPets, spec §4.1): pets ordered by id, at most `limit`,
 * optionally filtered by `status`. Serialized pages are cached until the data
 * changes.
 *
 * @example
 * const operation = listPets(store)
 */
export function listPets(store: Store): Operation {
  const cache = new Map<string, string>()
  let cachedVersion = -1
  return ({ request }) => {
    const limit = readLimit(request.query)
    const status = readEnum(request.query, 'status', PetStatus.options)
    if (cachedVersion !== store.version()) {
      cache.clear()
      cachedVersion = store.version()
    }
    const key = `${status ?? ''}:${limit}`
    let text = cache.get(key)
    if (text === undefined) {
      text = JSON.stringify(store.listPets({ status, limit }))
      cache.set(key, text)
    }
    return jsonTextResponse(200, text)
  }
}
