import { z } from 'zod'
import { PetstoreError } from '../../errors/petstore-error.ts'

/**
 * A JSON Schema (OpenAPI 3.1 Schema Object) as plain data.
 *
 * @example
 * const schema: JsonSchema = { type: 'integer', format: 'int64' }
 */
export type JsonSchema = { [key: string]: unknown }

/** Where component schemas live in the document. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/'

/**
 * A reference to a schema of the document's components, by its id.
 *
 * @example
 * schemaRef('Pet') // { $ref: '#/components/schemas/Pet' }
 */
export function schemaRef(id: string): { $ref: string } {
  return { $ref: `${SCHEMA_REF_PREFIX}${id}` }
}

/**
 * The id a schema of the spec is registered under (its `meta().id`).
 *
 * @example
 * schemaId(Pet) // 'Pet'
 */
export function schemaId(schema: { meta(): { id?: unknown } | undefined }): string {
  return String(schema.meta()?.id)
}

/**
 * Turns zod schemas that carry a `meta({ id })` into OpenAPI 3.1 component
 * schemas, referencing each other by `$ref`. The request side is what is
 * described (`io: 'input'`): objects stay open, because the mock strips
 * unknown fields rather than rejecting them.
 *
 * @example
 * const schemas = toOpenApiSchemas([Pet, PetStatus])
 * schemas.Pet.properties.status // { $ref: '#/components/schemas/PetStatus' }
 */
export function toOpenApiSchemas(schemas: ReadonlyArray<z.ZodType>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const schema of schemas) {
    const id = schema.meta()?.id
    if (typeof id !== 'string') {
      throw PetstoreError.failed(
        'ERR_PETSTORE_INTERNAL',
        'build the OpenAPI document',
        'a component schema has no meta id',
      )
    }
    registry.add(schema, { id })
  }
  const { schemas: generated } = z.toJSONSchema(registry, {
    io: 'input',
    // The int64 rule is a custom check: its meta says `integer`, format `int64`.
    unrepresentable: 'any',
    uri: (id) => `${SCHEMA_REF_PREFIX}${id}`,
  })
  const components: Record<string, JsonSchema> = {}
  for (const [id, schema] of Object.entries(generated)) {
    components[id] = clean(schema as JsonSchema)
  }
  return components
}

/**
 * One zod schema without an id, inlined (for a parameter, say).
 *
 * @example
 * toOpenApiSchema(int64) // { type: 'integer', format: 'int64' }
 */
export function toOpenApiSchema(schema: z.ZodType): JsonSchema {
  return clean(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
}

/**
 * Drops what zod adds for JSON Schema documents but an OpenAPI document does
 * not want: `$schema`/`$id` on each component and the regular expression zod
 * writes out next to `format: date-time`. Integer bounds stay: they are the
 * range the mock enforces.
 */
function clean(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(clean) as unknown as JsonSchema
  if (typeof node !== 'object' || node === null) return node as JsonSchema
  const result: JsonSchema = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id') continue
    result[key] = typeof value === 'object' && value !== null ? clean(value) : value
  }
  if (result.format === 'date-time') delete result.pattern
  return result
}
