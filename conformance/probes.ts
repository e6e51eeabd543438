import { type NewPet, Pet, PetStatus, Pets } from '../src/spec/index.ts'
import {
  fetchPet,
  knownCategoryId,
  listPets,
  neverIssuedId,
  type Probe,
  type ProbeContext,
  postPet,
} from './probe-context.ts'
import { errorBodyProblem, parseJsonBody, parseResponseBody } from './response-checks.ts'
import { describeResponse } from './result-collector.ts'
import { KEY_PLACEHOLDER } from './to-curl.ts'
import type { Exchange, OperationId } from './types.ts'

/**
 * The prefix of every pet the kit creates, so they can be found and removed.
 *
 * @example
 * pets.filter((pet) => pet.name.startsWith(NAME_PREFIX))
 */
export const NAME_PREFIX = 'conformance-'

const SUNSET_DATE = '2030-12-05'

const statusOf = (exchange: Exchange): number | undefined => exchange.response?.status

function issuesOf(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}) {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ')
}

/**
 * The items of a 200 response whose body is a JSON array, valid Pets or not.
 *
 * @example
 * const items = listItems(exchange) ?? []
 */
export function listItems(exchange: Exchange): Array<Record<string, unknown>> | undefined {
  if (statusOf(exchange) !== 200 || !exchange.response) {
    return undefined
  }
  const json = parseJsonBody(exchange.response.body)
  return json.ok && Array.isArray(json.value)
    ? (json.value as Array<Record<string, unknown>>)
    : undefined
}

/**
 * Parses a 200 list response, asserting `list.schema` and `list.max-items`,
 * and records the pets and their categories. Returns the pets, or
 * `undefined` when the response is not a 200 array of Pets.
 *
 * @example
 * const pets = checkListResponse(context, exchange)
 */
export function checkListResponse(
  context: ProbeContext,
  exchange: Exchange,
): Array<Pet> | undefined {
  const { collector, state } = context
  if (statusOf(exchange) !== 200 || !exchange.response) {
    return undefined
  }
  const items = listItems(exchange)
  if (items) {
    collector.assert(
      'list.max-items',
      'listPets',
      exchange,
      'at most 100 pets',
      items.length > 100 ? `${items.length} pets` : undefined,
    )
  }
  const parsed = parseResponseBody(exchange, Pets)
  if (!parsed?.success) {
    collector.fail('list.schema', 'listPets', exchange, {
      expected:
        'a JSON array of Pet { id: int64, name: string, categoryId: int64, status?: PetStatus }',
      actual: parsed ? issuesOf(parsed.error) : `not JSON: ${describeResponse(exchange)}`,
    })
    return undefined
  }
  collector.pass('list.schema', 'listPets')
  for (const pet of parsed.data) {
    state.pets.set(pet.id, pet)
    if (!state.categoryIds.includes(pet.categoryId)) {
      state.categoryIds.push(pet.categoryId)
    }
  }
  return parsed.data
}

/**
 * Why a create response does not echo what was sent, or `undefined`.
 * Returns the created Pet alongside.
 *
 * @example
 * const { pet, problem } = createdPetProblem(exchange, { name: 'conformance-1', categoryId: 1 })
 */
export function createdPetProblem(
  exchange: Exchange,
  sent: NewPet,
): { pet?: Pet; problem?: string } {
  if (statusOf(exchange) !== 201 || !exchange.response) {
    return { problem: describeResponse(exchange) }
  }
  const parsed = parseResponseBody(exchange, Pet)
  if (!parsed?.success) {
    return {
      problem: parsed
        ? `not a Pet (${issuesOf(parsed.error)}): ${describeResponse(exchange)}`
        : `not JSON: ${describeResponse(exchange)}`,
    }
  }
  const pet = parsed.data
  const mismatches: Array<string> = []
  if (pet.name !== sent.name) {
    mismatches.push(`name ${JSON.stringify(pet.name)} instead of ${JSON.stringify(sent.name)}`)
  }
  if (pet.categoryId !== sent.categoryId) {
    mismatches.push(`categoryId ${pet.categoryId} instead of ${sent.categoryId}`)
  }
  if (sent.status !== undefined && pet.status !== sent.status) {
    mismatches.push(`status ${JSON.stringify(pet.status)} instead of "${sent.status}"`)
  }
  return { pet, ...(mismatches.length ? { problem: mismatches.join('; ') } : {}) }
}

/**
 * Asserts `create.unique-ids` for a created pet and remembers it.
 *
 * @example
 * recordCreated(context, exchange, pet)
 */
