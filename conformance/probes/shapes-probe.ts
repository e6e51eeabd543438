import fc from 'fast-check'
import type { CheckOperation } from '../../src/judge/catalogue.ts'
import { stringifyExact } from '../../src/judge/exact-json.ts'
import { parseRateLimitHeaders } from '../../src/judge/rate-limit-headers.ts'
import { ResponsePet } from '../../src/judge/response-schemas.ts'
import { LIST_LIMIT } from '../../src/spec/limits.ts'
import { ROUTES } from '../../src/spec/routes.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { kitPath, NAME_PREFIX, operations } from '../model/kit-routes.ts'
import { describeResponse } from '../model/result-collector.ts'
import { answersOf, type ModelPet, type ModelState } from '../model/spec-model.ts'
import { KEY_PLACEHOLDER } from '../model/to-curl.ts'
import type { CheckId, Exchange, OperationId } from '../model/types.ts'
import { type PropertyRun, runProperty } from './generated-probe.ts'
import { anySpelling, type SpellingCase, spellingPlan, spellPath } from './path-spellings.ts'
import {
  ensureCategoryId,
  knownStatus,
  neverIssuedId,
  type Probe,
  type ProbeContext,
  postPet,
} from './probe-context.ts'
import { recordCreated } from './probes.ts'
import { parseResponseBody } from './response-checks.ts'

/** What the model calls the key: the kit's key never reaches the model. */
const MODEL_KEY = 'kit-key'
const VALID = `Bearer ${KEY_PLACEHOLDER}`

/** One request of a shape, relative to the base URL. */
export interface ShapedRequest {
  method: string
  /** Path and raw query, e.g. `/pets?limit=5abc`. */
  target: string
  /** Every header but the defaults (`Accept`, `Accept-Encoding`); `null` leaves a default out. */
  headers: Record<string, string | null>
  body?: string
}

/** A probe's view of the model: what the run knows, as the model reads it. */
interface ShapeRun {
  context: ProbeContext
  state: ModelState & {
    pets: Map<bigint, ModelPet>
    listTotals: Map<string, number>
    categoryIds: Set<bigint>
  }
  /** Names sent in requests that the server refused (or must have refused). */
  refusedNames: Set<string>
  nextName: () => string
}

function modelStateOf(context: ProbeContext): ShapeRun['state'] {
  const pets = new Map<bigint, ModelPet>()
  for (const pet of [...context.state.pets.values(), ...context.state.created]) {
    const status = knownStatus(context.state, pet)
    pets.set(pet.id, { ...pet, status: status as ModelPet['status'] })
  }
  const categoryIds = new Set(context.state.categoryIds)
  if (context.categoryId !== undefined) categoryIds.add(context.categoryId)
  return {
    token: MODEL_KEY,
    pets,
    unusedIds: new Set([neverIssuedId(context)]),
    categoryIds,
    listTotals: new Map(),
  }
}

const standIn = (value: string) => value.replaceAll(KEY_PLACEHOLDER, MODEL_KEY)

/**
 * Sends one shaped request and judges it by the model; a 201 the model
 * allows is remembered as a pet the run created.
 */
async function sendShaped(
  run: ShapeRun,
  operation: OperationId,
  request: ShapedRequest,
): Promise<{ exchange: Exchange; problem?: string }> {
  const { context, state } = run
  const [authName, authorization] =
    Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'authorization') ?? []
  const modelHeaders: Record<string, string> = { Accept: 'application/json' }
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === null) delete modelHeaders[name]
    else modelHeaders[name] = standIn(value)
  }
  const answers = answersOf(
    {
      method: request.method,
      target: standIn(request.target),
      headers: modelHeaders,
      body: request.body,
      base: new URL(context.client.baseUrl).pathname.replace(/\/+$/, ''),
    },
    state,
  )
  const exchange = await context.client.send({
    operation,
    method: request.method,
    path: request.target,
    auth: authorization ?? 'none',
    ...(authName === undefined ? {} : { authName }),
    headers: Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
    ),
    ...(answers.credential === 'valid' ? { credential: 'valid' as const } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.body === undefined ? {} : { contentType: contentTypeOf(request) }),
  })
  if (!exchange.response) return { exchange, problem: describeResponse(exchange) }
  const problem = answers.problem(exchange.response)
  const { created } = answers.after(exchange.response)
  if (created) {
    state.pets.set(created.id, created)
    const pet = parseResponseBody(exchange, ResponsePet)
    if (pet?.success) recordCreated(context, exchange, pet.data)
  } else if (answers.operation === 'other' || exchange.response.status !== 201) {
    for (const name of namesIn(request.body)) run.refusedNames.add(name)
  }
  return problem === undefined
    ? { exchange }
    : { exchange, problem: `${problem} (allowed: ${answers.expected})` }
}

