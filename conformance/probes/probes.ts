import fc from 'fast-check'
import { stringifyExact } from '../../src/judge/exact-json.ts'
import { createdPet, readListPage, sameName, show } from '../../src/judge/exchange-rules.ts'
import { parseJsonBody } from '../../src/judge/parse-json-body.ts'
import type { ResponsePet, SentPet } from '../../src/judge/response-schemas.ts'
import { INT64, PetStatus } from '../../src/spec/index.ts'
import { LIST_LIMIT } from '../../src/spec/limits.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { kitPath, SUNSET_DAY } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import { KEY_PLACEHOLDER } from '../model/to-curl.ts'
import type { CheckId, Exchange, OperationId } from '../model/types.ts'
import { assertCreatedLocation } from './created-location.ts'
import {
  ensureCategoryId,
  fetchPet,
  knownCategoryId,
  knownStatus,
  listPets,
  neverIssuedId,
  type Probe,
  type ProbeContext,
  postPet,
} from './probe-context.ts'
import { assertRule, errorBodyProblem, kitRuleRequest } from './response-checks.ts'

export { petMismatch, show } from '../../src/judge/exchange-rules.ts'

const statusOf = (exchange: Exchange): number | undefined => exchange.response?.status

/**
 * The items of a 200 response whose body is a JSON array, valid Pets or not.
 *
 * @example
 * const items = listItems(exchange) ?? []
 */
export function listItems(exchange: Exchange): Array<Record<string, unknown>> | undefined {
  return exchange.response
    ? readListPage({ status: exchange.response.status, body: exchange.response.body })?.items
    : undefined
}

/**
 * Parses a 200 list response, asserting `list.schema` and `list.max-items`,
 * and records the valid pets and their categories (a list with one bad item
 * still teaches the others). Returns the pets, or `undefined` when the
 * response is not a 200 array of valid Pets. Remembers why no pet could be
 * learnt, so skips give the true reason.
 *
 * @example
 * const pets = checkListResponse(context, exchange)
 */
export function checkListResponse(
  context: ProbeContext,
  exchange: Exchange,
): Array<ResponsePet> | undefined {
  const { collector, state } = context
  const path = exchange.request.url.slice(context.client.baseUrl.length)
  if (statusOf(exchange) !== 200 || !exchange.response) {
    state.noPetsReason ??= `GET ${path} answered ${describeResponse(exchange)}`
    return undefined
  }
  assertRule(collector, 'list.schema', 'listPets', exchange)
  const page = readListPage({ status: exchange.response.status, body: exchange.response.body })
  if (!page) {
    state.noPetsReason ??= `GET ${path} did not answer a JSON array (list.schema failed)`
    return undefined
  }
  assertRule(collector, 'list.max-items', 'listPets', exchange)
  const valid = page.pets
  for (const pet of valid) {
    state.pets.set(pet.id, pet)
    if (!state.categoryIds.includes(pet.categoryId)) {
      state.categoryIds.push(pet.categoryId)
    }
  }
  if (page.problems.length > 0) {
    state.noPetsReason ??= `GET ${path} listed no valid pet (list.schema failed)`
    return undefined
  }
  if (valid.length === 0) {
    state.noPetsReason ??= `GET ${path} returned no pets`
  }
  return valid
}

/**
 * Why a create response does not echo what was sent, or `undefined`.
 * Returns the created Pet alongside. Ids and category ids compare exactly.
 *
 * @example
 * const { pet, problem } = createdPetProblem(exchange, { name: 'conformance-1', categoryId: 1n })
 */
export function createdPetProblem(
  exchange: Exchange,
  sent: SentPet,
): { pet?: ResponsePet; problem?: string } {
  return exchange.response
    ? createdPet({ status: exchange.response.status, body: exchange.response.body }, sent)
    : { problem: describeResponse(exchange) }
}

/**
 * Asserts `create.unique-ids` for a created pet and remembers it.
 *
 * @example
 * recordCreated(context, exchange, pet)
 */
