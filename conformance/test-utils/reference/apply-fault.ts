import { parseExactJson, stringifyExactJson } from './exact-json.ts'
import { HttpError } from './http-error.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { ListQuery, PetInput, StoredPet } from './pet-store.ts'
import type { RateDecision } from './rate-limiter.ts'
import { STACK_FAULTS, type StackFault } from './stack-faults.ts'

const ALL = Number.POSITIVE_INFINITY
const INT64_MAX = 2n ** 63n - 1n

/** The body as a loose object, or undefined when it is not one. */
function loose(text: string): Record<string, unknown> | undefined {
  try {
    const value = parseExactJson(text)
    return value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const asDouble = (id: bigint) => BigInt(Number(id))

function setHeader(reply: Reply, name: string, value: string | undefined): Reply {
  const headers = { ...reply.headers }
  if (value === undefined) delete headers[name]
  else headers[name] = value
  return { ...reply, headers }
}

type Store = ReferenceParts['store']

/** The store's methods (class methods do not spread), with some replaced. */
function storeWith(store: Store, replaced: Partial<Store>): Store {
  return {
    insert: (input) => store.insert(input),
    find: (id) => store.find(id),
    list: (query) => store.list(query),
    ...replaced,
  }
}

/** The store with `insert` in place of its own, and the pets in `lost` gone from every read. */
function storeLosing(store: Store, lost: ReadonlySet<bigint>, insert: Store['insert']): Store {
  return storeWith(store, {
    insert,
    find: (id) => (lost.has(id) ? undefined : store.find(id)),
    list: (query) =>
      store
        .list({ ...query, limit: ALL })
        .filter((pet) => !lost.has(pet.id))
        .slice(0, query.limit),
  })
}

type Wrap = (parts: ReferenceParts, now: () => number) => Partial<ReferenceParts>

/** A fault that changes every answer of one status as it is finished. */
function onStatus(status: number, change: (reply: Reply) => Reply): Wrap {
  return ({ finish }) => ({
    finish: (reply, request) => finish(reply.status === status ? change(reply) : reply, request),
  })
}

/** A fault that sends every answer, its body unchanged, under the `Content-Type` `type`. */
function labelled(type: string): Wrap {
  return ({ finish }) => ({
    finish: (reply, request) => {
      const finished = finish(reply, request)
      return {
        ...finished,
        raw: { type, text: finished.raw?.text ?? stringifyExactJson(finished.body) },
      }
    },
  })
}

/** Each fault of the server's own code as the parts it replaces, wrapping the correct ones. */
const FAULTS = {
  'ids-as-doubles': ({ store, present }) => ({
    present: (pet) => present({ ...pet, id: asDouble(pet.id) }),
    store: storeWith(store, {
      find: (id) => store.list({ limit: ALL }).find((pet) => asDouble(pet.id) === asDouble(id)),
    }),
  }),
  'category-fraction-truncated': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const body = loose(text)
      if (typeof body?.categoryId === 'number' && Number.isFinite(body.categoryId)) {
        body.categoryId = BigInt(Math.trunc(body.categoryId))
        return parseNewPet(stringifyExactJson(body))
      }
      return parseNewPet(text)
    },
  }),
  'lose-every-third-pet': ({ store }) => {
    const lost = new Set<bigint>()
    let creates = 0
    return {
      store: storeLosing(store, lost, async (input) => {
        const pet = await store.insert(input)
        creates += 1
        if (creates % 3 === 0) lost.add(pet.id)
        return pet
      }),
    }
  },
  'mislabel-status-after-5-creates': ({ store, present }) => {
    let creates = 0
    return {
      store: storeWith(store, {
        async insert(input) {
          creates += 1
          return store.insert(input)
        },
      }),
      present: (pet) =>
        present(
          creates > 5 && pet.status
            ? { ...pet, status: pet.status === 'sold' ? 'available' : 'sold' }
            : pet,
        ),
    }
  },
  'concurrent-creates-share-an-id': ({ ids }) => {
    let pending: Promise<bigint> | undefined
    return {
      ids: {
        next() {
          // A read-modify-write of the sequence across an await: creates that
          // overlap read the same value.
          pending ??= ids.next().then(
            (id) =>
              new Promise<bigint>((resolve) =>
                setTimeout(() => {
                  pending = undefined
                  resolve(id)
                }, 20),
              ),
          )
          return pending
        },
      },
    }
  },
  'truncate-names-to-64': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const input = parseNewPet(text)
      return { ...input, name: input.name.slice(0, 64) }
    },
  }),
  'echo-default-status-ignoring-sent': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const { status: _ignored, ...input } = parseNewPet(text)
      return input
    },
  }),
  'limit-off-by-one': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const parsed = parseListQuery(query)
      return query.has('limit') ? { ...parsed, limit: parsed.limit - 1 } : parsed
    },
  }),
  'default-page-25-with-status': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const parsed = parseListQuery(query)
      return !query.has('limit') && parsed.status ? { ...parsed, limit: 25 } : parsed
    },
  }),
  'status-filter-ignored-with-limit': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const { status, ...parsed } = parseListQuery(query)
      return query.has('limit') || status === undefined ? parsed : { ...parsed, status }
    },
  }),
  'list-always-empty': ({ store }) => ({ store: storeWith(store, { list: () => [] }) }),
  'created-pets-never-listed': ({ store }) => {
    const seeded = new Set(store.list({ limit: ALL }).map((pet) => pet.id))
    return {
      store: storeWith(store, {
        list: (query: ListQuery) =>
          store
            .list({ ...query, limit: ALL })
            .filter((pet) => seeded.has(pet.id))
            .slice(0, query.limit),
      }),
    }
  },
  'status-filter-empty-without-limit': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const parsed = parseListQuery(query)
      return parsed.status && !query.has('limit') ? { ...parsed, limit: 0 } : parsed
    },
  }),
  'not-found-before-auth': ({ store }) => ({
    beforeAuth: [
      (request: ParsedRequest) => {
        const text = /^\/pets\/(\d+)$/.exec(request.path ?? '')?.[1]
        if (request.method === 'GET' && text !== undefined && !store.find(BigInt(text))) {
          throw new HttpError(404, 'not_found', 'No such pet.')
        }
      },
    ],
  }),
  'orders-without-auth': ({ keyOf }) => ({
    keyOf: (request) => (request.path === '/store/orders' ? 'anonymous' : keyOf(request)),
  }),
  'empty-token-accepted-on-get': ({ keyOf }) => ({
    keyOf: (request) =>
      request.headers.authorization === 'Bearer' && request.path?.startsWith('/pets/')
        ? 'anonymous'
        : keyOf(request),
  }),
  'crash-on-int64-max-category': ({ parseNewPet }) => ({
    parseNewPet(text) {
      if (loose(text)?.categoryId === INT64_MAX) throw new Error('category lookup overflowed')
      return parseNewPet(text)
    },
  }),
  'crash-on-status-null': ({ parseNewPet }) => ({
    parseNewPet(text) {
      if (loose(text)?.status === null) throw new Error('status was null')
      return parseNewPet(text)
    },
  }),
  'crash-on-empty-name': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const name = loose(text)?.name
      if (typeof name === 'string' && name.trim() === '') throw new Error('name was empty')
      return parseNewPet(text)
    },
  }),
  'key-matched-by-prefix': ({ keyOf }) => ({
    keyOf(request) {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
      return keyOf(request) ?? (token?.startsWith('sk_ref') ? token : undefined)
    },
  }),
  'crash-on-limit-empty': ({ parseListQuery }) => ({
    parseListQuery(query) {
      if (query.get('limit') === '') throw new Error('limit parser crashed')
      return parseListQuery(query)
    },
  }),
  'error-status-as-string-on-404': onStatus(404, (reply) => ({
    ...reply,
    body: { ...(reply.body as object), status: '404' },
  })),
  // A hand-written negotiator that compares `Accept` as a string instead of
  // reading media ranges (RFC 9110 §12.5.1): `*/*`, `application/*` and
  // `APPLICATION/JSON` all allow JSON, yet get 406.
  'json-refused-for-wildcard-accept': ({ finish }) => ({
    finish: (reply, request) => {
      const accept = request.headers.accept
      return finish(
        accept === undefined || accept.includes('application/json')
          ? reply
          : {
              status: 406,
              headers: reply.headers,
              body: {
                code: 'not_acceptable',
                message: 'Only application/json is served.',
                status: 406,
              },
            },
        request,
      )
    },
  }),
  // A second middleware appends its own Content-Type (Express `res.append`):
  // the field is sent twice and reads as a list, not one media type (RFC 9110
  // §8.3.1); the first entry still starts with `application/json;`.
  'content-type-sent-twice': labelled('application/json; charset=utf-8, application/json'),
  'plain-text-405': onStatus(405, (reply) => ({
    ...reply,
    raw: { type: 'text/plain', text: 'Method Not Allowed' },
  })),
  'plain-text-429': onStatus(429, (reply) => ({
    ...reply,
    raw: { type: 'text/plain', text: 'Too Many Requests' },
  })),
  'no-rate-limit-headers-on-201': onStatus(201, (reply) =>
    ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].reduce(
      (answer, name) => setHeader(answer, name, undefined),
      reply,
    ),
  ),
  'reset-is-window-start': ({ finish }, now) => {
    const serverStart = Math.floor(now() / 1000)
    return {
      finish: (reply, request) =>
        finish(setHeader(reply, 'X-RateLimit-Reset', String(serverStart - 30)), request),
    }
  },
  'remaining-never-changes': ({ finish }) => ({
    finish: (reply, request) =>
      finish(
        setHeader(
          reply,
          'X-RateLimit-Remaining',
          String(Number(reply.headers['X-RateLimit-Limit']) - 1),
        ),
        request,
      ),
  }),
  'orders-not-counted': ({ count }) => {
    let last: ReturnType<ReferenceParts['count']> | undefined
    return {
      count(request) {
        if (request.path === '/store/orders' && last !== undefined) return last
        last = count(request)
        return last
      },
    }
  },
  'remaining-above-zero-on-429': onStatus(429, (reply) =>
    setHeader(reply, 'X-RateLimit-Remaining', '3'),
  ),
  'retry-after-invalid': onStatus(429, (reply) => setHeader(reply, 'Retry-After', 'soon')),
  'serves-after-remaining-0': ({ count }) => ({
    count: (request) => ({ ...count(request), over: false }),
  }),
  // GET /pets/{petId} counted twice against the window.
  'get-counted-twice': ({ count }) => ({
    async count(request) {
      if (request.method === 'GET' && /^\/pets\/[^/]+$/.test(request.path ?? '')) {
        await count(request)
      }
      return count(request)
    },
  }),
  // A read-modify-write of the counter across an await: requests that
  // overlap are counted once.
  'overlapping-requests-counted-once': ({ count }) => {
    let pending: Promise<RateDecision> | undefined
    return {
      count(request) {
        pending ??= new Promise((resolve) => {
          const decision = count(request)
          setTimeout(() => {
            pending = undefined
            resolve(decision)
          }, 15)
        })
        return pending
      },
    }
  },
  // GET /store/orders served past the limit.
  'orders-served-over-limit': ({ count }) => ({
    async count(request) {
      const decision = await count(request)
      return request.path === '/store/orders' ? { ...decision, over: false } : decision
    },
  }),
  'trims-names': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const input = parseNewPet(text)
      return { ...input, name: input.name.trim() }
    },
  }),
  // A utf8mb3 column: characters beyond U+FFFF become '?'.
  'astral-characters-mangled': ({ store }) => ({
    store: storeWith(store, {
      insert: (input) =>
        store.insert({ ...input, name: input.name.replace(/[\u{10000}-\u{10FFFF}]/gu, '?') }),
    }),
  }),
  // A loosely typed column or serialiser: a name that reads as a number is written as one.
  'numeric-names-as-numbers': ({ present }) => ({
    present(pet) {
      const shown = present(pet)
      const number = Number(pet.name)
      return pet.name.trim() !== '' && Number.isFinite(number) ? { ...shown, name: number } : shown
    },
  }),
  // The body read into a double before it is checked: integers beyond 2^53 lose precision.
  'category-id-through-double': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const input = parseNewPet(text)
      return { ...input, categoryId: BigInt(Number(input.categoryId)) }
    },
  }),
  // The path id read into a 32-bit integer column: ids 2^32 apart find the same pet.
  'path-ids-alias-beyond-32-bits': ({ parsePetId }) => ({
    parsePetId: (text) => BigInt.asIntN(32, parsePetId(text)),
  }),
  // Read-modify-write of the whole table across an await: of creates that
  // overlap, only the last one's write is kept.
  'overlapping-creates-lose-writes': ({ store }) => {
    const lost = new Set<bigint>()
    let version = 0
    return {
      store: storeLosing(store, lost, async (input) => {
        const mine = ++version
        const pet = await store.insert(input)
        await new Promise((resolve) => setTimeout(resolve, 20))
        if (version !== mine) lost.add(pet.id)
        return pet
      }),
    }
  },
  // An upsert keyed by name: a create with a name that exists overwrites that pet.
  'create-upserts-by-name': ({ store }) => {
    const byName = new Map<string, bigint>()
    const replaced = new Map<bigint, PetInput>()
    const current = (pet: StoredPet | undefined) =>
      pet && { ...pet, ...replaced.get(pet.id), id: pet.id }
    return {
      store: {
        async insert(input) {
          const existing = byName.get(input.name)
          if (existing !== undefined) {
            replaced.set(existing, input)
            return { ...input, id: existing }
          }
          const pet = await store.insert(input)
          byName.set(pet.name, pet.id)
          return pet
        },
        find: (id) => current(store.find(id)),
        list: (query) => store.list(query).map((pet) => current(pet) as StoredPet),
      },
    }
  },
  // `header.split(' ')[1]` after a `startsWith('Bearer ')`: `Bearer <key> junk` gets in.
  'key-read-as-first-word': ({ keyOf }) => ({
    keyOf(request) {
      const header = request.headers.authorization ?? ''
      const word = header.startsWith('Bearer ') ? header.split(' ')[1] : undefined
      return keyOf(request) ?? (word === 'sk_ref' ? word : undefined)
    },
  }),
  // `/Bearer (\S+)$/` without `^`: any scheme that ends in `Bearer` gets in.
  'bearer-matched-without-anchor': ({ keyOf }) => ({
    keyOf: (request) =>
      keyOf(request) ??
      (/Bearer sk_ref$/.test(request.headers.authorization ?? '') ? 'sk_ref' : undefined),
  }),
  // A validator that reads a name which parses as a number as a number, and refuses it.
  'numeric-names-refused': ({ parseNewPet }) => ({
    parseNewPet(text) {
      const input = parseNewPet(text)
      if (input.name.trim() !== '' && Number.isFinite(Number(input.name))) {
        throw new HttpError(400, 'invalid_request', 'name must be text.')
      }
      return input
    },
  }),
  // A `Basic` credential whose text is the key is taken as the key.
  // A reader that stops keeping chunks at its 1 MiB limit and parses what it
  // kept, where raw-body (Express, Koa) answers 413: a body longer than the
  // limit is read as its first MiB.
  'body-parsed-up-to-the-limit': ({ count }) => ({
    count: (request) => {
      request.bodyTooLarge = false
      return count(request)
    },
  }),
  // A router mounted under the base path that writes Location from the root
  // (Express's `res.location('/pets/' + id)` inside `app.use('/v1', router)`).
  'location-outside-the-base-path': onStatus(201, (reply) =>
    setHeader(reply, 'Location', reply.headers.Location?.replace(/^.*(\/pets\/)/, '$1')),
  ),
  // The Deprecation date written from `Date.now()`-style milliseconds where
  // RFC 9745 wants seconds: a date about 50 000 years after the Sunset.
  'deprecation-in-milliseconds': onStatus(200, (reply) =>
    reply.headers.Deprecation === undefined
      ? reply
      : setHeader(reply, 'Deprecation', `${reply.headers.Deprecation}000`),
  ),
  // The error media type set once as the API's default `Content-Type` (one
  // `res.type('application/problem+json')` for the router): successes carry it too.
  'problem-json-on-every-answer': labelled('application/problem+json'),
  // A router generated from the documented operations only: the orders path
  // is known to its method check, its GET handler is not (405 with Allow).
  'orders-get-not-routed': ({ finish }) => ({
    finish: (reply, request) =>
      finish(
        request.method === 'GET' && request.path === '/store/orders' && reply.status === 200
          ? {
              ...reply,
              status: 405,
              headers: { ...reply.headers, Allow: 'POST' },
              body: {
                code: 'method_not_allowed',
                message: 'GET is not allowed here.',
                status: 405,
              },
            }
          : reply,
        request,
      ),
  }),
  // A router built from the documented operations only, whose catch-all
  // answers what it has no handler for (Hono's `app.notFound`, an
  // openapi-backend `notFound` handler): the orders operation, never
  // registered, answers 404 `route_not_found` after the key check.
  'orders-route-not-found': ({ finish }) => ({
    finish: (reply, request) =>
      finish(
        request.method === 'GET' && request.path === '/store/orders' && reply.status === 200
          ? {
              ...reply,
              status: 404,
              body: {
                code: 'route_not_found',
                message: 'No route GET /store/orders.',
                status: 404,
              },
            }
          : reply,
        request,
      ),
  }),
  // A JSON API's own 401 (`res.status(401).json(...)` in a hand-written
  // Express middleware, Spring's `HttpStatusEntryPoint`): no challenge,
  // where RFC 6750 §3 requires one.
  'no-www-authenticate': onStatus(401, (reply) => setHeader(reply, 'WWW-Authenticate', undefined)),
  // Spring Security's `httpBasic()` entry point (`BasicAuthenticationEntryPoint`)
  // left in front of a bearer API, express-basic-auth's `challenge: true`:
  // the 401 challenges with Basic, and a browser asks for a password.
  'basic-challenge': onStatus(401, (reply) =>
    setHeader(reply, 'WWW-Authenticate', 'Basic realm="Realm"'),
  ),
  // A limiter keyed by the client's address whatever the key, as
  // express-rate-limit's default `keyGenerator` (`req.ip`): requests without a
  // key spend the key's requests.
  'limiter-keyed-by-address': ({ count }) => ({
    count: (request) => count({ ...request, headers: {} }),
  }),
  'basic-scheme-accepted': ({ keyOf }) => ({
    keyOf: (request) =>
      keyOf(request) ?? (request.headers.authorization === 'Basic sk_ref' ? 'sk_ref' : undefined),
  }),
  // Answers to GET /pets/{petId} lack X-RateLimit-Remaining (Limit and Reset are sent).
  'no-remaining-on-get': ({ finish }) => ({
    finish: (reply, request) =>
      finish(
        request.method === 'GET' && /^\/pets\/[^/]+$/.test(request.path ?? '')
          ? setHeader(reply, 'X-RateLimit-Remaining', undefined)
          : reply,
        request,
      ),
  }),
  // Ids written as JSON strings (`"id":"8"`), as an ORM that maps int64 to text does.
  'id-as-string': ({ present }) => ({
    present: (pet) => ({ ...present(pet), id: String(pet.id) }),
  }),
} satisfies Record<string, Wrap>