export function recordCreated(context: ProbeContext, exchange: Exchange, pet: Pet): void {
  const { state, collector } = context
  const clash =
    state.created.find((other) => other.id === pet.id) ??
    (state.pets.has(pet.id) ? state.pets.get(pet.id) : undefined)
  collector.assert(
    'create.unique-ids',
    'createPet',
    exchange,
    'an id no other pet has',
    clash ? `id ${pet.id} is already used by ${JSON.stringify(clash)}` : undefined,
  )
  state.created.push(pet)
}

function samePet(a: Pet, b: Pet): boolean {
  return (
    a.id === b.id && a.name === b.name && a.categoryId === b.categoryId && a.status === b.status
  )
}

function checkDeprecationHeaders(context: ProbeContext, exchange: Exchange): void {
  const headers = exchange.response?.headers ?? {}
  const problems: Array<string> = []
  const deprecation = headers.deprecation
  if (deprecation === undefined) {
    problems.push('Deprecation missing')
  } else if (
    !/^@-?\d+$/.test(deprecation.trim()) &&
    deprecation.trim() !== 'true' &&
    Number.isNaN(Date.parse(deprecation))
  ) {
    problems.push(`Deprecation is "${deprecation}" (RFC 9745: @<unix seconds>)`)
  }
  const sunset = headers.sunset
  if (sunset === undefined) {
    problems.push('Sunset missing')
  } else {
    const date = Date.parse(sunset)
    if (Number.isNaN(date) || new Date(date).toISOString().slice(0, 10) !== SUNSET_DATE) {
      problems.push(`Sunset is "${sunset}", not 5 December 2030`)
    }
  }
  context.collector.assert(
    'get.deprecation-headers',
    'getPet',
    exchange,
    `Deprecation and Sunset: Thu, 05 Dec 2030 00:00:00 GMT`,
    problems.length ? problems.join('; ') : undefined,
  )
}

/**
 * Asserts that a list response is a 200 with at most `max` pets. A 200 whose
 * body is not an array is left to `list.schema`.
 */
function assertPageSize(
  context: ProbeContext,
  checkId: string,
  exchange: Exchange,
  max: number,
): void {
  const pets = listItems(exchange)
  if (statusOf(exchange) !== 200 || pets) {
    context.collector.assert(
      checkId,
      'listPets',
      exchange,
      `200 with at most ${max} pets`,
      pets === undefined
        ? describeResponse(exchange)
        : pets.length > max
          ? `${pets.length} pets`
          : undefined,
    )
  }
}

const listProbe: Probe = {
  name: 'list pets',
  checks: [
    'list.schema',
    'list.default-limit',
    'list.limit',
    'list.max-items',
    'list.status-filter',
  ],
  async run(context) {
    const { collector, state } = context
    const preflight = state.preflight ?? (await listPets(context))
    checkListResponse(context, preflight)
    assertPageSize(context, 'list.default-limit', preflight, 20)
    for (const limit of [1, 100]) {
      const exchange = await listPets(context, `?limit=${limit}`)
      checkListResponse(context, exchange)
      assertPageSize(context, 'list.limit', exchange, limit)
    }
    for (const status of PetStatus.options) {
      const exchange = await listPets(context, `?status=${status}`)
      checkListResponse(context, exchange)
      const pets = listItems(exchange)
      const others = pets?.filter((pet) => pet?.status !== status) ?? []
      if (statusOf(exchange) !== 200 || pets) {
        collector.assert(
          'list.status-filter',
          'listPets',
          exchange,
          `200 and only pets with status "${status}"`,
          pets === undefined
            ? describeResponse(exchange)
            : others.length > 0
              ? `${others.length} pets with another status, e.g. ${JSON.stringify(others[0])}`
              : undefined,
        )
      }
    }
  },
}

