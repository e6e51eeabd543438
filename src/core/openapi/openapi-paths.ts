import { ErrorBody } from '../../spec/error-body.ts'
import { ERROR_CODES } from '../../spec/error-codes.ts'
import {
  DEPRECATION_HEADER_NAMES,
  HEADER_NAMES,
  RATE_LIMIT_HEADER_NAMES,
  RETRY_AFTER_NAME,
} from '../../spec/headers.ts'
import { API_PREFIX, type OperationId, ROUTES, type Route } from '../../spec/routes.ts'
import type { ErrorStatus, OperationSpec } from './openapi-operations.ts'
import { schemaId, schemaRef } from './to-openapi-schemas.ts'

/**
 * The document's `paths`: each route of the spec with its operation's
 * parameters, body and answers (the success with its example, every error
 * status with its codes and headers, and the statuses `simulatedStatuses`
 * can force), under the API root (`/pets`, not `/v1/pets`).
 *
 * @example
 * openApiPaths(operationSpecs(pet), { Pet: pet }, [503])['/pets/{petId}'].get.deprecated // true
 */
export function openApiPaths(
  operations: Record<OperationId, OperationSpec>,
  /** Examples of the success answers, by schema id. */
  examples: Record<string, unknown>,
  simulatedStatuses: ReadonlyArray<number>,
): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of ROUTES) {
    const spec = operations[route.operationId]
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
      responses: responsesOf(route, spec, examples, simulatedStatuses),
    }
  }
  return paths
}

/** The answers of one operation, by status: its success, then each error status in order. */
function responsesOf(
  route: Route,
  spec: OperationSpec,
  examples: Record<string, unknown>,
  simulatedStatuses: ReadonlyArray<number>,
): Record<string, unknown> {
  const extraHeaders: Array<string> = route.deprecation
    ? Object.values(DEPRECATION_HEADER_NAMES)
    : []
  const headersOf = (names: Array<string>) =>
    Object.fromEntries(
      [...RATE_LIMIT_HEADERS_SPELLED, ...extraHeaders, ...names].map((name) => [
        name,
        headerRef(name),
      ]),
    )
  const errors = errorsOf(spec, simulatedStatuses)
  const example = examples[spec.success.schema]
  const responses: Record<string, unknown> = {
    [spec.success.status]: {
      description: spec.success.description,
      headers: headersOf(spec.success.headers ?? []),
      content: {
        'application/json': {
          schema: schemaRef(spec.success.schema),
          ...(example === undefined ? {} : { example }),
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
      content: { 'application/json': { schema: schemaRef(schemaId(ErrorBody)) } },
    }
  }
  return responses
}

/**
 * The error statuses the document lists for an operation, with why each
 * happens: those every operation has, its own, and those that can be forced.
 *
 * @example
 * Object.keys(errorsOf(operationSpecs(undefined).getPet, [503])) // ['401', '403', '404', …]
 */
export function errorsOf(
  spec: OperationSpec,
  simulatedStatuses: ReadonlyArray<number>,
): Partial<Record<ErrorStatus, string>> {
  const errors: Partial<Record<ErrorStatus, string>> = { ...COMMON_ERRORS, ...spec.errors }
  for (const status of simulatedStatuses as ReadonlyArray<ErrorStatus>) {
    const forced = `forced with \`Prefer: code=${status}\` or \`__code=${status}\``
    const reason = errors[status]
    errors[status] =
      reason === undefined ? `Only when ${forced}.` : `${reason} Also when ${forced}.`
  }
  return errors
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

/** Headers of every response (spec §8), as the spec spells them (the document's component names). */
const RATE_LIMIT_HEADERS_SPELLED: Array<string> = Object.values(RATE_LIMIT_HEADER_NAMES)

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