function contentTypeOf(request: ShapedRequest): string {
  const entry = Object.entries(request.headers).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )
  return entry?.[1] ?? 'application/json'
}

/** The kit's names in a body (`conformance-...`), wherever they are. */
function namesIn(body: string | undefined): Array<string> {
  return body?.match(new RegExp(`${NAME_PREFIX}[\\w-]+`, 'g')) ?? []
}

const showRequest = (request: ShapedRequest) =>
  `${request.method} ${request.target}${
    Object.keys(request.headers).length ? ` ${JSON.stringify(request.headers)}` : ''
  }${request.body === undefined ? '' : ` ${request.body}`}`

/** Generated cases per shape property: breadth within the run's request budget (`--examples` caps it). */
const GENERATED_PER_PROPERTY = 3

/** Runs a shape property with {@link GENERATED_PER_PROPERTY} generated cases after its examples. */
function runShapes(run: ShapeRun, shapes: PropertyRun<ShapedRequest>): Promise<void> {
  const examples = Math.min(run.context.examples, GENERATED_PER_PROPERTY)
  return runProperty({ ...run.context, examples }, shapes)
}

function property(
  run: ShapeRun,
  checkId: CheckId,
  operation: OperationId,
  arbitrary: fc.Arbitrary<ShapedRequest>,
  examples: Array<ShapedRequest>,
  expected: string,
): PropertyRun<ShapedRequest> {
  return {
    checkId,
    operation,
    arbitrary,
    examples,
    expected,
    describe: showRequest,
    attempt: (request) => sendShaped(run, operation, request),
  }
}

/** Values of `limit` over its whole domain: notations, signs, spaces, trailing characters, encodings. */
const limitValue: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('', '+', '-', '%2B', '%20', '+'),
    fc.constantFrom('', '0', '00'),
    fc.integer({ min: 0, max: 150 }).map(String),
    fc.constantFrom('', '', '.0', '.5', 'e0', 'e1', 'E1', 'abc', '%20', ' ', ',3', '%00'),
  )
  .map((parts) => parts.join(''))

const queryArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      limitValue.map((value) => `limit=${value}`),
      fc
        .constantFrom('limit[]=', 'Limit=', 'limit%5B%5D=', 'LIMIT=')
        .chain((name) => limitValue.map((value) => `${name}${value}`)),
      fc
        .constantFrom('available', 'pending', 'sold', '', 'AVAILABLE', 'Sold', 'sold%20', 'adopted')
        .map((value) => `status=${value}`),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((pairs) => pairs.join('&'))

/** The query edge cases, each one request: the shapes real query parsers disagree on. */
const QUERY_EXAMPLES = [
  'limit=5abc',
  'limit=1e1',
  'limit=0x10',
  'limit=',
  'limit[]=1',
  'status=',
  'status=AVAILABLE',
  'limit=2&status=sold%20',
]

async function queryShapes(run: ShapeRun): Promise<void> {
  const { state } = run
  // The whole list's length (a page of 100 that is shorter is all of it).
  const whole = await sendShaped(run, 'listPets', {
    method: 'GET',
    target: `/pets?limit=${LIST_LIMIT.max}`,
    headers: { Authorization: VALID },
  })
  const total = parseResponseBody(whole.exchange, ResponsePet.array())
  if (total?.success) state.listTotals.set('', Math.min(total.data.length, LIST_LIMIT.max))
  const list = (query: string): ShapedRequest => ({
    method: 'GET',
    target: `/pets?${query}`,
    headers: { Authorization: VALID },
  })
  await runShapes(
    run,
    property(
      run,
      'shape.query',
      'listPets',
      queryArbitrary.map(list),
      QUERY_EXAMPLES.map(list),
      'the page the value written allows, or 400 with an Error body',
    ),
  )
  // The creates that follow change the list's length.
  state.listTotals.clear()
}

