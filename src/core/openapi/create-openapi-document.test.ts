import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Document, Spectral } from '@stoplight/spectral-core'
import { Json as JsonParser } from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { z } from 'zod'
import { openApiInputs } from '../../app/openapi-inputs.ts'
import { ErrorBody } from '../../spec/error-body.ts'
import { ERROR_CODES } from '../../spec/error-codes.ts'
import { RATE_LIMIT_HEADER_NAMES } from '../../spec/headers.ts'
import { INT64, int64 } from '../../spec/int64.ts'
import { LIST_LIMIT as LIMIT, MAX_BODY_BYTES } from '../../spec/limits.ts'
import { NewPet } from '../../spec/new-pet.ts'
import { Order, Orders } from '../../spec/order.ts'
import { Pet, Pets } from '../../spec/pet.ts'
import { PetStatus } from '../../spec/pet-status.ts'
import { ROUTES, TAGS } from '../../spec/routes.ts'
import { withMockServer } from '../../test-utils/with-mock-server.ts'
import { createOpenApiDocument } from './create-openapi-document.ts'

const REDOCLY = fileURLToPath(
  new URL('../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url),
)

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type Json = any

interface LintResult {
  totals: { errors: number; warnings: number }
  problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>
}

/** Lints a document with Redocly's recommended rules, offline, in a temporary directory. */
function lint(document: unknown, directory: string): LintResult {
  const file = join(directory, `openapi-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(document))
  const result = spawnSync(
    process.execPath,
    [REDOCLY, 'lint', file, '--format=json', '--extends=recommended'],
    {
      cwd: directory,
      encoding: 'utf8',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      timeout: 20_000,
    },
  )
  const start = result.stdout.indexOf('{')
  if (start === -1) throw new Error(`redocly printed no report: ${result.stderr}`)
  return JSON.parse(result.stdout.slice(start)) as LintResult
}

/** Spectral's severities: 0 error, 1 warning, 2 information, 3 hint. */
interface SpectralResult {
  errors: number
  warnings: number
  problems: Array<string>
}

/** Lints a document with Spectral's `spectral:oas` ruleset (its recommended rules), in-process. */
async function spectralLint(document: unknown): Promise<SpectralResult> {
  const spectral = new Spectral()
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] })
  const results = await spectral.run(
    new Document(JSON.stringify(document, null, 2), JsonParser, 'openapi.json'),
  )
  return {
    errors: results.filter((result) => result.severity === 0).length,
    warnings: results.filter((result) => result.severity === 1).length,
    problems: results.map(
      (result) => `${result.code} at ${result.path.join('.')}: ${result.message}`,
    ),
  }
}

describe('createOpenApiDocument', () => {
  const mock = withMockServer()
  let served: Json
  let directory: string

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'petstore-openapi-'))
    const response = await request(`${mock.current.url}/openapi.json`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json')
    served = await response.body.json()
  })
  afterAll(() => rmSync(directory, { recursive: true, force: true }))

  it('is served at /openapi.json without a key', () => {
    expect(served).toEqual(
      createOpenApiDocument({ ...openApiInputs(), serverUrl: `${mock.current.url}/v1` }),
    )
    expect(served.openapi).toBe('3.1.0')
  })

  it('answers other methods on /openapi.json with 405 and Allow', async () => {
    const response = await request(`${mock.current.url}/openapi.json`, { method: 'PUT' })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('GET, HEAD')
    expect(await response.body.json()).toMatchObject({ code: 'method_not_allowed', status: 405 })
  })

  it('passes the Redocly recommended rules without errors or warnings', () => {
    const result = lint(served, directory)
    expect(result.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('is linted for real: a broken document fails', () => {
    const broken = structuredClone(served)
    delete broken.paths['/pets'].get.responses
    broken.paths['/pets'].get.parameters[0].schema = { $ref: '#/components/schemas/Nope' }
    expect(lint(broken, directory).totals.errors).toBeGreaterThan(0)
  })

  it("passes Spectral's spectral:oas rules without errors or warnings", async () => {
    const result = await spectralLint(served)
    expect(result.problems).toEqual([])
    expect(result).toMatchObject({ errors: 0, warnings: 0 })
  })

  it('is linted by Spectral for real: a broken document fails', async () => {
    const broken = structuredClone(served)
    delete broken.info.contact
    broken.paths['/pets'].post.operationId = broken.paths['/pets'].get.operationId
    broken.paths['/pets'].get.responses['200'].content['application/json'].example = [{ id: 'x' }]
    const result = await spectralLint(broken)
    expect(result.errors).toBeGreaterThan(0)
    expect(result.warnings).toBeGreaterThan(0)
    expect(result.problems.join('\n')).toMatch(/operation-operationId-unique/)
    expect(result.problems.join('\n')).toMatch(/info-contact/)
    expect(result.problems.join('\n')).toMatch(/oas3-valid-media-example/)
  })

  it('has the info, servers, tags and global bearer security', () => {
    expect(served.info).toMatchObject({ title: 'Animal Adoption Service', version: '1.0.0' })
    expect(served.info.license.name).toBe('MIT')
    expect(served.info.contact).toMatchObject({ name: 'petstore-mock', url: expect.any(String) })
    expect(served.info.description).toContain('| Free | 60 | 1,000 |')
    expect(served.servers.map((server: Json) => server.url)).toEqual([`${mock.current.url}/v1`])
    expect(served.tags).toEqual(
      Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    )
    expect(served['x-tagGroups']).toEqual([
      { name: 'Pets', tags: ['pets'] },
      { name: 'Store', tags: ['store'] },
    ])
    expect(served.security).toEqual([{ bearerAuth: [] }])
    expect(served.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
  })

  it('describes every route of the route table, and nothing else', () => {
    const operations = Object.entries(served.paths).flatMap(([path, item]: [string, Json]) =>
      Object.entries(item).map(([method, operation]: [string, Json]) => ({
        path: `/v1${path}`,
        method: method.toUpperCase(),
        operation,
      })),
    )
    expect(operations).toHaveLength(ROUTES.length)
    for (const route of ROUTES) {
      const found = operations.find((entry) => entry.operation.operationId === route.operationId)
      expect(found, route.operationId).toMatchObject({
        path: route.path,
        method: route.method,
        operation: { summary: route.summary, description: route.description, tags: [route.tag] },
      })
    }
  })

  it('uses the schemas that the validation uses', () => {
    const { schemas } = served.components
    const newPet = z.toJSONSchema(NewPet, { io: 'input', unrepresentable: 'any' }) as Json
    const newPetDefinition = newPet.$defs.NewPet
    expect(schemas.NewPet.required).toEqual(newPetDefinition.required)
    expect(schemas.NewPet.properties.name).toEqual(newPetDefinition.properties.name)
    expect(schemas.NewPet.properties.status).toEqual({ $ref: '#/components/schemas/PetStatus' })
    expect(schemas.NewPet.additionalProperties).toBeUndefined()
    expect(schemas.PetStatus.enum).toEqual(PetStatus.options)
    const pet = z.toJSONSchema(Pet, { io: 'input' }) as Json
    expect(schemas.Pet.required).toEqual(pet.$defs.Pet.required)
    expect(Object.keys(schemas.Pet.properties)).toEqual(Object.keys(Pet.shape))
    expect(Object.keys(schemas.Order.properties)).toEqual(Object.keys(Order.shape))
    expect(schemas.Pets.items).toEqual({ $ref: '#/components/schemas/Pet' })
    expect(schemas.Error.required).toEqual(['code', 'message', 'status'])
  })

  it('describes int64 fields by their format and the range the schemas enforce', () => {
    const { schemas } = served.components
    const petId = served.paths['/pets/{petId}'].get.parameters[0].schema
    const fields: Array<[string, Json, z.ZodType]> = [
      ['Pet.id', schemas.Pet.properties.id, Pet.shape.id],
      ['Pet.categoryId', schemas.Pet.properties.categoryId, Pet.shape.categoryId],
      ['NewPet.categoryId', schemas.NewPet.properties.categoryId, NewPet.shape.categoryId],
      ['Order.id', schemas.Order.properties.id, Order.shape.id],
      ['Order.petId', schemas.Order.properties.petId, Order.shape.petId],
      ['petId', petId, int64],
    ]
    // Without bounds, `format: int64` states the range: -2^63 to 2^63 - 1. As doubles, the
    // ends are the nearest doubles inside it (±(2^63 - 1024)): ±2^63 itself cannot tell the
    // ends of the range from the numbers just beyond them.
    const INT64_MIN_DOUBLE = -(2 ** 63) + 1024
    const INT64_MAX_DOUBLE = 2 ** 63 - 1024
    const above = (value: number) => (value === INT64_MAX_DOUBLE ? 2 ** 63 : value + 1)
    const below = (value: number) => (value === INT64_MIN_DOUBLE ? -(2 ** 63) : value - 1)
    for (const [name, field, schema] of fields) {
      expect(field, name).toMatchObject({ type: 'integer', format: 'int64' })
      const min = field.minimum ?? INT64_MIN_DOUBLE
      const max = field.maximum ?? INT64_MAX_DOUBLE
      // The documented bounds are exactly what the schema accepts.
      expect(schema.safeParse(min).success, `${name} ${min}`).toBe(true)
      expect(schema.safeParse(max).success, `${name} ${max}`).toBe(true)
      expect(schema.safeParse(below(min)).success, `${name} below ${min}`).toBe(false)
      expect(schema.safeParse(above(max)).success, `${name} above ${max}`).toBe(false)
    }
    // A body's integers beyond the exact doubles arrive as the bigint that was written:
    // the int64 fields accept exactly -2^63 to 2^63 - 1.
    for (const [name, field, schema] of fields) {
      if (field.minimum !== undefined || field.maximum !== undefined) continue
      expect(schema.safeParse(INT64.max).success, `${name} ${INT64.max}`).toBe(true)
      expect(schema.safeParse(INT64.min).success, `${name} ${INT64.min}`).toBe(true)
      expect(schema.safeParse(INT64.max + 1n).success, `${name} above`).toBe(false)
      expect(schema.safeParse(INT64.min - 1n).success, `${name} below`).toBe(false)
    }
    expect(schemas.Order.properties.quantity).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
    })
    expect(JSON.stringify(served)).not.toMatch(/"\$(schema|id)"/)
  })

  it('bounds Error.status to HTTP statuses and X-RateLimit-Reset to times from 0', () => {
    const { schemas, headers } = served.components
    expect(schemas.Error.properties.status).toMatchObject({
      type: 'integer',
      minimum: 100,
      maximum: 599,
    })
    expect(ErrorBody.safeParse({ code: 'x', message: 'y', status: 99 }).success).toBe(false)
    expect(ErrorBody.safeParse({ code: 'x', message: 'y', status: 600 }).success).toBe(false)
    expect(headers[RATE_LIMIT_HEADER_NAMES.reset].schema).toMatchObject({
      type: 'integer',
      minimum: 0,
    })
    expect(headers[RATE_LIMIT_HEADER_NAMES.remaining].schema.minimum).toBe(0)
    expect(headers[RATE_LIMIT_HEADER_NAMES.limit].schema.minimum).toBe(1)
  })

  it('gives the parameters their rules', () => {
    const listPets = served.paths['/pets'].get
    const limit = listPets.parameters.find((parameter: Json) => parameter.name === 'limit')
    expect(limit).toMatchObject({ in: 'query', required: false })
    expect(limit.schema).toEqual({
      type: 'integer',
      minimum: LIMIT.min,
      maximum: LIMIT.max,
      default: LIMIT.default,
    })
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 })
    const status = listPets.parameters.find((parameter: Json) => parameter.name === 'status')
    expect(status.schema).toEqual({ $ref: '#/components/schemas/PetStatus' })
    const orderStatus = served.paths['/store/orders'].get.parameters.find(
      (parameter: Json) => parameter.name === 'status',
    )
    expect(orderStatus.schema).toEqual({ $ref: '#/components/schemas/OrderStatus' })
    const petId = served.paths['/pets/{petId}'].get.parameters[0]
    expect(petId).toMatchObject({
      name: 'petId',
      in: 'path',
      required: true,
      schema: { type: 'integer', format: 'int64' },
    })
  })

  it('requires a NewPet body for createPet and answers 201 with Location', () => {
    const createPet = served.paths['/pets'].post
    expect(createPet.requestBody.required).toBe(true)
    expect(createPet.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/NewPet',
    })
    NewPet.parse(createPet.requestBody.content['application/json'].example)
    expect(createPet.responses['201'].headers.Location).toEqual({
      $ref: '#/components/headers/Location',
    })
    expect(createPet.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Pet',
    })
  })

  it('lists the responses of each operation, with the Error schema for errors', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(served.paths[path][method].responses)
    // Every operation: bad input, key, host, (forced) 404, limit, failure, unavailable.
    const common = ['400', '401', '403', '404', '429', '500', '503']
    expect(statuses('/pets', 'get')).toEqual(['200', ...common])
    expect(statuses('/pets', 'post')).toEqual([
      '201',
      ...['400', '401', '403', '404', '408', '413', '415', '429', '500', '503', '507'],
    ])
    expect(statuses('/pets/{petId}', 'get')).toEqual(['200', ...common])
    expect(statuses('/store/orders', 'get')).toEqual(['200', ...common])
    expect(served.paths['/pets'].get.responses['404'].description).toMatch(/^Only when forced/)
    expect(served.paths['/pets/{petId}'].get.responses['404'].description).toMatch(
      /^No animal has this `id`\. Also when forced/,
    )
    expect(served.paths['/store/orders'].get.responses['200'].content['application/json']).toEqual(
      expect.objectContaining({ schema: { $ref: '#/components/schemas/Orders' } }),
    )
    for (const item of Object.values<Json>(served.paths)) {
      for (const operation of Object.values<Json>(item)) {
        for (const [status, response] of Object.entries<Json>(operation.responses)) {
          const headers = Object.keys(response.headers)
          for (const name of Object.values(RATE_LIMIT_HEADER_NAMES)) {
            expect(headers).toContain(name)
            expect(response.headers[name]).toEqual({ $ref: `#/components/headers/${name}` })
            expect(served.components.headers[name].required, name).toBe(true)
          }
          if (Number(status) < 400) continue
          expect(response.content['application/json'].schema).toEqual({
            $ref: '#/components/schemas/Error',
          })
          for (const [code, codeStatus] of Object.entries(ERROR_CODES)) {
            if (codeStatus === Number(status)) expect(response.description).toContain(`\`${code}\``)
          }
          if (status === '429' || status === '503') expect(headers).toContain('Retry-After')
          if (status === '401') expect(headers).toContain('WWW-Authenticate')
        }
      }
    }
    expect(served.components.headers['X-RateLimit-Limit'].schema.type).toBe('integer')
  })

  it('marks getPet deprecated, with its headers on every response', () => {
    const getPet = served.paths['/pets/{petId}'].get
    expect(getPet.deprecated).toBe(true)
    for (const response of Object.values<Json>(getPet.responses)) {
      expect(Object.keys(response.headers)).toEqual(
        expect.arrayContaining(['Deprecation', 'Sunset', 'Link']),
      )
    }
    expect(served.components.headers.Sunset.example).toBe('Thu, 05 Dec 2030 00:00:00 GMT')
    expect(served.components.headers.Link.example).toBe('</v1/pets>; rel="successor-version"')
    const others = ['/pets', '/store/orders'].flatMap((path) =>
      Object.values<Json>(served.paths[path]),
    )
    for (const operation of others) expect(operation.deprecated).toBeUndefined()
  })

  it('shows examples that the schemas accept', () => {
    Pets.parse(served.paths['/pets'].get.responses['200'].content['application/json'].example)
    Pet.parse(
      served.paths['/pets/{petId}'].get.responses['200'].content['application/json'].example,
    )
    Orders.parse(
      served.paths['/store/orders'].get.responses['200'].content['application/json'].example,
    )
  })

  it('documents the statuses and required headers of what the mock really answers', async () => {
    const auth = { authorization: 'Bearer sk_test_enterprise' }
    const json = { ...auth, 'content-type': 'application/json' }
    const forced = (code: number) => ({ ...auth, prefer: `code=${code}` })
    const cases: Array<[string, string, string, Record<string, string>, string | undefined]> = [
      ['/pets', 'get', '/v1/pets', auth, undefined],
      ['/pets', 'get', '/v1/pets?limit=0', auth, undefined],
      ['/pets', 'get', '/v1/pets', {}, undefined],
      ['/pets', 'get', '/v1/pets', forced(404), undefined],
      ['/pets', 'get', '/v1/pets', forced(429), undefined],
      ['/pets', 'get', '/v1/pets', forced(500), undefined],
      ['/pets', 'get', '/v1/pets', forced(503), undefined],
      ['/pets', 'post', '/v1/pets', json, '{"name":"Rex","categoryId":1}'],
      ['/pets', 'post', '/v1/pets', json, '{}'],
      ['/pets', 'post', '/v1/pets', { ...auth, 'content-type': 'text/plain' }, 'Rex'],
      ['/pets', 'post', '/v1/pets', json, 'x'.repeat(MAX_BODY_BYTES + 1)],
      ['/pets/{petId}', 'get', '/v1/pets/1', auth, undefined],
      ['/pets/{petId}', 'get', '/v1/pets/abc', auth, undefined],
      ['/pets/{petId}', 'get', '/v1/pets/999', auth, undefined],
      ['/store/orders', 'get', '/v1/store/orders', auth, undefined],
      ['/store/orders', 'get', '/v1/store/orders?status=lost', auth, undefined],
    ]
    const seen = new Set<number>()
    // Connections of its own: the linters above block the event loop for
    // seconds, and a pooled connection the server closed meanwhile would reset.
    const dispatcher = new Agent()
    onTestFinished(() => dispatcher.close())
    for (const [path, method, url, headers, body] of cases) {
      const response = await request(`${mock.current.url}${url}`, {
        method: method.toUpperCase() as 'GET',
        headers,
        body,
        dispatcher,
      })
      const text = await response.body.text()
      const status = response.statusCode
      seen.add(status)
      const documented = served.paths[path][method].responses[String(status)]
      expect(documented, `${method} ${url} answered ${status}`).toBeDefined()
      for (const [name, header] of Object.entries<Json>(documented.headers)) {
        const definition = served.components.headers[header.$ref.split('/').pop()]
        if (definition.required) {
          expect(response.headers[name.toLowerCase()], `${name} on ${status}`).toBeDefined()
        }
      }
      if (status >= 400) expect(ErrorBody.parse(JSON.parse(text)).status).toBe(status)
    }
    expect([...seen].sort()).toEqual([200, 201, 400, 401, 404, 413, 415, 429, 500, 503])
  })
})
