import { deprecationHeaders } from '../spec/deprecation.ts'
import { ErrorBody } from '../spec/error-body.ts'
import { ERROR_CODES } from '../spec/error-codes.ts'
import {
  DEPRECATION_HEADER_NAMES,
  EXPOSED_HEADERS,
  HEADER_NAMES,
  RATE_LIMIT_HEADER_NAMES,
  RETRY_AFTER_NAME,
  WWW_AUTHENTICATE,
} from '../spec/headers.ts'
import { int64 } from '../spec/int64.ts'
import { LIST_LIMIT as LIMIT, MAX_BODY_BYTES } from '../spec/limits.ts'
import { MAX_NAME_LENGTH, NewPet } from '../spec/new-pet.ts'
import { Order, OrderStatus, Orders } from '../spec/order.ts'
import { Pet, Pets } from '../spec/pet.ts'
import { PetStatus } from '../spec/pet-status.ts'
import { PLAN_NAMES, PLANS, type PlanName } from '../spec/plans.ts'
import { API_PREFIX, GET_PET_DEPRECATION, type OperationId, ROUTES, TAGS } from '../spec/routes.ts'
import {
  type JsonSchema,
  SCHEMA_REF_PREFIX,
  toOpenApiSchema,
  toOpenApiSchemas,
} from './to-openapi-schemas.ts'

/** The version of the interface (spec §9). */
export const API_VERSION = '1.0.0'

/** The name of the bearer security scheme in the document. */
export const SECURITY_SCHEME = 'bearerAuth'

type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 413 | 415 | 429 | 500 | 503 | 507

interface OperationSpec {
  parameters?: Array<JsonSchema>
  requestBody?: JsonSchema
  success: { status: 200 | 201; description: string; schema: string; headers?: Array<string> }
  /** Error statuses besides those every operation has (`COMMON_ERRORS`), with why they happen. */
  errors: Partial<Record<ErrorStatus, string>>
}