/** Spellings of an existing id: the same id in other notations, and values that are no id. */
function idShapes(id: bigint): Array<string> {
  const digits = id.toString()
  return [
    [...digits].map((digit) => `%3${digit}`).join(''),
    `00${digits}`,
    `${digits}abc`,
    `${digits}.5`,
    `0x${id.toString(16)}`,
    `${digits}e0`,
  ]
}

/** A pet's id with a positive value to spell, fetched with one list request when the run knows none. */
async function knownPetId(run: ShapeRun): Promise<bigint | undefined> {
  if (run.state.pets.size === 0) {
    const page = await run.context.client.send({
      operation: 'listPets',
      method: 'GET',
      path: '/pets?limit=1',
      auth: 'valid',
    })
    const pets = parseResponseBody(page, ResponsePet.array())
    for (const pet of pets?.success ? pets.data : []) run.state.pets.set(pet.id, pet)
  }
  return [...run.state.pets.keys()].find((id) => id > 0n)
}

async function pathShapes(run: ShapeRun): Promise<void> {
  const known = await knownPetId(run)
  if (known === undefined) {
    run.context.collector.skip('shape.path-id', 'getPet', 'no pet with a positive id to spell')
    return
  }
  const get = (segment: string): ShapedRequest => ({
    method: 'GET',
    target: `/pets/${segment}`,
    headers: { Authorization: VALID },
  })
  const shapes = idShapes(known)
  await runShapes(
    run,
    property(
      run,
      'shape.path-id',
      'getPet',
      fc
        .tuple(fc.constantFrom(...shapes), fc.constantFrom('', '0', '%30', '9223372036854775808'))
        .map(([shape, tail]) => get(tail === '' ? shape : `${shape}${tail}`)),
      [...shapes, '9223372036854775808'].map(get),
      'the pet, or 400/404 with an Error body, as the spelling allows',
    ),
  )
}

/**
 * `shape.path-spelling`: the path of every operation of the route table
 * spelled other ways (`path-spellings.ts`), without the key and with it as
 * `spellingPlan` shares them out, then generated combinations with the key;
 * the model (`model/path-spelling.ts`) judges each. A create is sent only
 * when the run may write.
 */
async function pathSpellings(run: ShapeRun, validBody: () => string): Promise<void> {
  const { context } = run
  const petId = (await knownPetId(run)) ?? neverIssuedId(context)
  const plan = spellingPlan(ROUTES)
  for (const [index, route] of ROUTES.entries()) {
    const operation = route.operationId
    const { keyless = [], keyed = [] } = plan[index] ?? {}
    if (context.readOnly && route.method !== 'GET') {
      context.collector.skip('shape.path-spelling', operation, 'read-only run')
      continue
    }
    const template = operations[operation].path
    const path = kitPath(operation, { petId })
    const request = ({ kinds, at }: SpellingCase, keyed: boolean): ShapedRequest => ({
      method: route.method,
      target: spellPath(template, path, kinds, at),
      headers: keyed ? { Authorization: VALID } : {},
      ...(route.method === 'POST' ? { body: validBody() } : {}),
    })
    await runShapes(run, {
      ...property(
        run,
        'shape.path-spelling',
        operation,
        anySpelling.map((spelling) => request(spelling, true)),
        // With the key first: a cache that keeps a keyed answer by the path it
        // read (`/./pets` is `/pets`) then shows whether it serves it without one.
        [
          ...keyed.map((spelling) => request(spelling, true)),
          ...keyless.map((spelling) => request(spelling, false)),
        ],
        'without the key: 401 with the Bearer challenge, another 4xx with an Error body or a redirect to the path the spec writes, never a 2xx; with it: what the operation answers, a 4xx other than 401 with an Error body or that redirect; never a 5xx',
      ),
      // Sent as a path the spec does not write (as the proxy's judge reads it):
      // the operation's own response rules (`orders.exists`) are not held to it.
      attempt: (shaped) => sendShaped(run, 'other', shaped),
    })
  }
}

/** The operations `shape.headers` records results for. */
type HeaderOperation = CheckOperation<'shape.headers'>