export function recordCreated(context: ProbeContext, exchange: Exchange, pet: ResponsePet): void {
  const { state, collector } = context
  const clash =
    state.created.find((other) => other.id === pet.id) ??
    (state.pets.has(pet.id) ? state.pets.get(pet.id) : undefined)
  collector.assert(
    'create.unique-ids',
    'createPet',
    exchange,
    'an id no other pet has',
    clash ? `id ${pet.id} is already used by ${show(clash)}` : undefined,
  )
  state.created.push(pet)
  const sent =
    exchange.request.body === undefined ? undefined : parseJsonBody(exchange.request.body)
  const status = sent?.ok
    ? PetStatus.safeParse((sent.value as { status?: unknown })?.status)
    : undefined
  if (status?.success) state.sentStatus.set(pet.id, status.data)
}

/**
 * Whether two pets are the same: same id and fields, compared exactly.
 *
 * @example
 * samePet(a, a) // true
 */
export function samePet(a: ResponsePet, b: ResponsePet): boolean {
  return (
    a.id === b.id &&
    sameName(a.name, b.name) &&
    a.categoryId === b.categoryId &&
    a.status === b.status
  )
}

/**
 * Judges the deprecation headers of a 200 of `getPet`: whether both are sent
 * (advisory, `get.deprecation-headers`) and whether those sent say what §4.3
 * and §9 say (required, `get.deprecation-truthful`).
 */
function checkDeprecationHeaders(context: ProbeContext, exchange: Exchange): void {
  const headers = exchange.response?.headers ?? {}
  const missing: Array<string> = []
  const wrong: Array<string> = []
  const deprecation = headers.deprecation
  if (deprecation === undefined) {
    missing.push('Deprecation missing')
  } else if (
    !/^@-?\d+$/.test(deprecation.trim()) &&
    deprecation.trim() !== 'true' &&
    Number.isNaN(Date.parse(deprecation))
  ) {
    wrong.push(`Deprecation is "${deprecation}" (RFC 9745: @<unix seconds>)`)
  }
  const sunset = headers.sunset
  if (sunset === undefined) {
    missing.push('Sunset missing')
  } else {
    const date = Date.parse(sunset)
    if (Number.isNaN(date) || new Date(date).toISOString().slice(0, 10) !== SUNSET_DAY) {
      wrong.push(`Sunset is "${sunset}", not ${SUNSET_DAY}`)
    }
  }
  const deprecatedAt = /^@(-?\d+)$/.exec(deprecation?.trim() ?? '')?.[1]
  if (
    deprecatedAt !== undefined &&
    Number(deprecatedAt) * 1000 > Date.parse(`${SUNSET_DAY}T00:00:00Z`)
  ) {
    // RFC 9745 §4: the Sunset is not earlier than the Deprecation.
    wrong.push(`Deprecation ${deprecation} is after the Sunset (${SUNSET_DAY})`)
  }
  const problems = [...missing, ...wrong]
  context.collector.assert(
    'get.deprecation-headers',
    'getPet',
    exchange,
    `Deprecation and Sunset: ${SUNSET_DAY}`,
    problems.length ? problems.join('; ') : undefined,
  )
  context.collector.assert(
    'get.deprecation-truthful',
    'getPet',
    exchange,
    `no deprecation header, or a Deprecation not after a Sunset of ${SUNSET_DAY}`,
    wrong.length ? wrong.join('; ') : undefined,
  )
}

/** The rules a list page is held to that judge only the pages their query concerns. */
const LIST_PAGE_RULES = ['list.default-limit', 'list.limit', 'list.status-filter'] as const

/**
 * Holds a list page to every rule of a list response (`list.schema` and
 * `list.max-items` through {@link checkListResponse}, and
 * `list.default-limit`, `list.limit` and `list.status-filter` where its
 * query concerns them; a pet the run created with another status must not
 * be listed under a `status` filter either) and learns its pets. Every probe
 * that reads a list calls it, so a rule broken by what a run created is seen
 * in the run that created it, not only in the next run's first lists.
 *
 * @example
 * judgeListPage(context, await listPets(context, '?status=sold&limit=100'))
 */