const ref = (id: string) => ({ $ref: `${SCHEMA_REF_PREFIX}${id}` })
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })
const schemaId = (schema: { meta(): { id?: unknown } | undefined }) => String(schema.meta()?.id)

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
  const schemas = toOpenApiSchemas([
    Pet,
    Pets,
    NewPet,
    PetStatus,
    Order,
    Orders,
    OrderStatus,
    ErrorBody,
  ])
  const example = options.examples
  const [firstPet] = example.pets
  const sunset = deprecationHeaders(GET_PET_DEPRECATION)

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
    schema: ref(schemaId(schema)),
  })
  const badQuery = `A query parameter is invalid: \`limit\` is not an integer from ${LIMIT.min} to ${LIMIT.max}, or \`status\` is not one of the listed values.`

  const operations: Record<OperationId, OperationSpec> = {
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
            schema: ref(schemaId(NewPet)),
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

  const examples: Record<string, unknown> = {
    [schemaId(Pet)]: firstPet,
    [schemaId(Pets)]: example.pets,
    [schemaId(Orders)]: example.orders,
  }

  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of ROUTES) {
    const spec = operations[route.operationId]
    const extraHeaders: Array<string> = route.deprecation
      ? Object.values(DEPRECATION_HEADER_NAMES)
      : []
    const headersOf = (names: Array<string>) =>
      Object.fromEntries(
        [...RATE_LIMIT_HEADERS, ...extraHeaders, ...names].map((name) => [name, headerRef(name)]),
      )
    const errors: Partial<Record<ErrorStatus, string>> = { ...COMMON_ERRORS, ...spec.errors }
    for (const status of options.simulatedStatuses as ReadonlyArray<ErrorStatus>) {
      const forced = `forced with \`Prefer: code=${status}\` or \`__code=${status}\``
      const reason = errors[status]
      errors[status] =
        reason === undefined ? `Only when ${forced}.` : `${reason} Also when ${forced}.`
    }
    const responses: Record<string, unknown> = {
      [spec.success.status]: {
        description: spec.success.description,
        headers: headersOf(spec.success.headers ?? []),
        content: {
          'application/json': {
            schema: ref(spec.success.schema),
            ...(examples[spec.success.schema] === undefined
              ? {}
              : { example: examples[spec.success.schema] }),
          },
        },
      },
    }
    for (const status of Object.keys(errors)
      .map(Number)
      .sort((a, b) => a - b) as Array<ErrorStatus>) {
      responses[status] = {
        description: `${errors[status]} Codes: ${codesOf(status)}.`,
        headers: headersOf(ERROR_HEADERS[status] ?? []),
        content: { 'application/json': { schema: ref(schemaId(ErrorBody)) } },
      }
    }
    const path = route.path.slice(API_PREFIX.length)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: route.description,
      tags: [route.tag],
      ...(route.deprecation ? { deprecated: true } : {}),
      ...(spec.parameters ? { parameters: spec.parameters } : {}),
      ...(spec.requestBody ? { requestBody: spec.requestBody } : {}),
      responses,
    }
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
    paths,
    components: {
      schemas,
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
      headers: {
        [RATE_LIMIT_HEADER_NAMES.limit]: {
          description:
            'The request limit in force for the caller, of the window (minute or day) that runs out first.',
          required: true,
          schema: { type: 'integer', minimum: 1 },
        },
        [RATE_LIMIT_HEADER_NAMES.remaining]: {
          description: 'Requests remaining in that window.',
          required: true,
          schema: { type: 'integer', minimum: 0 },
        },
        [RATE_LIMIT_HEADER_NAMES.reset]: {
          description: 'Unix timestamp (seconds) at which that window resets.',
          required: true,
          schema: { type: 'integer', format: 'int64', minimum: 0 },
        },
        [RETRY_AFTER_NAME]: {
          description: 'Seconds to wait before retrying.',
          schema: { type: 'integer', minimum: 1 },
        },
        [HEADER_NAMES.wwwAuthenticate]: {
          description: 'The bearer challenge (RFC 6750).',
          schema: { type: 'string' },
          example: WWW_AUTHENTICATE,
        },
        [HEADER_NAMES.location]: {
          description: 'The path of the created animal.',
          schema: { type: 'string', format: 'uri-reference' },
          example: `${API_PREFIX}/pets/${example.pets.length + 1}`,
        },
        Deprecation: {
          description: 'When the operation was deprecated (RFC 9745), as `@` and a Unix timestamp.',
          schema: { type: 'string' },
          example: sunset.deprecation,
        },
        Sunset: {
          description: 'When the operation goes away (RFC 8594), as an HTTP date.',
          schema: { type: 'string' },
          example: sunset.sunset,
        },
        Link: {
          description: 'The operation that replaces this one (`rel="successor-version"`).',
          schema: { type: 'string' },
          example: sunset.link,
        },
      },
    },
  }
}

/** Headers of every response (spec §8). */
const RATE_LIMIT_HEADERS: Array<string> = Object.values(RATE_LIMIT_HEADER_NAMES)

/** Who to turn to about the document: the package that serves it. */
const CONTACT = {
  name: 'petstore-mock',
  url: 'https://www.npmjs.com/package/petstore-mock',
}

/** Error statuses every operation can answer, with why. */
const COMMON_ERRORS: Partial<Record<ErrorStatus, string>> = {
  401: 'The API key is missing or invalid.',
  403: 'The `Host` of the request is not one the mock serves (loopback names, and those given with `--allowed-host`).',
  429: 'The rate limit of the API key (or, without a valid key, of the client address) is exceeded, or the key is banned for sending on while limited. Retry after `Retry-After` seconds, backing off exponentially.',
  500: 'The server failed unexpectedly.',
  503: 'The server is shutting down (see `Retry-After`).',
}

/** Headers that only some error statuses carry. */
const ERROR_HEADERS: Partial<Record<ErrorStatus, Array<string>>> = {
  401: [HEADER_NAMES.wwwAuthenticate],
  429: [RETRY_AFTER_NAME],
  503: [RETRY_AFTER_NAME],
}

/** The `code` values of Error bodies with this status, as Markdown. */
function codesOf(status: number): string {
  return Object.entries(ERROR_CODES)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => `\`${code}\``)
    .join(', ')
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