/** Where a generated request puts the key: §5's header, or a place §5 does not name. */
const KEY_PLACES = ['authorization', 'authorization', 'query', 'cookie', 'x-api-key'] as const

/** Headers a proxy or client in front may add; none changes the answer. */
const FORWARDING: Array<[string, string]> = [
  ['X-Forwarded-For', '203.0.113.9, 10.0.0.1'],
  ['X-Real-IP', '203.0.113.9'],
  ['Forwarded', 'for=198.51.100.1;proto=https'],
  ['X-Forwarded-Host', 'other.example'],
  ['X-Forwarded-Prefix', '/admin'],
  ['X-Original-URL', '/v1/store/orders'],
  ['X-Rewrite-URL', '/v1/pets/1'],
  ['X-HTTP-Method-Override', 'DELETE'],
]

/**
 * `GET /pets?limit=1` with the key spelled or placed any way (the header
 * name's case, RFC 9110 §5.1: HTTP/2 clients send it lower-case; the
 * scheme's case, spaces before the key, the query, a cookie, `X-API-Key`)
 * and with forwarding and rewriting headers added.
 */
const listHeaderArbitrary: fc.Arbitrary<ShapedRequest> = fc
  .record({
    name: fc.constantFrom('Authorization', 'authorization', 'AUTHORIZATION', 'aUTHORIZATION'),
    scheme: fc.constantFrom('Bearer', 'bearer', 'BEARER', 'bEaReR'),
    spaces: fc.integer({ min: 1, max: 3 }),
    place: fc.constantFrom(...KEY_PLACES),
    extra: fc.subarray(FORWARDING, { maxLength: 3 }),
  })
  .map(({ name, scheme, spaces, place, extra }) => {
    const headers: Record<string, string> = Object.fromEntries(extra)
    if (place === 'authorization')
      headers[name] = `${scheme}${' '.repeat(spaces)}${KEY_PLACEHOLDER}`
    if (place === 'cookie') headers.Cookie = `api_key=${KEY_PLACEHOLDER}`
    if (place === 'x-api-key') headers['X-API-Key'] = KEY_PLACEHOLDER
    const query = place === 'query' ? `&api_key=${KEY_PLACEHOLDER}` : ''
    return { method: 'GET', target: `/pets?limit=1${query}`, headers }
  })

async function headerShapes(run: ShapeRun, validBody: () => string): Promise<void> {
  const { context } = run
  const list = (headers: ShapedRequest['headers'], query = 'limit=1'): ShapedRequest => ({
    method: 'GET',
    target: `/pets?${query}`,
    headers,
  })
  const keyed = (headers: Record<string, string | null>) => ({ Authorization: VALID, ...headers })
  await runShapes(
    run,
    property(
      run,
      'shape.headers',
      'listPets',
      listHeaderArbitrary,
      [
        list({ Authorization: `bearer ${KEY_PLACEHOLDER}` }),
        list({ authorization: `Bearer ${KEY_PLACEHOLDER}` }),
        list({ AUTHORIZATION: `Bearer ${KEY_PLACEHOLDER}` }),
        list({ Authorization: `BEARER  ${KEY_PLACEHOLDER}` }),
        list({}, `limit=1&api_key=${KEY_PLACEHOLDER}`),
        list({ Cookie: `api_key=${KEY_PLACEHOLDER}` }),
        list({ 'X-API-Key': KEY_PLACEHOLDER }),
        list(keyed({ 'X-Original-URL': `/v1/pets/${neverIssuedId(context)}` })),
      ],
      'the key only from Authorization, its name and its scheme in any case; forwarding and rewriting headers change nothing',
    ),
  )
  const known = [...run.state.pets.keys()][0]
  if (known === undefined) context.collector.skip('shape.headers', 'getPet', 'no pet to fetch')
  const shapes: Array<[HeaderOperation, ShapedRequest]> = [
    ...(known === undefined
      ? []
      : [
          [
            'getPet',
            {
              method: 'GET',
              target: `/pets/${known}`,
              headers: keyed({ 'X-Rewrite-URL': '/v1/store/orders' }),
            },
          ] as [HeaderOperation, ShapedRequest],
        ]),
    ...(context.readOnly
      ? []
      : [
          [
            'createPet',
            {
              method: 'POST',
              target: '/pets',
              headers: keyed({ 'Content-Type': 'Application/JSON ; charset=UTF-8' }),
              body: validBody(),
            },
          ] as [HeaderOperation, ShapedRequest],
        ]),
  ]
  for (const [operation, request] of shapes) {
    const { exchange, problem } = await sendShaped(run, operation, request)
    context.collector.assert('shape.headers', operation, exchange, showRequest(request), problem)
  }
}