/**
 * Rule breakers, one per fault class the kit must find: the server's own
 * code broken ({@link FAULTS}) or a real stack's habit (`stack-faults.ts`).
 * The union is read from the faults written, so a fault is added in one place.
 *
 * @example
 * const fault: ReferenceFault = 'limit-off-by-one'
 */
export type ReferenceFault = keyof typeof FAULTS | StackFault

/**
 * The parts of a server that breaks exactly one rule: the correct parts with
 * the fault's replacements laid over them. Kept apart from the server's own
 * code so that mutation testing mutates the server, not its fault switches.
 *
 * @example
 * const parts = applyFault('limit-off-by-one', createParts({}, Date.now), Date.now)
 */
export function applyFault(
  fault: ReferenceFault,
  parts: ReferenceParts,
  now: () => number,
): ReferenceParts {
  const wrap: Wrap =
    fault in STACK_FAULTS ? STACK_FAULTS[fault as StackFault] : FAULTS[fault as keyof typeof FAULTS]
  const replaced = { ...parts, ...wrap(parts, now) }
  // The store reaches the sequence, and the count the bucket, through the live parts.
  parts.ids = replaced.ids
  parts.bucketOf = replaced.bucketOf
  return replaced
}

/**
 * Every fault the reference server can switch on, as data (the fault union's
 * members): the kit's fault-coverage test holds the catalogue's fault names to it.
 *
 * @example
 * REFERENCE_FAULTS.includes('limit-off-by-one') // true
 */
export const REFERENCE_FAULTS = [
  ...Object.keys(FAULTS),
  ...Object.keys(STACK_FAULTS),
] as ReadonlyArray<ReferenceFault>