export function judgeListPage(
  context: ProbeContext,
  exchange: Exchange,
): Array<ResponsePet> | undefined {
  for (const id of LIST_PAGE_RULES) {
    assertRule(context.collector, id, 'listPets', exchange)
  }
  const status = kitRuleRequest(exchange).query.get('status')
  if (status !== null && PetStatus.safeParse(status).success) {
    assertKnownStatuses(context, exchange, status)
  }
  return checkListResponse(context, exchange)
}

/** Three more `limit` values inside 1..100, seeded (fast-check), for `list.limit-exact`. */
function generatedLimits(seed: number): Array<number> {
  return fc.sample(fc.integer({ min: LIST_LIMIT.min + 1, max: LIST_LIMIT.max - 1 }), {
    seed,
    numRuns: 3,
  })
}

/**
 * `list.status-filter` for pets shown without their optional `status` (§2):
 * one the run created with another status must not be listed under `status`.
 */
function assertKnownStatuses(context: ProbeContext, exchange: Exchange, status: string): void {
  const others = (listItems(exchange) ?? []).filter((pet) => {
    const known = pet?.status === undefined ? knownStatus(context.state, pet ?? {}) : undefined
    return known !== undefined && known !== status
  })
  if (others.length > 0) {
    context.collector.assert(
      'list.status-filter',
      'listPets',
      exchange,
      `200 and only pets with status "${status}"`,
      `${others.length} pet(s) created with another status, e.g. ${show(others[0])}`,
    )
  }
}

const listProbe: Probe = {
  name: 'list pets',
  provides: ['pets listed'],
  checks: [
    'list.schema',
    'list.default-limit',
    'list.limit',
    'list.limit-exact',
    'list.max-items',
    'list.status-filter',
  ],
  async run(context) {
    const { state } = context
    const preflight = state.preflight ?? (await listPets(context))
    judgeListPage(context, preflight)
    for (const status of PetStatus.options) {
      judgeListPage(context, await listPets(context, `?status=${status}`))
      judgeListPage(context, await listPets(context, `?status=${status}&limit=${LIST_LIMIT.max}`))
    }
    // Every pet listed so far exists, so a page of `limit` k must hold min(k, seen).
    const seenBefore = state.pets.size
    for (const limit of [LIST_LIMIT.min, LIST_LIMIT.max, ...generatedLimits(context.seed)]) {
      const exchange = await listPets(context, `?limit=${limit}`)
      judgeListPage(context, exchange)
      assertLimitHonoured(context, exchange, limit, seenBefore)
    }
  },
}

/**
 * `list.limit-exact` on a page of `limit`, read when the run had seen `seen`
 * distinct pets listed with its filter (each exists, so the page holds
 * min(limit, seen)): records the outcome, and that `limit` is not honoured
 * when the page is shorter (`limitNotHonoured`: a short page then proves no
 * whole list). Returns whether it was shorter; undefined for no list.
 *
 * @example
 * assertLimitHonoured(context, await listPets(context, '?limit=100'), 100, context.state.pets.size)
 */
export function assertLimitHonoured(
  context: ProbeContext,
  exchange: Exchange,
  limit: number,
  seen: number,
  why = 'so it does not honour `limit`',
): boolean | undefined {
  const count = listItems(exchange)?.length
  if (count === undefined) return undefined
  const expected = Math.min(limit, seen)
  const short = count < expected
  if (short) context.state.limitNotHonoured = true
  context.collector.assert(
    'list.limit-exact',
    'listPets',
    exchange,
    `${countOf(expected, 'pet')} (limit ${limit}; ${countOf(seen, 'distinct pet')} listed with this filter before in the run)`,
    short ? `${countOf(count, 'pet')}, ${why}` : undefined,
  )
  return short
}

