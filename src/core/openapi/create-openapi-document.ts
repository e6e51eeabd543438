import { deprecationHeaders } from '../../spec/deprecation.ts'
import { ErrorBody } from '../../spec/error-body.ts'
import { ERROR_CODES } from '../../spec/error-codes.ts'
import { EXPOSED_HEADERS } from '../../spec/headers.ts'
import { NewPet } from '../../spec/new-pet.ts'
import { Order, OrderStatus, Orders } from '../../spec/order.ts'
import { Pet, Pets } from '../../spec/pet.ts'
import { PetStatus } from '../../spec/pet-status.ts'
import { PLAN_NAMES, PLANS, type PlanName } from '../../spec/plans.ts'
import { API_PREFIX, GET_PET_DEPRECATION, TAGS } from '../../spec/routes.ts'
import { openApiHeaders } from './openapi-headers.ts'
import { operationSpecs } from './openapi-operations.ts'
import { openApiPaths } from './openapi-paths.ts'
import { schemaId, toOpenApiSchemas } from './to-openapi-schemas.ts'

/** The version of the interface (spec §9). */
export const API_VERSION = '1.0.0'

/** The name of the bearer security scheme in the document. */
export const SECURITY_SCHEME = 'bearerAuth'

/**
 * The document with `serverUrl` as its server: the mock serves each client
 * the origin and base path it used.
 *
 * @example
 * withServerUrl(document, 'http://127.0.0.1:4010/v1').servers
 * // [{ url: 'http://127.0.0.1:4010/v1', description: 'The server that serves this document.' }]
 */
export function withServerUrl(
  document: Record<string, unknown>,
  serverUrl: string,
): Record<string, unknown> {
  return { ...document, servers: serversOf(serverUrl) }
}

function serversOf(url: string): Array<{ url: string; description: string }> {
  return [{ url, description: 'The server that serves this document.' }]
}

/**
 * What the OpenAPI document shows that is not a rule of the spec: example
 * records, the keys the mock accepts and the statuses that can be forced.
 * The app passes them in, so that the document builder needs nothing but the
 * spec module.
 *
 * @example
 * const inputs: OpenApiInputs = { examples: seedData({ pets: 3, orders: 2 }), keys: DEFAULT_KEYS, simulatedStatuses: [503] }
 */
export interface OpenApiInputs {
  /** The `servers` entry. Default: `/v1` (relative). */
  serverUrl?: string
  /** Example records: the first pet is the example of `Pet` and `NewPet`. */
  examples: { pets: Array<Pet>; orders: Array<Order> }
  /** The keys the mock accepts out of the box, by plan. */
  keys: Readonly<Record<string, PlanName>>
  /** Statuses that `Prefer: code=` and scenarios can force. */
  simulatedStatuses: ReadonlyArray<number>
}

/**
 * Builds the OpenAPI 3.1 document of the API, served at `GET /openapi.json`,
 * from the one schema definition, the route table and the constants that the
 * mock itself enforces (limits, statuses, error codes, plans, headers).
 *
 * @example
 * const document = createOpenApiDocument({ ...openApiInputs(), serverUrl: 'http://127.0.0.1:4010/v1' })
 * document.openapi // '3.1.0'
 * document.paths['/pets/{petId}'].get.deprecated // true
 */
export function createOpenApiDocument(options: OpenApiInputs): Record<string, unknown> {
  const example = options.examples
  const [firstPet] = example.pets
  const examples: Record<string, unknown> = {
    [schemaId(Pet)]: firstPet,
    [schemaId(Pets)]: example.pets,
    [schemaId(Orders)]: example.orders,
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Animal Adoption Service',
      version: API_VERSION,
      description: describeApi(),
      contact: CONTACT,
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
    },
    servers: serversOf(options.serverUrl ?? API_PREFIX),
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    'x-tagGroups': Object.keys(TAGS).map((tag) => ({
      name: `${tag[0]?.toUpperCase()}${tag.slice(1)}`,
      tags: [tag],
    })),
    paths: openApiPaths(operationSpecs(firstPet), examples, options.simulatedStatuses),
    components: {
      schemas: toOpenApiSchemas([
        Pet,
        Pets,
        NewPet,
        PetStatus,
        Order,
        Orders,
        OrderStatus,
        ErrorBody,
      ]),
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: `Send the API key as \`Authorization: Bearer <API_KEY>\`. The mock accepts ${Object.entries(
            options.keys,
          )
            .map(([key, plan]) => `\`${key}\` (${plan})`)
            .join(', ')} and the keys it is given.`,
        },
      },
      headers: openApiHeaders(example.pets.length + 1, deprecationHeaders(GET_PET_DEPRECATION)),
    },
  }
}

/** Who to turn to about the document: the package that serves it. */
const CONTACT = {
  name: 'petstore-mock',
  url: 'https://www.npmjs.com/package/petstore-mock',
}

function describeApi(): string {
  const number = (value: number) => value.toLocaleString('en-US')
  const plans = PLAN_NAMES.map((plan) => {
    const { perMinute, perDay } = PLANS[plan]
    const cell = (value: number) =>
      plan === 'enterprise' ? `Custom (the mock's default: ${number(value)})` : number(value)
    const name = `${plan[0]?.toUpperCase()}${plan.slice(1)}`
    return `| ${name} | ${cell(perMinute)} | ${cell(perDay)} |`
  })
  const codes = Object.entries(ERROR_CODES).map(([code, status]) => `| \`${code}\` | ${status} |`)
  return [
    'Browse and manage animals available for adoption, and the store orders placed for them. All operations require a bearer API key.',
    '',
    '## Rate limits',
    '',
    'Every response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`. Over the limit the answer is `429` with `Retry-After`; back off exponentially. A key that keeps sending while limited is banned for a while.',
    '',
    '| Plan | Requests per minute | Requests per day |',
    '|---|---|---|',
    ...plans,
    '',
    '## Errors',
    '',
    'Error responses carry `{ code, message, status }`, where `status` repeats the HTTP status.',
    '',
    '| code | HTTP status |',
    '|---|---|',
    ...codes,
    '',
    '## Browsers',
    '',
    `CORS is on: any origin is reflected, and these response headers are exposed: ${EXPOSED_HEADERS}.`,
  ].join('\n')
}