/** Requests that must create nothing: refused bodies, other methods, a method-override header. */
async function refusedShapes(run: ShapeRun, categoryId: bigint): Promise<void> {
  const { context } = run
  const pet = () => ({ name: run.nextName(), categoryId })
  const text = (value: unknown) => stringifyExact(value)
  const body = (value: string): ShapedRequest => ({
    method: 'POST',
    target: '/pets',
    headers: { Authorization: VALID, 'Content-Type': 'application/json' },
    body: value,
  })
  const examples = [
    () => text([pet()]),
    () => text(pet().name),
    () => 'null',
    () => text({ pet: pet() }),
    () => text({ ...pet(), categoryId: String(categoryId) }),
    () => text({ ...pet(), categoryId: true }),
    () => text({ ...pet(), status: 'SOLD' }),
    () => text({ ...pet(), name: [pet().name] }),
    () => `{"name":"${run.nextName()}","categoryId":${categoryId},"name":"${run.nextName()}"}`,
  ]
  const bodyArbitrary = fc
    .tuple(
      fc.constantFrom(
        'array',
        'string-id',
        'boolean-id',
        'nested',
        'status-case',
        'number',
        'scalar',
      ),
      fc.nat(3),
    )
    .map(([kind, depth]) => {
      const one = pet()
      const nest = (value: unknown): unknown =>
        Array.from({ length: depth }).reduce((inner) => ({ pet: inner }), value)
      const value =
        kind === 'array'
          ? Array.from({ length: depth + 1 }, () => one)
          : kind === 'string-id'
            ? { ...one, categoryId: `${categoryId}` }
            : kind === 'boolean-id'
              ? { ...one, categoryId: depth % 2 === 0 }
              : kind === 'nested'
                ? nest(one)
                : kind === 'status-case'
                  ? { ...one, status: ['Sold', 'AVAILABLE', 'pending ', ''][depth] }
                  : kind === 'scalar'
                    ? [7, true, 0, false][depth]
                    : { ...one, categoryId: Number(categoryId) + 0.5 }
      return body(text(value))
    })
  await runShapes(
    run,
    property(
      run,
      'shape.body',
      'createPet',
      bodyArbitrary,
      examples.map((make) => body(make())),
      '400 with an Error body, nothing created',
    ),
  )
  const others: Array<['createPet' | 'other', ShapedRequest]> = [
    [
      'createPet',
      {
        method: 'POST',
        target: '/pets',
        headers: {
          Authorization: VALID,
          'Content-Type': 'application/json',
          'X-HTTP-Method-Override': 'PUT',
        },
        body: text(pet()),
      },
    ],
    [
      'other',
      {
        method: 'PUT',
        target: '/pets',
        headers: { Authorization: VALID, 'Content-Type': 'application/json' },
        body: text(pet()),
      },
    ],
    [
      'other',
      {
        method: 'PATCH',
        target: '/pets',
        headers: { Authorization: VALID, 'Content-Type': 'application/json' },
        body: text(pet()),
      },
    ],
  ]
  for (const [operation, request] of others) {
    const { exchange, problem } = await sendShaped(run, operation, request)
    context.collector.assert(
      'shape.headers',
      operation === 'other' ? 'createPet' : operation,
      exchange,
      showRequest(request),
      problem,
    )
  }
}

/** Creates one ordinary pet; its id and the exchange, or undefined. */
async function createMarker(
  run: ShapeRun,
  categoryId: bigint,
): Promise<{ id: bigint; exchange: Exchange } | undefined> {
  const name = run.nextName()
  const exchange = await postPet(run.context, stringifyExact({ name, categoryId }))
  const pet =
    exchange.response?.status === 201 ? parseResponseBody(exchange, ResponsePet) : undefined
  if (!pet?.success) return undefined
  run.state.pets.set(pet.data.id, pet.data)
  recordCreated(run.context, exchange, pet.data)
  return { id: pet.data.id, exchange }
}