/** The bodies of `create.valid`: every PetStatus value, and none. */
function validBodies(context: ProbeContext, categoryId: bigint): Array<SentPet> {
  return [
    ...PetStatus.options.map((status) => ({
      name: `${context.namePrefix}${status}`,
      categoryId,
      status,
    })),
    { name: `${context.namePrefix}without-status`, categoryId },
  ]
}

/** Fetches a created pet and asserts it is the same as `checkId` reads it. */
async function assertFetchedAsCreated(
  context: ProbeContext,
  checkId: CheckId,
  pet: ResponsePet,
): Promise<void> {
  const fetched = await fetchPet(context, pet.id)
  context.collector.assert(
    checkId,
    'getPet',
    fetched.exchange,
    `200 with ${show(pet)}`,
    statusOf(fetched.exchange) !== 200 || !fetched.pet
      ? describeResponse(fetched.exchange)
      : samePet(fetched.pet, pet)
        ? undefined
        : `a different pet: ${show(fetched.pet)}`,
  )
}

const createProbe: Probe = {
  name: 'create pets',
  needs: ['pets listed'],
  provides: ['a pet created'],
  checks: [
    'create.valid',
    'create.unique-ids',
    'create.echo-exact',
    'create.concurrent',
    'create.location',
    'create.id-assigned',
  ],
  async run(context) {
    const { collector } = context
    const categoryId = await ensureCategoryId(context)
    if (categoryId === undefined) {
      const reason = `no categoryId known: ${context.state.noCategoryReason ?? 'none found'}`
      for (const id of ['create.valid', 'create.unique-ids', 'create.echo-exact'] as const) {
        collector.skip(id, 'createPet', reason)
      }
      collector.skip('create.concurrent', 'createPet', reason)
      collector.skip('create.concurrent', 'getPet', reason)
      collector.skip('create.location', 'createPet', reason)
      collector.skip('create.id-assigned', 'createPet', reason)
      collector.skip('create.id-assigned', 'getPet', reason)
      return
    }
    let locationJudged = false
    for (const body of validBodies(context, categoryId)) {
      const exchange = await postPet(context, stringifyExact(body))
      const { pet } = createdPetProblem(exchange, body)
      assertRule(collector, 'create.valid', 'createPet', exchange)
      if (!pet) {
        continue
      }
      recordCreated(context, exchange, pet)
      if (context.wants('create.then-get')) {
        // Read back at once, judged as every get of a created pet is (`observeReadBack`).
        await fetchPet(context, pet.id)
      }
      if (!locationJudged && context.wants('create.location')) {
        locationJudged = true
        await assertCreatedLocation(context, exchange, pet, samePet)
      }
    }
    if (context.wants('create.echo-exact')) {
      const names = [
        `${context.namePrefix}${'long-name-'.repeat(10)}`.slice(0, 100),
        `${context.namePrefix}${'very-long-name-'.repeat(70)}`.slice(0, 1000),
        `${context.namePrefix}Zoë Ærø Łódź 🐕‍🦺 "Rex" \\ o'clock`,
      ]
      for (const name of names) {
        const body: SentPet = { name, categoryId }
        const exchange = await postPet(context, stringifyExact(body))
        const { pet, problem } = createdPetProblem(exchange, body)
        collector.assert(
          'create.echo-exact',
          'createPet',
          exchange,
          `201 echoing the ${name.length}-character name exactly, or 400 with an Error body`,
          statusOf(exchange) === 400 ? errorBodyProblem(exchange) : problem,
        )
        if (pet) {
          recordCreated(context, exchange, pet)
        }
      }
    }
    if (context.wants('create.concurrent')) {
      await concurrentCreates(context, categoryId)
    }
    if (context.wants('create.id-assigned')) {
      await assertIdAssigned(context, categoryId)
    }
  },
}