const createProbe: Probe = {
  name: 'create pets',
  checks: ['create.valid', 'create.unique-ids', 'create.then-get'],
  async run(context) {
    const { collector } = context
    const categoryId = knownCategoryId(context)
    if (categoryId === undefined) {
      const reason =
        'no categoryId known: GET /pets returned no pets (pass a category id with --category-id)'
      for (const id of ['create.valid', 'create.unique-ids']) {
        collector.skip(id, 'createPet', reason)
      }
      collector.skip('create.then-get', 'getPet', reason)
      return
    }
    const bodies: Array<NewPet> = [
      { name: `${NAME_PREFIX}${context.seed}-with-status`, categoryId, status: 'pending' },
      { name: `${NAME_PREFIX}${context.seed}-without-status`, categoryId },
    ]
    for (const body of bodies) {
      const exchange = await postPet(context, JSON.stringify(body))
      const { pet, problem } = createdPetProblem(exchange, body)
      collector.assert(
        'create.valid',
        'createPet',
        exchange,
        `201 with a Pet echoing ${JSON.stringify(body)}`,
        problem,
      )
      if (!pet) {
        continue
      }
      recordCreated(context, exchange, pet)
      if (!context.wants('create.then-get')) {
        continue
      }
      const fetched = await fetchPet(context, pet.id)
      collector.assert(
        'create.then-get',
        'getPet',
        fetched.exchange,
        `200 with ${JSON.stringify(pet)}`,
        statusOf(fetched.exchange) !== 200 || !fetched.pet
          ? describeResponse(fetched.exchange)
          : samePet(fetched.pet, pet)
            ? undefined
            : `a different pet: ${JSON.stringify(fetched.pet)}`,
      )
    }
  },
}

const rejectProbe: Probe = {
  name: 'reject invalid pets',
  checks: [
    'create.reject-missing-body',
    'create.reject-malformed-json',
    'create.reject-invalid-name',
    'create.reject-invalid-category-id',
    'create.reject-invalid-status',
  ],
  async run(context) {
    const { collector } = context
    const categoryId = knownCategoryId(context) ?? 1
    const name = `${NAME_PREFIX}invalid`
    const cases: Array<[string, string, string | undefined]> = [
      ['create.reject-missing-body', 'no body', undefined],
      [
        'create.reject-malformed-json',
        'a truncated JSON body',
        `{"name": "${name}", "categoryId": `,
      ],
      ['create.reject-invalid-name', 'name missing', JSON.stringify({ categoryId })],
      ['create.reject-invalid-name', 'name a number', JSON.stringify({ name: 42, categoryId })],
      ['create.reject-invalid-name', 'name null', JSON.stringify({ name: null, categoryId })],
      ['create.reject-invalid-category-id', 'categoryId missing', JSON.stringify({ name })],
      [
        'create.reject-invalid-category-id',
        'categoryId a string',
        JSON.stringify({ name, categoryId: String(categoryId) }),
      ],
      [
        'create.reject-invalid-category-id',
        'categoryId a fraction',
        JSON.stringify({ name, categoryId: categoryId + 0.5 }),
      ],
      [
        'create.reject-invalid-category-id',
        'categoryId beyond int64',
        `{"name":"${name}","categoryId":9223372036854775808}`,
      ],
      [
        'create.reject-invalid-status',
        'status "adopted"',
        JSON.stringify({ name, categoryId, status: 'adopted' }),
      ],
    ]
    for (const [checkId, why, body] of cases) {
      if (!context.wants(checkId)) {
        continue
      }
      const exchange = await postPet(context, body)
      collector.assert(
        checkId,
        'createPet',
        exchange,
        `400 (${why})`,
        statusOf(exchange) === 400 ? undefined : `${describeResponse(exchange)} (${why})`,
      )
    }
  },
}

const getProbe: Probe = {
  name: 'get a pet',
  checks: ['get.valid', 'get.not-found', 'get.deprecation-headers'],
  async run(context) {
    const { collector, state } = context
    const existing = state.pets.values().next().value ?? state.created[0]
    if (existing) {
      const { exchange, pet } = await fetchPet(context, existing.id)
      collector.assert(
        'get.valid',
        'getPet',
        exchange,
        `200 with a Pet of id ${existing.id}`,
        statusOf(exchange) !== 200
          ? describeResponse(exchange)
          : !pet
            ? `not a Pet: ${describeResponse(exchange)}`
            : pet.id !== existing.id
              ? `a Pet of id ${pet.id}`
              : undefined,
      )
      if (statusOf(exchange) === 200) {
        checkDeprecationHeaders(context, exchange)
      }
    } else {
      collector.skip('get.valid', 'getPet', 'GET /pets returned no pets to fetch')
    }
    const unknownId = neverIssuedId(context)
    const { exchange } = await fetchPet(context, unknownId)
    collector.assert(
      'get.not-found',
      'getPet',
      exchange,
      `404 for id ${unknownId}`,
      statusOf(exchange) === 404 ? undefined : describeResponse(exchange),
    )
  },
}

/** The `Authorization` values of the auth checks; `$PETSTORE_API_KEY` is the key. */
export const AUTH_VARIANTS: Array<[string, string]> = [
  ['auth.no-header', 'none'],
  ['auth.unknown-key', 'Bearer sk_conformance_unknown_key'],
  ['auth.non-bearer', `Token ${KEY_PLACEHOLDER}`],
  ['auth.empty-token', 'Bearer '],
]

