import { HEADER_NAMES } from '../../spec/headers.ts'
import { int64 } from '../../spec/int64.ts'
import { LIST_LIMIT as LIMIT, MAX_BODY_BYTES } from '../../spec/limits.ts'
import { MAX_NAME_LENGTH, NewPet } from '../../spec/new-pet.ts'
import { OrderStatus, Orders } from '../../spec/order.ts'
import { Pet, Pets } from '../../spec/pet.ts'
import { PetStatus } from '../../spec/pet-status.ts'
import type { OperationId } from '../../spec/routes.ts'
import { type JsonSchema, schemaId, schemaRef, toOpenApiSchema } from './to-openapi-schemas.ts'

/**
 * An error status the document describes.
 *
 * @example
 * const status: ErrorStatus = 404
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 413 | 415 | 429 | 500 | 503 | 507

/**
 * What the document says of one operation, besides its route: parameters,
 * request body, the success answer and the errors of its own.
 *
 * @example
 * const spec: OperationSpec = { success: { status: 200, description: 'The orders.', schema: 'Orders' }, errors: {} }
 */
export interface OperationSpec {
  parameters?: Array<JsonSchema>
  requestBody?: JsonSchema
  success: { status: 200 | 201; description: string; schema: string; headers?: Array<string> }
  /** Error statuses besides those every operation has, with why they happen. */
  errors: Partial<Record<ErrorStatus, string>>
}

/**
 * Each operation of the spec as the document describes it, from the limits
 * and schemas the mock enforces; `firstPet` is the example of a new pet and of
 * a pet id.
 *
 * @example
 * operationSpecs(examples.pets[0]).getPet.errors[404] // 'No animal has this `id`.'
 */
export function operationSpecs(firstPet: Pet | undefined): Record<OperationId, OperationSpec> {
  const limitParameter = {
    name: 'limit',
    in: 'query',
    required: false,
    description: `The most records to return: ${LIMIT.min} to ${LIMIT.max}, ${LIMIT.default} when absent.`,
    schema: { type: 'integer', minimum: LIMIT.min, maximum: LIMIT.max, default: LIMIT.default },
  }
  const statusParameter = (schema: { meta(): { id?: unknown } | undefined }, what: string) => ({
    name: 'status',
    in: 'query',
    required: false,
    description: `Only ${what} with this status.`,
    schema: schemaRef(schemaId(schema)),
  })
  const badQuery = `A query parameter is invalid: \`limit\` is not an integer from ${LIMIT.min} to ${LIMIT.max}, or \`status\` is not one of the listed values.`
  return {
    listPets: {
      parameters: [limitParameter, statusParameter(PetStatus, 'animals')],
      success: { status: 200, description: 'The animals.', schema: schemaId(Pets) },
      errors: { 400: badQuery },
    },
    createPet: {
      requestBody: {
        required: true,
        description: 'The animal to add.',
        content: {
          'application/json': {
            schema: schemaRef(schemaId(NewPet)),
            example: firstPet && { name: firstPet.name, categoryId: firstPet.categoryId },
          },
        },
      },
      success: {
        status: 201,
        description: 'The animal was added; the body is the stored animal with its `id`.',
        schema: schemaId(Pet),
        headers: [HEADER_NAMES.location],
      },
      errors: {
        400: `The body is missing, is not a JSON object, or is not a valid NewPet (\`name\` of 1 to ${MAX_NAME_LENGTH} characters, \`categoryId\` an int64 naming an existing category, \`status\` one of the PetStatus values).`,
        408: 'The body did not arrive in time.',
        413: `The body is larger than ${MAX_BODY_BYTES} bytes.`,
        415: 'The body is declared with a `Content-Type` other than JSON.',
        507: "The store holds as many animals as it may (the mock's `--max-pets`), or the disk of its `--data-file` is full.",
      },
    },
    getPet: {
      parameters: [
        {
          name: 'petId',
          in: 'path',
          required: true,
          description: 'The `id` of the animal.',
          schema: toOpenApiSchema(int64),
          example: firstPet?.id,
        },
      ],
      success: { status: 200, description: 'The animal.', schema: schemaId(Pet) },
      errors: {
        400: '`petId` is not an int64 integer.',
        404: 'No animal has this `id`.',
      },
    },
    listOrders: {
      parameters: [limitParameter, statusParameter(OrderStatus, 'orders')],
      success: { status: 200, description: 'The orders.', schema: schemaId(Orders) },
      errors: { 400: badQuery },
    },
  }
}
