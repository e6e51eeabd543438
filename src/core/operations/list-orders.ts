import { jsonResponse } from '../../base/http/json-response.ts'
import type { Operation } from '../../base/http/types.ts'
import { readEnum, readLimit } from '../../base/validation/read-params.ts'
import { PARAMETERS } from '../../spec/params.ts'
import type { Store } from '../data/create-store.ts'

/**
 * `GET /v1/store/orders` (listOrders, spec §4.4): orders ordered by id, with
 * `limit` and a `status` filter like pets.
 *
 * @example
 * const operation = listOrders(store)
 */
export function listOrders(store: Store): Operation {
  return ({ request }) => {
    const limit = readLimit(request.query)
    const status = readEnum(request.query, 'status', PARAMETERS.listOrders.query.status)
    return jsonResponse(200, store.listOrders({ status, limit }))
  }
}