/**
 * `create.id-assigned`: §2 has the service assign a Pet's `id` on creation, so
 * an `id` in a create's body chooses nothing. A NewPet sent with the id of the
 * first pet the run created (a status other than its own) answers 201 with a
 * Pet under another id, or 400 with an Error body; then `GET` of that pet
 * still returns it as a `GET` returned it just before (one create and two
 * gets: whether it was stored as its own 201 answered is `create.then-get`'s
 * to judge, so a server that stores other than it answers from its sixth
 * create on fails this check in no run).
 */
async function assertIdAssigned(context: ProbeContext, categoryId: bigint): Promise<void> {
  const { collector, state } = context
  const [target] = state.created
  if (target === undefined) {
    for (const operation of ['createPet', 'getPet'] as const) {
      collector.skip('create.id-assigned', operation, 'no pet was created to send the id of')
    }
    return
  }
  const body: SentPet = {
    name: `${context.namePrefix}sent-id`,
    categoryId,
    status: PetStatus.options.find((status) => status !== target.status) ?? 'sold',
  }
  const before = (await fetchPet(context, target.id)).pet ?? target
  const exchange = await postPet(context, stringifyExact({ ...body, id: target.id }))
  // Whether the echo is exact is create.valid's to judge: here only the id.
  const { pet, problem } = createdPetProblem(exchange, body)
  collector.assert(
    'create.id-assigned',
    'createPet',
    exchange,
    `201 with a Pet under an id other than ${target.id} (the id sent), or 400 with an Error body`,
    statusOf(exchange) === 400
      ? errorBodyProblem(exchange)
      : pet === undefined
        ? problem
        : pet.id === target.id
          ? `the created pet took the id sent, ${target.id}: ${show(pet)}`
          : undefined,
  )
  if (pet && pet.id !== target.id) recordCreated(context, exchange, pet)
  await assertFetchedAsCreated(context, 'create.id-assigned', before)
}

async function concurrentCreates(context: ProbeContext, categoryId: bigint): Promise<void> {
  const { collector } = context
  const bodies: Array<SentPet> = PetStatus.options.map((status, index) => ({
    name: `${context.namePrefix}concurrent-${index + 1}`,
    categoryId,
    status,
  }))
  const exchanges = await Promise.all(
    bodies.map((body) => postPet(context, stringifyExact(body), { concurrent: true })),
  )
  const created: Array<ResponsePet> = []
  exchanges.forEach((exchange, index) => {
    const body = bodies[index] as SentPet
    const { pet, problem } = createdPetProblem(exchange, body)
    const twin = pet && created.find((other) => other.id === pet.id)
    collector.assert(
      'create.concurrent',
      'createPet',
      exchange,
      `201 echoing ${show(body)} with an id of its own`,
      problem ?? (twin ? `the same id ${twin.id} as ${show(twin)}` : undefined),
    )
    if (pet) {
      created.push(pet)
      recordCreated(context, exchange, pet)
    }
  })
  for (const pet of created) {
    await assertFetchedAsCreated(context, 'create.concurrent', pet)
  }
}

