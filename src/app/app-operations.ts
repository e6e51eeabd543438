import { jsonResponse } from '../base/http/json-response.ts'
import { originOfHost } from '../base/http/origin-of-host.ts'
import type { Operation } from '../base/http/types.ts'
import type { Store } from '../core/data/create-store.ts'
import { createPet } from '../core/operations/create-pet.ts'
import { getPet } from '../core/operations/get-pet.ts'
import { listOrders } from '../core/operations/list-orders.ts'
import { listPets } from '../core/operations/list-pets.ts'
import type { OperationId } from '../spec/routes.ts'

/**
 * Each operation of the spec over one store, by its `operationId`, without
 * any middleware (`requestChain` puts each behind its chain).
 *
 * @example
 * const operations = appOperations(store)
 * await operations.listPets(ctx)
 */
export function appOperations(store: Store): { readonly [Id in OperationId]: Operation } {
  return {
    listPets: listPets(store),
    createPet: createPet(store),
    getPet: getPet(store),
    listOrders: listOrders(store),
  }
}

/**
 * The answer of `GET /openapi.json`: the document for the origin the request
 * came to (`Host` when the transport does not know it).
 *
 * @example
 * const document = documentAnswer((origin) => createOpenApiDocument(inputs, origin))
 */
export function documentAnswer(openapi: (requestOrigin: string | undefined) => unknown): Operation {
  return async ({ request }) =>
    jsonResponse(200, openapi(request.origin ?? originOfHost(request.headers.get('host'))))
}
