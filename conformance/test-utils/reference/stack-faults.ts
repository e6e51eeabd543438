import { parseExactJson, stringifyExactJson } from './exact-json.ts'
import { HttpError } from './http-error.ts'
import { OPERATION_PATH } from './operation-path.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { PetInput, StoredPet } from './pet-store.ts'
import { windowEnd } from './rate-limiter.ts'

type Wrap = (parts: ReferenceParts, now: () => number) => Partial<ReferenceParts>

/** Where `save-merges-sent-id` keeps the `id` a create's body sent, from the parse to the insert. */
const SENT_ID = Symbol('sent id')

/** The body as an object, or undefined. */
function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value = parseExactJson(text)
    return Object.prototype.toString.call(value) === '[object Object]'
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** The query with `limit` replaced by what a stack made of its text (absent when `read` gives undefined). */
function withLimit(query: URLSearchParams, read: (text: string) => number | undefined) {
  const text = query.get('limit')
  if (text === null) return query
  const copy = new URLSearchParams(query)
  const number = read(text)
  if (number === undefined || Number.isNaN(number)) copy.delete('limit')
  else copy.set('limit', String(Math.min(100, Math.max(1, Math.trunc(number)))))
  return copy
}

/** PHP's `(int)` cast of a string: its leading number (`'5abc'` → 5, `'1e1'` → 10, `''` → 0). */
function phpInt(text: string): number {
  const lead = /^\s*[+-]?(\d+(\.\d*)?([eE][+-]?\d+)?)?/.exec(text)?.[0] ?? ''
  return Math.trunc(Number(lead.trim() === '' ? 0 : lead))
}

/** The path id a stack reads from the segment, or undefined to leave it to the server. */
function pathId(read: (text: string) => number): Wrap {
  return ({ parsePetId }) => ({
    parsePetId(text) {
      const number = read(text)
      return Number.isSafeInteger(number) ? BigInt(number) : parsePetId(text)
    },
  })
}

/** A middleware that runs before the key check (a correct server has none). */
const before =
  (middleware: (request: ParsedRequest) => void): Wrap =>
  () => ({
    beforeAuth: [middleware],
  })

/** A NewPet body rewritten before the server reads it, when `change` applies. */
function body(change: (body: Record<string, unknown>) => unknown): Wrap {
  return ({ parseNewPet }) => ({
    parseNewPet(text) {
      const value = objectOf(text)
      const changed = value && change(value)
      return parseNewPet(changed === undefined ? text : stringifyExactJson(changed))
    },
  })
}

/** A numeric header of every reply (of one status, when given) changed as a stack gets it wrong. */
function numericHeader(name: string, change: (value: number) => number, status?: number): Wrap {
  return ({ finish }) => ({
    finish(reply, request) {
      const value = Number(reply.headers[name])
      const applies = Number.isFinite(value) && (status === undefined || reply.status === status)
      return finish(
        applies
          ? { ...reply, headers: { ...reply.headers, [name]: String(change(value)) } }
          : reply,
        request,
      )
    },
  })
}

/**
 * The row written as `change` makes it while the 201 answers the pet as it
 * was given: an ORM's object not read again after the write (ActiveRecord's
 * `create` returns its attributes as assigned, without `reload`; Sequelize's
 * `create` without `returning`), or a handler answering
 * `res.status(201).json({ id, ...req.body })`. Only a read shows what was stored.
 */
function storedAs(change: (input: PetInput) => PetInput): Wrap {
  return ({ store }) => ({
    store: {
      insert: async (input) => ({ ...input, id: (await store.insert(change(input))).id }),
      find: (id) => store.find(id),
      list: (query) => store.list(query),
    },
  })
}