/** The widest gap between two creates the kit reads id by id. */
const MAX_GAP = 24n

/** `state.refused-creates-nothing`: no pet carries a name a refused request sent. */
async function refusedLeaveNothing(
  run: ShapeRun,
  first: { id: bigint; exchange: Exchange } | undefined,
  last: { id: bigint; exchange: Exchange } | undefined,
) {
  const { context, state, refusedNames } = run
  const check = 'state.refused-creates-nothing'
  const carriesRefused = (exchange: Exchange): string | undefined => {
    const pets = parseResponseBody(exchange, ResponsePet.array())
    const pet = parseResponseBody(exchange, ResponsePet)
    const shown = pets?.success ? pets.data : pet?.success ? [pet.data] : []
    const found = shown.find((item) => refusedNames.has(item.name))
    return found ? `pet ${found.id} "${found.name}" was created by a refused request` : undefined
  }
  let decided = false
  const before = first?.id
  const after = last?.id
  if (before !== undefined && after !== undefined && after > before && after - before <= MAX_GAP) {
    const unknown: Array<bigint> = []
    for (let id = before + 1n; id < after; id++) {
      if (!state.pets.has(id)) unknown.push(id)
    }
    for (const id of unknown) {
      const exchange = await context.client.send({
        operation: 'getPet',
        method: 'GET',
        path: `/pets/${id}`,
        auth: 'valid',
      })
      context.collector.assert(
        check,
        'createPet',
        exchange,
        `no pet ${id} named by a refused request`,
        carriesRefused(exchange),
      )
    }
    if (unknown.length === 0 && last) {
      // Every id between the two creates is a pet created on purpose: the refused requests took none.
      context.collector.pass(check, 'createPet', last.exchange)
    }
    decided = true
  }
  const whole = await context.client.send({
    operation: 'listPets',
    method: 'GET',
    path: `/pets?limit=${LIST_LIMIT.max}`,
    auth: 'valid',
  })
  const items = parseResponseBody(whole, ResponsePet.array())
  if (items?.success && items.data.length < LIST_LIMIT.max) {
    context.collector.assert(
      check,
      'createPet',
      whole,
      'no listed pet named by a refused request',
      carriesRefused(whole),
    )
    decided = true
  }
  if (!decided) {
    context.collector.skip(
      check,
      'createPet',
      `the ids of two creates are more than ${MAX_GAP} apart and the list holds ${LIST_LIMIT.max} pets or more: a pet a refused request created could not be seen`,
    )
  }
}