const authProbe: Probe = {
  name: 'authentication',
  checks: AUTH_VARIANTS.map(([id]) => id),
  async run(context) {
    const { client, collector, state } = context
    const petId = state.pets.keys().next().value ?? state.created[0]?.id ?? 1
    const targets: Array<{ operation: OperationId; method: string; path: string; body?: string }> =
      [
        { operation: 'listPets', method: 'GET', path: '/pets' },
        {
          operation: 'createPet',
          method: 'POST',
          path: '/pets',
          body: JSON.stringify({
            name: `${NAME_PREFIX}auth`,
            categoryId: knownCategoryId(context) ?? 1,
          }),
        },
        { operation: 'getPet', method: 'GET', path: `/pets/${petId}` },
      ]
    for (const [checkId, auth] of AUTH_VARIANTS) {
      if (!context.wants(checkId)) {
        continue
      }
      for (const target of targets) {
        if (context.readOnly && target.method !== 'GET') {
          continue
        }
        const exchange = await client.send({ ...target, auth })
        collector.assert(
          checkId,
          target.operation,
          exchange,
          '401',
          statusOf(exchange) === 401 ? undefined : describeResponse(exchange),
        )
      }
    }
  },
}

function expectClientError(
  context: ProbeContext,
  checkId: string,
  operation: OperationId,
  exchange: Exchange,
  why: string,
): void {
  const status = statusOf(exchange)
  const ok = status !== undefined && status >= 400 && status < 500
  context.collector.assert(
    checkId,
    operation,
    exchange,
    `4xx with an Error body (${why})`,
    !ok ? `${describeResponse(exchange)} (${why})` : errorBodyProblem(exchange),
  )
}

const advisoryProbe: Probe = {
  name: 'invalid parameters and orders',
  checks: ['list.invalid-limit', 'list.invalid-status', 'get.invalid-id', 'orders.auth'],
  async run(context) {
    const { client, collector } = context
    if (context.wants('list.invalid-limit') || context.wants('list.max-items')) {
      for (const limit of ['0', '101', 'abc']) {
        const exchange = await listPets(context, `?limit=${limit}`)
        checkListResponse(context, exchange)
        expectClientError(context, 'list.invalid-limit', 'listPets', exchange, `limit=${limit}`)
      }
    }
    if (context.wants('list.invalid-status')) {
      const exchange = await listPets(context, '?status=adopted')
      checkListResponse(context, exchange)
      expectClientError(context, 'list.invalid-status', 'listPets', exchange, 'status=adopted')
    }
    if (context.wants('get.invalid-id')) {
      const { exchange } = await fetchPet(context, 'abc')
      expectClientError(context, 'get.invalid-id', 'getPet', exchange, 'petId=abc')
    }
    if (context.wants('orders.auth')) {
      for (const auth of ['none', 'Bearer sk_conformance_unknown_key']) {
        const exchange = await client.send({
          operation: 'listOrders',
          method: 'GET',
          path: '/store/orders',
          auth,
        })
        collector.assert(
          'orders.auth',
          'listOrders',
          exchange,
          '401 with an Error body',
          statusOf(exchange) !== 401 ? describeResponse(exchange) : errorBodyProblem(exchange),
        )
      }
    }
  },
}

const methodProbe: Probe = {
  name: 'undocumented methods',
  checks: ['method.not-allowed'],
  async run(context) {
    const { client, collector } = context
    if (context.readOnly) {
      return
    }
    for (const [method, path] of [
      ['DELETE', `/pets/${neverIssuedId(context)}`],
      ['PUT', '/pets'],
    ] as const) {
      const exchange = await client.send({ operation: 'other', method, path, auth: 'valid' })
      const allow = exchange.response?.headers.allow
      collector.assert(
        'method.not-allowed',
        'other',
        exchange,
        `405 with an Allow header for ${method} ${path}`,
        statusOf(exchange) !== 405
          ? describeResponse(exchange)
          : allow === undefined
            ? '405 without an Allow header'
            : undefined,
      )
    }
  },
}

/**
 * The fixed probes of the default group, in run order. Generated cases and
 * the rate-limit probe live in their own files.
 *
 * @example
 * fixedProbes.map((probe) => probe.name)
 */
export const fixedProbes = {
  list: listProbe,
  create: createProbe,
  reject: rejectProbe,
  get: getProbe,
  auth: authProbe,
  advisory: advisoryProbe,
  methods: methodProbe,
}
