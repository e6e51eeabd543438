import { z } from 'zod'
import { ROUTES } from '../operations/routes.ts'
import { Category } from '../schema/category.ts'
import { ErrorBody } from '../schema/error-body.ts'
import { NewPet } from '../schema/new-pet.ts'
import { Order, Orders } from '../schema/order.ts'
import { Pet, Pets } from '../schema/pet.ts'

/**
 * Builds the OpenAPI 3.1 document of the API from the one schema definition
 * and the route table.
 *
 * @example
 * const document = createOpenApiDocument()
 * document.openapi // '3.1.0'
 */
export function createOpenApiDocument(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>()
  for (const schema of [Pet, Pets, NewPet, ErrorBody, Category, Order, Orders]) {
    registry.add(schema, { id: String(schema.meta()?.id) })
  }
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` })
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of ROUTES) {
    const path = route.path.replace(/^\/v1/, '')
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.deprecated ? { deprecated: true } : {}),
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Animal Adoption Service', version: '1.0.0' },
    servers: [{ url: '/v1' }],
    paths,
    components: { schemas },
  }
}