/** `ratelimit.per-key`: the same key in other spellings and behind forwarding headers counts against one counter. */
async function countsPerKey(run: ShapeRun): Promise<void> {
  const { context } = run
  const spellings: Array<Record<string, string>> = [
    { Authorization: VALID },
    { Authorization: `bearer ${KEY_PLACEHOLDER}` },
    { Authorization: `BEARER ${KEY_PLACEHOLDER}` },
    { Authorization: VALID, 'X-Forwarded-For': '203.0.113.7', 'X-Real-IP': '203.0.113.7' },
    { Authorization: VALID, Forwarded: 'for=198.51.100.9' },
  ]
  for (let attempt = 0; attempt < 2; attempt++) {
    const seen: Array<{ exchange: Exchange; limit: number; remaining: number; reset: number }> = []
    for (const headers of spellings) {
      const { exchange } = await sendShaped(run, 'listPets', {
        method: 'GET',
        target: '/pets?limit=1',
        headers,
      })
      const values = exchange.response
        ? parseRateLimitHeaders(exchange.response.headers)
        : undefined
      if (!values && exchange.response?.status !== 200) {
        seen.push({ exchange, limit: Number.NaN, remaining: Number.NaN, reset: Number.NaN })
        continue
      }
      if (!values) {
        context.collector.skip(
          'ratelimit.per-key',
          'listPets',
          'a response had no integer rate-limit headers',
        )
        return
      }
      seen.push({ exchange, ...values })
    }
    // A spelling the server refused (a lower-case `bearer` answered 401) is
    // shape.headers' failure: whether its request spent the key's counter is
    // then open, so no pair around it is compared, and the skip says why,
    // instead of a second failure of the same cause.
    const isAccepted = (entry: (typeof seen)[number]) => entry.exchange.response?.status === 200
    const refused = seen.filter((entry) => !isAccepted(entry))
    const first = seen.find(isAccepted)
    if (
      seen.some(
        (entry) =>
          isAccepted(entry) && (entry.limit !== first?.limit || entry.reset !== first?.reset),
      )
    ) {
      continue
    }
    let compared = 0
    for (let index = 1; index < seen.length; index++) {
      const previous = seen[index - 1]
      const entry = seen[index]
      if (!previous || !entry || !isAccepted(previous) || !isAccepted(entry)) continue
      compared += 1
      context.collector.assert(
        'ratelimit.per-key',
        'listPets',
        entry.exchange,
        `X-RateLimit-Remaining ${previous.remaining - 1} (one less than before: the same key)`,
        entry.remaining === previous.remaining - 1
          ? undefined
          : `X-RateLimit-Remaining ${entry.remaining} after ${previous.remaining}: ${JSON.stringify(spellings[index])} was counted apart`,
      )
    }
    if (compared === 0) {
      context.collector.skip(
        'ratelimit.per-key',
        'listPets',
        `the server refused ${countOf(refused.length, 'spelling')} of the key (${refused.map((entry) => `${JSON.stringify(spellings[seen.indexOf(entry)])}: ${describeResponse(entry.exchange)}`).join('; ')}), which shape.headers reports: no two accepted requests in a row to compare`,
      )
    }
    return
  }
  context.collector.skip(
    'ratelimit.per-key',
    'listPets',
    'the rate-limit window reset during the measurement, 2 times',
  )
}

/**
 * Requests in the shapes clients, proxies and parsers produce, each judged
 * by the model of the spec (`model/spec-model.ts`), and what they leave
 * behind: query strings, path ids, bodies of every JSON type, headers
 * (credential spellings, media types, forwarding and rewriting headers),
 * then whether refused requests created anything and whether one key is
 * counted as one.
 *
 * @example
 * await shapesProbe.run(context)
 */
export const shapesProbe: Probe = {
  name: 'request shapes',
  needs: ['pets listed', 'a pet created'],
  provides: ['a pet created'],
  checks: [
    'shape.query',
    'shape.path-id',
    'shape.path-spelling',
    'shape.body',
    'shape.headers',
    'state.refused-creates-nothing',
    'ratelimit.per-key',
  ],
  async run(context) {
    let counter = 0
    const run: ShapeRun = {
      context,
      state: modelStateOf(context),
      refusedNames: new Set(),
      nextName: () => `${context.namePrefix}shape-${++counter}`,
    }
    if (context.wants('shape.query')) await queryShapes(run)
    const categoryId = context.readOnly ? undefined : await ensureCategoryId(context)
    if (categoryId !== undefined) run.state.categoryIds.add(categoryId)
    // A pet the category search created is one to spell too.
    for (const [id, pet] of modelStateOf(context).pets) {
      if (!run.state.pets.has(id)) run.state.pets.set(id, pet)
    }
    if (context.wants('shape.path-id')) await pathShapes(run)
    const validBody = () =>
      stringifyExact({ name: run.nextName(), categoryId: categoryId ?? context.categoryId ?? 1n })
    if (context.wants('shape.path-spelling')) await pathSpellings(run, validBody)
    if (context.wants('shape.headers')) await headerShapes(run, validBody)
    if (categoryId === undefined) {
      const reason = context.readOnly
        ? 'read-only run'
        : (context.state.noCategoryReason ?? 'no category id')
      context.collector.skip('shape.body', 'createPet', reason)
      context.collector.skip('state.refused-creates-nothing', 'createPet', reason)
    } else if (context.wants('shape.body') || context.wants('state.refused-creates-nothing')) {
      const before = await createMarker(run, categoryId)
      await refusedShapes(run, categoryId)
      const after = await createMarker(run, categoryId)
      await refusedLeaveNothing(run, before, after)
    }
    if (context.wants('ratelimit.per-key')) await countsPerKey(run)
  },
}