const rejectProbe: Probe = {
  name: 'reject invalid pets',
  needs: ['pets listed'],
  checks: [
    'create.reject-missing-body',
    'create.reject-malformed-json',
    'create.reject-invalid-name',
    'create.reject-invalid-category-id',
    'create.reject-invalid-status',
  ],
  async run(context) {
    const { collector } = context
    const categoryId = knownCategoryId(context) ?? 1n
    const name = `${context.namePrefix}invalid`
    const cases: Array<[CheckId, string, string | undefined]> = [
      ['create.reject-missing-body', 'no body', undefined],
      [
        'create.reject-malformed-json',
        'a truncated JSON body',
        `{"name": "${name}", "categoryId": `,
      ],
      // What RFC 8259 refuses and lenient parsers (JSON5, Jackson's ALLOW_* features) accept.
      [
        'create.reject-malformed-json',
        'a trailing comma',
        `{"name": "${name}", "categoryId": ${categoryId},}`,
      ],
      [
        'create.reject-malformed-json',
        'single quotes',
        `{'name': '${name}', 'categoryId': ${categoryId}}`,
      ],
      [
        'create.reject-malformed-json',
        'a comment',
        `{"name": "${name}", /* a comment */ "categoryId": ${categoryId}}`,
      ],
      [
        'create.reject-malformed-json',
        'a number with a leading zero',
        `{"name": "${name}", "categoryId": 0${categoryId}}`,
      ],
      ['create.reject-malformed-json', 'NaN as a number', `{"name": "${name}", "categoryId": NaN}`],
      ['create.reject-invalid-name', 'name missing', stringifyExact({ categoryId })],
      ['create.reject-invalid-name', 'name a number', stringifyExact({ name: 42, categoryId })],
      ['create.reject-invalid-name', 'name null', stringifyExact({ name: null, categoryId })],
      ['create.reject-invalid-category-id', 'categoryId missing', stringifyExact({ name })],
      [
        'create.reject-invalid-category-id',
        'categoryId a string',
        stringifyExact({ name, categoryId: String(categoryId) }),
      ],
      [
        'create.reject-invalid-category-id',
        'categoryId a fraction',
        `{"name":${show(name)},"categoryId":${categoryId}.5}`,
      ],
      // Beyond 2^53 the one above reads as a whole number in a double: this
      // one keeps its fraction for a server that parses numbers as doubles.
      ...(categoryId > BigInt(Number.MAX_SAFE_INTEGER) ||
      categoryId < -BigInt(Number.MAX_SAFE_INTEGER)
        ? [
            [
              'create.reject-invalid-category-id',
              'categoryId a small fraction',
              `{"name":${show(name)},"categoryId":1.5}`,
            ] as [CheckId, string, string],
          ]
        : []),
      [
        'create.reject-invalid-category-id',
        'categoryId beyond int64',
        `{"name":${show(name)},"categoryId":9223372036854775808}`,
      ],
      [
        'create.reject-invalid-status',
        'status "adopted"',
        stringifyExact({ name, categoryId, status: 'adopted' }),
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

/**
 * Ids that a server keeping ids in a narrower type than int64 confuses with
 * `id`: 2^32 apart (a 32-bit column or parser), 2^53 apart and, beyond 2^53,
 * 1 apart (a double). Above `id` where int64 has room, else below.
 *
 * @example
 * aliasesOf(7n) // [4294967303n, 9007199254740999n]
 */
export function aliasesOf(id: bigint): Array<bigint> {
  const apart = (distance: bigint) => (id + distance <= INT64.max ? id + distance : id - distance)
  const beyondDoubles = id >= 2n ** 53n || id <= -(2n ** 53n)
  return [apart(2n ** 32n), apart(2n ** 53n), ...(beyondDoubles ? [apart(1n)] : [])]
}

/** Asserts `get.no-alias`: a probed alias of a known id is 404, or a Pet with that very id. */
async function assertNoAlias(context: ProbeContext, id: bigint): Promise<void> {
  for (const alias of aliasesOf(id)) {
    const { exchange, pet } = await fetchPet(context, alias)
    const status = statusOf(exchange)
    context.collector.assert(
      'get.no-alias',
      'getPet',
      exchange,
      `404, or 200 with a Pet whose id is ${alias} (pet ${id} exists)`,
      status === 404 || (status === 200 && pet?.id === alias)
        ? undefined
        : status === 200 && pet
          ? `the Pet of id ${pet.id}: ${show(pet)}`
          : describeResponse(exchange),
    )
  }
}

const getProbe: Probe = {
  name: 'get a pet',
  needs: ['pets listed', 'a pet created'],
  checks: [
    'get.valid',
    'get.not-found',
    'get.no-alias',
    'get.deprecation-headers',
    'get.deprecation-truthful',
  ],
  async run(context) {
    const { collector, state } = context
    const existing = state.pets.values().next().value ?? state.created[0]
    if (existing) {
      const { exchange } = await fetchPet(context, existing.id)
      assertRule(collector, 'get.valid', 'getPet', exchange)
      if (statusOf(exchange) === 200) {
        checkDeprecationHeaders(context, exchange)
      }
      if (context.wants('get.no-alias')) {
        await assertNoAlias(context, existing.id)
      }
    } else {
      collector.skip('get.no-alias', 'getPet', 'no pet to fetch')
      const reason = `no pet to fetch: ${state.noPetsReason ?? 'no pet was listed'}${context.readOnly ? '' : ', and none was created'}`
      collector.skip('get.valid', 'getPet', reason)
      collector.skip('get.deprecation-headers', 'getPet', reason)
      collector.skip('get.deprecation-truthful', 'getPet', reason)
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
export const AUTH_VARIANTS: Array<[CheckId, string]> = [
  ['auth.no-header', 'none'],
  ['auth.unknown-key', 'Bearer sk_conformance_unknown_key'],
  ['auth.non-bearer', `Token ${KEY_PLACEHOLDER}`],
  ['auth.non-bearer', `Basic ${KEY_PLACEHOLDER}`],
  // A scheme that only ends in `Bearer`: a match without an anchor lets it in.
  ['auth.non-bearer', `NotBearer ${KEY_PLACEHOLDER}`],
  ['auth.empty-token', 'Bearer '],
]

interface Target {
  operation: OperationId
  method: string
  path: string
  body?: string
  why?: string
}

const authProbe: Probe = {
  name: 'authentication',
  needs: ['pets listed', 'a pet created'],
  checks: [...new Set(AUTH_VARIANTS.map(([id]) => id)), 'auth.checked-first', 'orders.auth'],
  async run(context) {
    const { client, collector, state } = context
    const petId = state.pets.keys().next().value ?? state.created[0]?.id ?? 1n
    const categoryId = knownCategoryId(context) ?? 1n
    const unknownId = neverIssuedId(context)
    const validBody = stringifyExact({ name: `${context.namePrefix}auth`, categoryId })
    const targets: Array<Target> = [
      { operation: 'listPets', method: 'GET', path: kitPath('listPets') },
      { operation: 'createPet', method: 'POST', path: kitPath('createPet'), body: validBody },
      { operation: 'getPet', method: 'GET', path: kitPath('getPet', { petId }) },
    ]
    // Requests that are wrong in a second way: the missing key must win.
    const alsoWrong: Array<Target> = [
      {
        operation: 'getPet',
        method: 'GET',
        path: kitPath('getPet', { petId: unknownId }),
        why: 'unknown petId',
      },
    ]
    const alsoWrongWithoutKey: Array<Target> = [
      {
        operation: 'createPet',
        method: 'POST',
        path: kitPath('createPet'),
        body: stringifyExact({ categoryId: 'x' }),
        why: 'invalid body',
      },
      {
        operation: 'listPets',
        method: 'GET',
        path: kitPath('listPets', {}, 'limit=0'),
        why: 'limit=0',
      },
    ]
    const send = async (checkId: CheckId, auth: string, target: Target) => {
      if (context.readOnly && target.method !== 'GET') {
        return
      }
      const { why, ...request } = target
      const exchange = await client.send({ ...request, auth })
      collector.assert(
        checkId,
        target.operation,
        exchange,
        `401${why ? ` (the key is checked before the ${why})` : ''}`,
        statusOf(exchange) === 401 ? undefined : describeResponse(exchange),
      )
    }
    // A key that only begins with the valid one: a server that matches keys
    // by prefix (startsWith, LIKE 'key%') lets it in. (`-x`: the shell of a
    // curl still reads the variable's name up to the dash.)
    // The valid key followed by more words: a server that reads the key as the
    // header's second word (`split(' ')[1]`) lets it in.
    // Keyed orders requests, whose answers the spec leaves open but which count
    // against the plan's requests per minute like any other (§8): two in a
    // row let Remaining be seen going down on that operation too. Sent before
    // the requests without a valid key, so a cache that answers those with a
    // keyed 200 is seen in every run, not only in one after an earlier run.
    if (context.wants('ratelimit.remaining-decreases') || context.wants('orders.auth')) {
      for (let sent = 0; sent < 2; sent++) {
        await client.send({
          operation: 'listOrders',
          method: 'GET',
          path: kitPath('listOrders'),
          auth: 'valid',
        })
      }
    }
    if (context.wants('auth.unknown-key')) {
      for (const target of targets) {
        await send('auth.unknown-key', `Bearer ${KEY_PLACEHOLDER}-x`, target)
        await send('auth.unknown-key', `Bearer ${KEY_PLACEHOLDER} x`, target)
      }
    }
    for (const [checkId, auth] of AUTH_VARIANTS) {
      if (context.wants(checkId)) {
        for (const target of targets) {
          await send(checkId, auth, target)
        }
      }
      if (context.wants('auth.checked-first')) {
        for (const target of [
          ...alsoWrong,
          ...(checkId === 'auth.no-header' ? alsoWrongWithoutKey : []),
        ]) {
          await send('auth.checked-first', auth, target)
        }
      }
      if (context.wants('orders.auth')) {
        const exchange = await client.send({
          operation: 'listOrders',
          method: 'GET',
          path: kitPath('listOrders'),
          auth,
        })
        collector.assert(
          'orders.auth',
          'listOrders',
          exchange,
          `401 with an Error body (${auth === 'none' ? 'no Authorization' : `Authorization: ${auth}`})`,
          statusOf(exchange) !== 401 ? describeResponse(exchange) : errorBodyProblem(exchange),
        )
      }
    }
  },
}

const advisoryProbe: Probe = {
  name: 'invalid parameters',
  checks: ['list.invalid-limit', 'list.invalid-status', 'get.invalid-id'],
  async run(context) {
    if (context.wants('list.invalid-limit') || context.wants('list.max-items')) {
      // Each may be refused or clamped (below 1 to 1, above 100 to 100, not a number to 20).
      for (const limit of [String(LIST_LIMIT.min - 1), String(LIST_LIMIT.max + 1), 'abc']) {
        const exchange = await listPets(context, `?limit=${limit}`)
        checkListResponse(context, exchange)
        assertRule(context.collector, 'list.invalid-limit', 'listPets', exchange)
      }
    }
    if (context.wants('list.invalid-status')) {
      const exchange = await listPets(context, '?status=adopted')
      checkListResponse(context, exchange)
      assertRule(context.collector, 'list.invalid-status', 'listPets', exchange)
    }
    if (context.wants('get.invalid-id')) {
      const { exchange } = await fetchPet(context, 'abc')
      assertRule(context.collector, 'get.invalid-id', 'getPet', exchange)
    }
  },
}

const methodProbe: Probe = {
  name: 'undocumented methods',
  needs: ['pets listed', 'a pet created'],
  checks: ['method.not-allowed'],
  async run(context) {
    const { client, collector } = context
    if (context.readOnly) {
      return
    }
    for (const [method, path] of [
      ['DELETE', kitPath('getPet', { petId: neverIssuedId(context) })],
      ['PUT', kitPath('listPets')],
    ] as const) {
      const exchange = await client.send({ operation: 'other', method, path, auth: 'valid' })
      // What the 405 carries (its Allow) is method.allow-on-405's, judged on every answer.
      collector.assert(
        'method.not-allowed',
        'other',
        exchange,
        `405 for ${method} ${path}`,
        statusOf(exchange) !== 405 ? describeResponse(exchange) : undefined,
      )
    }
  },
}

/**
 * The fixed probes of the default group, by name (the run's order is
 * derived from what each needs and provides: `orderProbes`). Generated cases, malformed input,
 * content negotiation, the stateful phase and the rate-limit probes live in
 * their own files.
 *
 * @example
 * Object.values(fixedProbes).map((probe) => probe.name)
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