/** A key the stack reads from somewhere §5 does not put it. */
function keyFrom(read: (request: ParsedRequest) => string | undefined): Wrap {
  return ({ keyOf }) => ({
    keyOf: (request) =>
      keyOf(request) ??
      keyOf({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${read(request)}` },
      }),
  })
}

/**
 * An auth layer in front that guards the operations' paths only as it
 * recognises them (exactly, fail-open for any other path), before a router
 * that reads a path its own way (`routed`: the path it routes, or undefined
 * for the spelling it does not read so): a spelling the router reads as an
 * operation and the guard does not recognise reaches the operation without
 * the key.
 */
function guardMissesSpelling(routed: (request: ParsedRequest) => string | undefined): Wrap {
  const unguarded = new WeakSet<ParsedRequest>()
  return ({ keyOf }) => ({
    beforeAuth: [
      (request) => {
        // The guard recognises an operation's path as written (`/pets/%37` is `/pets/{petId}`).
        if (OPERATION_PATH.test(request.rawPath ?? '')) return
        const path = routed(request)
        if (path === undefined || !OPERATION_PATH.test(path)) return
        request.path = path
        unguarded.add(request)
      },
    ],
    keyOf: (request) => (unguarded.has(request) ? 'unguarded' : keyOf(request)),
  })
}

/**
 * Faults modelled on how real stacks fail, each copying a documented
 * behaviour of a framework, parser, validator, ORM, proxy or library (named
 * beside it and in `conformance/CATALOGUE.md`). They live in code a correct
 * server does not have: a second parser, a coercing validator, a middleware
 * that trusts a header, a cache, a bulk-create path.
 *
 * @example
 * const parts = { ...createParts({}, Date.now), ...STACK_FAULTS['limit-read-by-parse-int'](parts, Date.now) }
 */
export const STACK_FAULTS = {
  // Express: `parseInt(req.query.limit, 10)` reads up to the first character
  // that is no digit (ECMAScript parseInt): '5abc' is 5, '1e1' is 1, '5.9' is 5.
  'limit-read-by-parse-int': ({ parseListQuery }) => ({
    parseListQuery: (query) =>
      parseListQuery(withLimit(query, (text) => Number.parseInt(text, 10))),
  }),
  // `Number(req.query.limit)` (ECMAScript StringToNumber): '' and ' ' are 0
  // (then clamped to 1), '0x10' is 16, '1e1' is 10.
  'limit-read-by-number': ({ parseListQuery }) => ({
    parseListQuery: (query) => parseListQuery(withLimit(query, (text) => Number(text))),
  }),
  // Express 4's default query parser (qs, `extended`): `limit[]=1` is
  // `{ limit: ['1'] }`, and `Number(['1'])` is 1.
  'limit-array-from-brackets': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const bracket = query.get('limit[]')
      if (bracket === null || query.has('limit')) return parseListQuery(query)
      const copy = new URLSearchParams(query)
      copy.set('limit', bracket)
      return parseListQuery(copy)
    },
  }),
  // PHP's `(int) $_GET['limit']`: the leading number of the string
  // ('5abc' is 5, '5.5' is 5, '' is 0).
  'limit-php-int-cast': ({ parseListQuery }) => ({
    parseListQuery: (query) => parseListQuery(withLimit(query, phpInt)),
  }),
  // A framework's largest page below the spec's 100, applied without a word:
  // Django REST framework's `LimitOffsetPagination` with `max_limit = 50`
  // reads `limit` through `_positive_int(..., cutoff=self.max_limit)`, so
  // `limit=100` gives 50 (as Spring Data's `PageableHandlerMethodArgumentResolver`
  // cuts a `size` above its `maxPageSize`). Seen only once more than 50 pets match.
  'limit-100-capped-at-50': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const parsed = parseListQuery(query)
      return { ...parsed, limit: Math.min(parsed.limit, 50) }
    },
  }),
  // A driver that changes how it writes after a statement's fifth execution:
  // pgjdbc server-prepares a PreparedStatement from its fifth execution on
  // (`prepareThreshold`, 5 by default) and then transfers some types in
  // binary, and values change at that switch (pgjdbc#517: an array column
  // read as null, then as text, after the fifth call; pgjdbc#2337: another
  // value returned after five identical queries). Here the status written by
  // the sixth create on is another one, while the 201 answers the pet as
  // given (`storedAs`): a second run finds the server past its fifth create
  // from its first request.
  'mislabel-status-after-5-creates': (parts, now) => {
    let creates = 0
    return storedAs((input) =>
      ++creates <= 5 || input.status === undefined
        ? input
        : { ...input, status: input.status === 'sold' ? 'available' : 'sold' },
    )(parts, now)
  },
  // MySQL's `utf8` (utf8mb3) column outside strict mode: a character beyond
  // U+FFFF cannot be stored, and the value is cut at the first one with a
  // warning ("🐘 in a bio removes everything after it", keybase/keybase-issues#2317);
  // the 201 answers the name as given (`storedAs`).
  'name-cut-at-astral-by-utf8mb3': storedAs((input) => ({
    ...input,
    name: input.name.replace(/[\u{10000}-\u{10FFFF}].*$/su, ''),
  })),
  // A `VARCHAR(191)` name column (Laravel's `Schema::defaultStringLength(191)`
  // for utf8mb4 indexes on older MySQL) outside strict mode: MySQL cuts a
  // longer value to the column's length in characters with a warning
  // ("If strict SQL mode is not enabled ... the value is truncated to fit",
  // MySQL manual, The CHAR and VARCHAR Types); the API took up to 200.
  'name-cut-to-varchar-191': storedAs((input) => ({
    ...input,
    name: [...input.name].slice(0, 191).join(''),
  })),
  // A `BEFORE INSERT` trigger that stores `normalize(name, NFC)` (PostgreSQL
  // 13's `normalize`), or a model's `save()` that normalises as Django's
  // `AbstractBaseUser.normalize_username` does, under a handler that answers
  // the body as received: the 201 shows the name as sent, every read its NFC
  // form (which a server may store only when its 201 says so).
  'name-normalised-on-store': storedAs((input) => ({
    ...input,
    name: input.name.normalize('NFC'),
  })),
  // A `CHAR(n)` name column in MySQL: "When CHAR values are retrieved,
  // trailing spaces are removed" (unless `PAD_CHAR_TO_FULL_LENGTH`), so every
  // read drops what the 201 still shows.
  'name-trailing-spaces-dropped-by-char-column': storedAs((input) => ({
    ...input,
    name: input.name.replace(/ +$/, ''),
  })),
  // An ORM filter built from non-empty parameters only (Django
  // `filter(**{k: v for k, v in params.items() if v})`, Sequelize `where`
  // without `undefined`s): `status=` filters nothing.
  'status-empty-means-no-filter': ({ parseListQuery }) => ({
    parseListQuery(query) {
      if (query.get('status') !== '') return parseListQuery(query)
      const copy = new URLSearchParams(query)
      copy.delete('status')
      return parseListQuery(copy)
    },
  }),
  // MySQL's default collation (utf8mb4_0900_ai_ci) compares case-insensitively:
  // `WHERE status = 'AVAILABLE'` matches 'available'.
  'status-matched-case-insensitively': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const copy = new URLSearchParams(query)
      const status = query.get('status')
      if (status !== null) copy.set('status', status.toLowerCase())
      return parseListQuery(copy)
    },
  }),
  // MySQL PAD SPACE collations ignore trailing spaces in `=`: 'sold ' matches 'sold'.
  'status-trailing-space-ignored': ({ parseListQuery }) => ({
    parseListQuery(query) {
      const copy = new URLSearchParams(query)
      const status = query.get('status')
      if (status !== null) copy.set('status', status.replace(/ +$/, ''))
      return parseListQuery(copy)
    },
  }),
  // Express: `parseInt(req.params.petId, 10)`: '7abc' and '7.5' are 7.
  'path-id-read-by-parse-int': pathId((text) => Number.parseInt(text, 10)),
  // `Number(req.params.petId)`: '0x7' is 7, ' 7' is 7, '' is 0.
  'path-id-read-by-number': pathId((text) => Number(decodeURIComponent(text))),
  // PHP `(int) $petId`: the leading number, '7abc' and '7.5' are 7.
  'path-id-php-int-cast': pathId((text) => (/^\s*[+-]?\d/.test(text) ? phpInt(text) : Number.NaN)),
  // A bulk-create path (Sequelize `bulkCreate`, DRF `ListSerializer` with
  // `many=True` for a list body): an array of NewPets creates each, 201.
  'bulk-create-from-array': ({ parseNewPet, store }) => ({
    parseNewPet(text) {
      try {
        const value = parseExactJson(text)
        if (Array.isArray(value) && value.length > 0) {
          const inputs = value.map((item) => parseNewPet(stringifyExactJson(item)))
          for (const input of inputs.slice(1)) void store.insert(input)
          return inputs[0] as PetInput
        }
      } catch (error) {
        if (error instanceof HttpError) throw error
      }
      return parseNewPet(text)
    },
  }),
  // Joi (`convert: true`, the default) and ajv (`coerceTypes: true`): "7" is 7.
  'category-id-coerced-from-string': body((value) =>
    typeof value.categoryId === 'string' && /^-?\d+$/.test(value.categoryId)
      ? { ...value, categoryId: BigInt(value.categoryId) }
      : undefined,
  ),
  // ajv `coerceTypes: true`: a boolean for a number is 1 or 0.
  'category-id-coerced-from-boolean': body((value) =>
    typeof value.categoryId === 'boolean'
      ? { ...value, categoryId: value.categoryId ? 1n : 0n }
      : undefined,
  ),
  // Jackson `ACCEPT_CASE_INSENSITIVE_ENUMS` (or an enum looked up in lower case): 'SOLD' is sold.
  'status-enum-case-insensitive': body((value) =>
    typeof value.status === 'string' ? { ...value, status: value.status.toLowerCase() } : undefined,
  ),
  // Rails `wrap_parameters` with `params.require(:pet)`: `{"pet": {...}}` is the NewPet.
  'nested-pet-unwrapped': body((value) =>
    Object.keys(value).length === 1 && objectOf(stringifyExactJson(value.pet ?? null))
      ? value.pet
      : undefined,
  ),
  // `String(body.name)` in JavaScript: `["Rex"]` is "Rex".
  'name-array-joined': body((value) =>
    Array.isArray(value.name) ? { ...value, name: String(value.name) } : undefined,
  ),
  // An ORM that saves, then validates in a hook outside a transaction
  // (Sequelize `afterCreate`, Rails `after_save` raising): the refused pet stays.
  'refused-create-still-inserted': ({ parseNewPet, store }) => ({
    parseNewPet(text) {
      try {
        return parseNewPet(text)
      } catch (error) {
        const value = objectOf(text)
        if (error instanceof HttpError && typeof value?.name === 'string') {
          void store.insert({ name: value.name, categoryId: 1n })
        }
        throw error
      }
    },
  }),
  // Express `app.use('/pets', saveBody)` matches every method: a PUT or
  // PATCH /pets stores its body before the router answers 405.
  'put-creates-like-post': ({ parseNewPet, store }) => ({
    beforeAuth: [
      (request) => {
        if ((request.method === 'PUT' || request.method === 'PATCH') && request.path === '/pets') {
          try {
            void store.insert(parseNewPet(request.body))
          } catch {}
        }
      },
    ],
  }),
  // `header.startsWith('Bearer ')`: the scheme matched as written, not in any case (RFC 9110 §11.1).
  'bearer-scheme-case-sensitive': ({ keyOf }) => ({
    keyOf: (request) =>
      request.headers.authorization?.startsWith('Bearer ') ? keyOf(request) : undefined,
  }),
  // passport-http-bearer reads `access_token` from the query and the body
  // (RFC 6750 §2.3), and many APIs `api_key`: §5 puts the key in Authorization only.
  'key-from-query': keyFrom(
    (request) => request.query.get('access_token') ?? request.query.get('api_key') ?? undefined,
  ),
  // A session-style fallback: the key read from a cookie (`req.cookies.api_key`).
  'key-from-cookie': keyFrom(
    (request) => /(?:^|;\s*)api_key=([^;]+)/.exec(request.headers.cookie ?? '')?.[1],
  ),
  // API gateways' habit (AWS API Gateway reads `x-api-key`): the key from X-API-Key.
  'key-from-x-api-key': keyFrom((request) => {
    const value = request.headers['x-api-key']
    return typeof value === 'string' ? value : undefined
  }),
  // `req.headers['content-type'] === 'application/json'`: another case or a
  // charset parameter is refused 415 (RFC 9110 §8.3.1: the names are case-insensitive).
  'content-type-exact-case': before((request) => {
    const type = request.headers['content-type']
    if (request.method === 'POST' && type !== undefined && type !== 'application/json') {
      throw new HttpError(415, 'unsupported_media_type', 'Send application/json.')
    }
  }),
  // Express `method-override('X-HTTP-Method-Override')`: a POST is routed as the header's method.
  'method-override-honoured': before((request) => {
    const method = request.headers['x-http-method-override']
    if (request.method === 'POST' && typeof method === 'string')
      request.method = method.toUpperCase()
  }),
  // Symfony before the fix of CVE-2018-14773 (and IIS URL Rewrite): the path
  // is taken from X-Original-URL / X-Rewrite-URL.
  'original-url-honoured': before((request) => {
    const url = request.headers['x-original-url'] ?? request.headers['x-rewrite-url']
    if (typeof url === 'string') request.path = url.replace(/^\/v1/, '').split('?')[0]
  }),
  // express-rate-limit with `keyGenerator: (req) => req.headers.authorization`:
  // 'bearer k' and 'Bearer k' are two counters.
  'rate-limit-per-authorization-string': ({ count }) => ({
    count(request) {
      const header = request.headers.authorization ?? ''
      return header.startsWith('Bearer ') || header === ''
        ? count(request)
        : count({ ...request, headers: {}, address: `authorization:${header}` })
    },
  }),
  // express-rate-limit's default key (`req.ip`) behind `app.set('trust proxy', true)`:
  // X-Forwarded-For picks the counter.
  'rate-limit-per-forwarded-for': ({ count }) => ({
    count(request) {
      const forwarded = request.headers['x-forwarded-for']
      return typeof forwarded === 'string'
        ? count({ ...request, headers: {}, address: `forwarded:${forwarded}` })
        : count(request)
    },
  }),
  // nginx `proxy_cache` keyed by `$scheme$host$request_uri` only (the
  // default `proxy_cache_key`): a cached 200 is served to a request without the key.
  'cache-ignores-authorization': ({ finish }) => {
    const cached = new Map<string, Reply>()
    return {
      finish(reply, request) {
        const key = `${request.path}?${request.query}`
        if (request.method !== 'GET') return finish(reply, request)
        if (reply.status === 200) cached.set(key, reply)
        else if (reply.status === 401 && cached.has(key))
          return finish(cached.get(key) as Reply, request)
        return finish(reply, request)
      },
    }
  },
  // Jackson with its lenient read features on (Spring Boot's
  // `spring.jackson.parser.allow-comments`, `allow-single-quotes`,
  // `allow-numeric-leading-zeros`, `JsonReadFeature.ALLOW_TRAILING_COMMA`):
  // a body strict JSON refuses is read after all.
  'json-parsed-leniently': ({ parseNewPet }) => ({
    parseNewPet(text) {
      try {
        return parseNewPet(text)
      } catch (error) {
        const lenient = text
          .replace(/\/\*[^*]*\*\//g, '')
          .replace(/'([^'\\]*)'/g, '"$1"')
          .replace(/,\s*([}\]])/g, '$1')
          .replace(/([:[,]\s*)0+(\d)/g, '$1$2')
        if (lenient === text) throw error
        return parseNewPet(lenient)
      }
    },
  }),
  // AWS API Gateway (REST) hands a Lambda the headers as the client spelled
  // them, and handlers read `event.headers.Authorization`: a lower-case
  // `authorization` (how every HTTP/2 client sends it) is not found, 401.
  'authorization-name-case-sensitive': ({ keyOf }) => ({
    keyOf(request) {
      const names = request.rawHeaders.filter((_, index) => index % 2 === 0)
      return names.includes('Authorization') ? keyOf(request) : undefined
    },
  }),
  // Spring Boot 2.3 and later: `server.error.include-message` defaults to
  // `never`, so DefaultErrorAttributes keeps `message` but empties it ("").
  'error-message-empty': ({ finish }) => ({
    finish(reply, request) {
      const body = reply.body as Record<string, unknown> | undefined
      return finish(
        reply.status >= 400 && typeof body?.message === 'string'
          ? { ...reply, body: { ...body, message: '' } }
          : reply,
        request,
      )
    },
  }),
  // The proto3 JSON mapping writes int64 as a JSON string: ids as "7".
  'int64-ids-as-strings': ({ present }) => ({
    present(pet) {
      const shown = present(pet)
      return { ...shown, id: String(pet.id) }
    },
  }),
  // A host at UTC+2 computing Reset with Python `time.mktime(datetime.utcnow().timetuple())`:
  // UTC wall time read as local time, two hours early.
  'reset-off-by-host-offset': numericHeader('X-RateLimit-Reset', (value) => value - 7200),
  // Reset from the next window's end (`(floor(now / w) + 2) * w`), an
  // off-by-one of fixed-window arithmetic, for the 2 s windows its test uses:
  // a time still in the future, so only waiting shows it. (A host west of UTC
  // with the `mktime(utcnow())` habit gives a Reset hours late: the kit then
  // refuses to wait that long and stops with exit 2.)
  'reset-one-window-late': numericHeader('X-RateLimit-Reset', (value) => value + 2),
  // A Reset that stays at the key's first window: the value read once per key
  // and served from then on (tj/node-ratelimiter#36, "limit.reset always
  // 1499329365"; a per-key memo of the limiter's answer). Right until the
  // window rolls, so only a run that waits a window out sees it.
  'reset-stuck-at-first-window': ({ finish, keyOf }) => {
    const first = new Map<string, string>()
    return {
      finish(reply, request) {
        const key = keyOf(request)
        const reset = reply.headers['X-RateLimit-Reset']
        if (key === undefined || reset === undefined) return finish(reply, request)
        if (!first.has(key)) first.set(key, reset)
        const stuck = first.get(key) ?? reset
        return finish(
          { ...reply, headers: { ...reply.headers, 'X-RateLimit-Reset': stuck } },
          request,
        )
      },
    }
  },
  // Retry-After in milliseconds (rate-limiter-flexible's `msBeforeNext` sent without dividing by 1000).
  'retry-after-in-ms': numericHeader('Retry-After', (value) => value * 1000, 429),
  // Reset as `Date.now() + windowMs` (milliseconds since the epoch, not the seconds §8 names).
  'reset-as-ms-since-epoch': numericHeader('X-RateLimit-Reset', (value) => value * 1000),
  // One counter per plan, not per key: an express-rate-limit `keyGenerator`
  // returning `req.user.plan` (§8's "Rate limits by plan" read as the bucket).
  // Every key of the reference server is on one plan.
  'limiter-keyed-by-plan': ({ bucketOf, keyOf }) => ({
    bucketOf: (request) => (keyOf(request) === undefined ? bucketOf(request) : 'plan:default'),
  }),
  // ASP.NET API Versioning's version policies (`options.Policies.Deprecate(1.0)`,
  // `.Sunset(1.0)`, RFC 9745 and RFC 8594): a policy is declared for an API
  // version, so every operation of `/v1` answers `Deprecation` and `Sunset`
  // where the spec deprecates one operation (as does a gateway's header policy
  // set on the whole API rather than on the one operation).
  'deprecation-on-every-operation': ({ finish }) => ({
    finish: (reply, request) =>
      finish(
        {
          ...reply,
          headers: {
            Deprecation: '@1735689600',
            Sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
            ...reply.headers,
          },
        },
        request,
      ),
  }),
  // A ban added after the limiter, as express-brute's `FailTooManyRequests`
  // behind express-rate-limit: the 429 gets the ban's `Retry-After` (until
  // `nextValidRequestDate`) while the limiter's `X-RateLimit-Reset` of the
  // current window stays as it was set.
  'ban-keeps-window-reset': ({ count }, now) => ({
    async count(request) {
      const decision = await count(request)
      return decision.over
        ? { ...decision, reset: windowEnd(now() / 1000, decision.windowS) }
        : decision
    },
  }),
  // `Date` written by hand in RFC 2822's form: PHP's `date('r')` (`DATE_RFC2822`)
  // gives `Sun, 29 Nov 2026 14:41:03 +0000`, where HTTP wants the IMF-fixdate
  // ending in `GMT` (PHP added `DATE_RFC7231` for it; RFC 9110 §5.6.7).
  'date-in-rfc-2822': ({ finish }, now) => ({
    finish(reply, request) {
      const date = new Date(now()).toUTCString().replace(/GMT$/, '+0000')
      return finish({ ...reply, headers: { ...reply.headers, Date: date } }, request)
    },
  }),
  // Spring MVC's trailing-slash match (on by default until 6.0, spring-framework
  // #28552) behind Spring Security's `antMatchers("/v1/pets")`, which is exact
  // (CVE-2016-5007: the two matchers differ): `/v1/pets/` is the list, unguarded.
  'auth-exact-path-router-ignores-trailing-slash': guardMissesSpelling(({ path }) =>
    path?.endsWith('/') ? path.replace(/\/+$/, '') : undefined,
  ),
  // An authorisation filter that sees `/v1//pets` before the router merges
  // slashes (Envoy before `merge_slashes`; Istio's security best practices show
  // `/data//secret` passing a policy on `/data/secret`): the list, unguarded.
  'auth-before-slashes-merged': guardMissesSpelling(({ path }) =>
    path?.includes('//') ? path.replace(/\/{2,}/g, '/') : undefined,
  ),
  // Envoy before 1.9.1 (CVE-2019-9901, envoyproxy/envoy#6435): access control
  // on the path as sent, `something/../admin`, while the backend removes the
  // dot segments (RFC 3986 §5.2.4): `/v1/x/../pets` is the list, unguarded.
  'auth-before-dot-segments-removed': guardMissesSpelling(({ path, rawPath }) =>
    rawPath !== undefined && /(^|\/)\.\.?(\/|$)/.test(rawPath) ? path : undefined,
  ),
  // An auth rule matched on nginx's `$request_uri`, the path as sent, while
  // nginx's own location dispatch decodes it (cisagov/Malcolm#1055: the RBAC
  // layer's `check_rbac()` on the raw URI): `/v1/%70ets` is the list, unguarded.
  'auth-on-raw-path-router-decodes': guardMissesSpelling(({ path, rawPath }) =>
    rawPath?.includes('%') && rawPath !== path ? path : undefined,
  ),
  // A case-sensitive auth rule (an nginx `location`, Envoy's RBAC) in front of a
  // case-insensitive router (Express's default, `caseSensitive: false`; nginx's
  // `location ~*`, cisagov/Malcolm#1055): `/v1/PETS` is the list, unguarded.
  'auth-case-sensitive-router-case-insensitive': guardMissesSpelling(({ path }) =>
    path !== undefined && path !== path.toLowerCase() ? path.toLowerCase() : undefined,
  ),
  // A 401 challenging with the bare scheme: Spring Security's
  // `BearerTokenAuthenticationEntryPoint` with no realm set answers a request
  // without a token `WWW-Authenticate: Bearer`, as ASP.NET Core's
  // `JwtBearerHandler` does with no `Realm` and no error; RFC 6750 §3 has one
  // or more auth-params follow the scheme.
  'bare-bearer-challenge': ({ finish }) => ({
    finish(reply, request) {
      if (reply.status !== 401) return finish(reply, request)
      return finish(
        { ...reply, headers: { ...reply.headers, 'WWW-Authenticate': 'Bearer' } },
        request,
      )
    },
  }),
  // A 405 written without `Allow`: hapi's `Boom.methodNotAllowed()` takes no
  // list of methods (hapijs/boom issue 132), go-restful answered 405 without it
  // until emicklei/go-restful pull 436, tower-http's `ServeDir` until pull 263.
  'allow-missing-on-405': ({ finish }) => ({
    finish(reply, request) {
      if (reply.status !== 405) return finish(reply, request)
      const { Allow: _allow, ...headers } = reply.headers
      return finish({ ...reply, headers }, request)
    },
  }),
  // Spring Data JPA behind `@RequestBody Pet pet` (the body bound to the entity,
  // `id` included): `repository.save(pet)` finds an entity with its id set not
  // new and calls `EntityManager.merge`, overwriting the row that has the id
  // (`SimpleJpaRepository.save`; the Spring Data JPA reference, "Saving
  // Entities"). OWASP API Security Top 10 2023, API3, names the habit (mass
  // assignment). A sent id no pet has is left to the sequence, as `merge` of an
  // entity with a generated id inserts it anew.
  'save-merges-sent-id': ({ parseNewPet, store }) => {
    const merged = new Map<bigint, PetInput>()
    const current = (pet: StoredPet | undefined) =>
      pet && { ...pet, ...merged.get(pet.id), id: pet.id }
    return {
      parseNewPet(text) {
        const sent = objectOf(text)?.id
        const input = parseNewPet(text)
        return typeof sent === 'bigint' ? { ...input, [SENT_ID]: sent } : input
      },
      store: {
        async insert(input) {
          const { [SENT_ID]: sent, ...rest } = input as PetInput & { [SENT_ID]?: bigint }
          if (sent === undefined || store.find(sent) === undefined) return store.insert(rest)
          merged.set(sent, rest)
          return { ...rest, id: sent }
        },
        find: (id) => current(store.find(id)),
        list: (query) => store.list(query).map((pet) => current(pet) as StoredPet),
      },
    }
  },
} satisfies Record<string, Wrap>

/**
 * The name of a fault of {@link STACK_FAULTS}.
 *
 * @example
 * const fault: StackFault = 'key-from-query'
 */
export type StackFault = keyof typeof STACK_FAULTS
