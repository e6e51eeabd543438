import { LIST_LIMIT } from '../spec/limits.ts'
import { ROUTE_OF } from '../spec/routes.ts'
import type {
  CheckDefinition,
  ExchangeRule,
  OperationId,
  OperationsOf,
  ResponseRule,
} from './check-definition.ts'
import {
  createValid,
  getInvalidId,
  getValid,
  listDefaultLimit,
  listInvalidLimit,
  listInvalidStatus,
  listLimit,
  listMaxItems,
  listSchema,
  listStatusFilter,
} from './exchange-rules.ts'
import {
  bearerChallenge,
  errorBody,
  jsonResponse,
  LOCAL_CLOCK_SLACK_S,
  noServerError,
  ordersExist,
  RETRY_AFTER_PAST_RESET_S,
  rateLimitHeaders,
  rateLimitValues,
  remainingDecreases,
  tooManyRemaining,
  tooManyRetryAfter,
  tooManyRetryAfterReset,
  wellFormedContentType,
} from './response-rules.ts'

/** Why a check only a 429 decides went untested in a run. */
const NO_429 = 'no 429 was received (--include rate-limit provokes one)'

/**
 * The day the deprecated `getPet` goes away (spec §4.3), as `YYYY-MM-DD`.
 *
 * @example
 * SUNSET_DAY // '2030-12-05'
 */
export const SUNSET_DAY = (ROUTE_OF.getPet.deprecation?.sunset ?? new Date(Number.NaN))
  .toISOString()
  .slice(0, 10)

const PETS = ['listPets', 'createPet', 'getPet'] as const
const EVERYWHERE = ['listPets', 'createPet', 'getPet', 'listOrders', 'other'] as const

/** What a row may add to its id, title, section and expectation. */
interface RowExtras<Fault extends string> {
  /** For a response check: the function that judges every response. */
  judge?: ResponseRule
  /** For a check decided from one request and its response: the function that judges it. */
  judgeExchange?: ExchangeRule
  /** Why a run may have met nothing the check applies to (`{operation}`: the operation). */
  hint?: string
  /** The reference server's faults the check must catch. */
  faults?: ReadonlyArray<Fault>
}

/** A check's id, title, spec section(s) and expectation, in that order, then what else it has. */
type CheckRow<Id extends string, Fault extends string> =
  | readonly [id: Id, title: string, section: string, expected: string]
  | readonly [id: Id, title: string, section: string, expected: string, extras: RowExtras<Fault>]

/** The extras of a row, or none. */
type ExtrasOf<Row> = Row extends readonly [string, string, string, string, infer Extras]
  ? Extras
  : Record<never, never>

/**
 * The definition a row makes, with what the type needs of it kept: the id,
 * the operations and the fault names literal, and whether it has a `judge`
 * or a `judgeExchange` (so only such checks can be judged with one).
 */
type Built<Row, Ops extends ReadonlyArray<OperationId>> = Row extends readonly [
  infer Id extends string,
  ...Array<unknown>,
]
  ? CheckDefinition<
      Id,
      Ops,
      ExtrasOf<Row> extends { faults: ReadonlyArray<infer Fault extends string> } ? Fault : never
    > &
      (ExtrasOf<Row> extends { judge: ResponseRule } ? { judge: ResponseRule } : unknown) &
      (ExtrasOf<Row> extends { judgeExchange: ExchangeRule }
        ? { judgeExchange: ExchangeRule }
        : unknown)
  : never

/**
 * Catalogue entries sharing their level, group, operations, scope and
 * `writes`; the level defaults to `required`, the group to `default`, the
 * scope to `probe` and `writes` to false. Keeps each row's type (see
 * {@link Built}), so the ids make {@link CheckId} and each id's operations
 * make {@link CheckOperation}.
 */
function checks<
  const Ops extends ReadonlyArray<OperationId>,
  const Rows extends ReadonlyArray<CheckRow<string, string>>,
>(
  shared: { operations: Ops } & Partial<
    Pick<CheckDefinition, 'level' | 'group' | 'scope' | 'writes'>
  >,
  rows: Rows,
): Array<Built<Rows[number], Ops>> {
  const {
    level = 'required',
    group = 'default',
    operations,
    scope = 'probe',
    writes = false,
  } = shared
  return rows.map(([id, title, section, expected, extras = {}]) => ({
    id,
    title,
    section,
    level,
    group,
    operations,
    scope,
    expected,
    writes,
    faults: extras.faults ?? [],
    ...(extras.judge ? { judge: extras.judge } : {}),
    ...(extras.judgeExchange ? { judgeExchange: extras.judgeExchange } : {}),
    ...(extras.hint ? { hint: extras.hint } : {}),
  })) as Array<Built<Rows[number], Ops>>
}

/** The rows of {@link catalogue}, their ids kept literal. */
const definitions = [
  ...checks({ operations: PETS }, [
    [
      'auth.no-header',
      'A request without Authorization is rejected',
      '§5, §7',
      '401 with an Error body when the Authorization header is missing',
      { faults: ['cache-ignores-authorization'] },
    ],
    [
      'auth.unknown-key',
      'An unknown API key is rejected',
      '§5, §7',
      '401 with an Error body for `Authorization: Bearer <unknown key>`, for the valid key with `-x` appended (a key matched by prefix) and for the valid key followed by ` x` (a key read as the second word)',
      { faults: ['key-matched-by-prefix', 'key-read-as-first-word'] },
    ],
    [
      'auth.non-bearer',
      'A non-Bearer scheme is rejected',
      '§5, §7',
      '401 with an Error body for `Authorization: Token <valid key>`, `Basic <valid key>` and `NotBearer <valid key>` (a scheme matched without an anchor)',
      { faults: ['bearer-matched-without-anchor', 'basic-scheme-accepted'] },
    ],
    [
      'auth.empty-token',
      'An empty bearer token is rejected',
      '§5, §7',
      '401 with an Error body for `Authorization: Bearer ` (no token)',
      { faults: ['empty-token-accepted-on-get'] },
    ],
    [
      'auth.checked-first',
      'The key is checked before anything else',
      '§5, §7',
      'without a valid key, a request that would otherwise be a 404 (unknown petId) or a 400 (invalid body) answers 401, for every way of lacking a key',
      { faults: ['not-found-before-auth'] },
    ],
  ]),
  ...checks({ operations: EVERYWHERE, scope: 'response' }, [
    [
      'error.body',
      'Error responses carry the Error body',
      '§2 Error, §4, §7',
      'every error response, of any status (429 included), has `Content-Type: application/json` and a body with `code` and `message` strings and an integer `status` equal to the HTTP status',
      {
        judge: errorBody,
        hint: 'no specified error response was received for {operation}',
        faults: ['error-status-as-string-on-404', 'plain-text-405', 'plain-text-429'],
      },
    ],
  ]),
  ...checks({ operations: PETS, scope: 'response' }, [
    [
      'response.json',
      'Response bodies are JSON',
      '§4',
      'every response body is valid JSON with `Content-Type: application/json` (or a `+json` type), and no success is labelled `application/problem+json` (RFC 9457 §3)',
      {
        judge: jsonResponse,
        hint: 'no response was received for {operation}',
        faults: ['problem-json-on-every-answer'],
      },
    ],
  ]),
  ...checks({ operations: EVERYWHERE, scope: 'response' }, [
    [
      'response.media-type',
      'JSON in one well-formed media type, for every Accept',
      '§4 (RFC 9110 §8.3.1, §12.5.1)',
      'every `Content-Type` is one well-formed media type (RFC 9110 §8.3.1: `type/subtype`, then `;`-separated `name=value` parameters); `GET /pets` sent with `Accept: */*`, `application/*`, `application/json;q=0.9, */*;q=0.1` or no `Accept`, and `GET /pets/{id}` with `APPLICATION/JSON`, answer 200 labelled JSON (`application/json` or a `+json` type, case-insensitive, parameters allowed), never 406',
      {
        judge: wellFormedContentType,
        hint: 'no response was received for {operation}',
        faults: ['json-refused-for-wildcard-accept', 'content-type-sent-twice'],
      },
    ],
  ]),
  ...checks({ operations: EVERYWHERE, scope: 'response' }, [
    [
      'server.no-5xx',
      'No server errors',
      '§4, §7',
      'no response has a 5xx status (none is specified)',
      {
        judge: noServerError,
        hint: 'no response was received for {operation}',
        faults: [
          'crash-on-int64-max-category',
          'crash-on-status-null',
          'crash-on-empty-name',
          'crash-on-limit-empty',
        ],
      },
    ],
    [
      'ratelimit.headers',
      'Rate-limit headers on every response',
      '§8 Rate limit headers',
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` present, each a non-negative integer',
      {
        judge: rateLimitHeaders,
        hint: 'no response was received for {operation}',
        faults: ['no-rate-limit-headers-on-201', 'no-remaining-on-get'],
      },
    ],
    [
      'ratelimit.values',
      'Rate-limit header values are consistent',
      '§8 Rate limit headers',
      'Remaining within 0..Limit; Reset a Unix timestamp in seconds at or after the response (`Date`), never the start of the window',
      {
        judge: rateLimitValues,
        hint: 'no response with integer rate-limit headers was received for {operation}',
        faults: ['reset-is-window-start', 'reset-off-by-host-offset', 'reset-as-ms-since-epoch'],
      },
    ],
    [
      'ratelimit.remaining-decreases',
      'Remaining goes down as requests are spent',
      '§8 Rate limit headers',
      'within one window (same Limit and Reset), each request with the key lowers `X-RateLimit-Remaining` (requests sent at the same time excepted)',
      {
        judge: remainingDecreases,
        hint: 'no two responses in a row within one window',
        faults: ['remaining-never-changes', 'orders-not-counted'],
      },
    ],
  ]),
  // Measured by requests of their own: Remaining before and after, within one window.
  ...checks({ operations: ['listPets', 'createPet', 'getPet', 'listOrders'] }, [
    [
      'ratelimit.counts-once',
      'Each request counts exactly once',
      '§8 Rate limit headers',
      'within one window (same Limit and Reset), one request with the key lowers `X-RateLimit-Remaining` by exactly one, for each operation: a list, a create, a get, a get answered 404 and an orders request (a window that resets in between is measured again, once)',
      { faults: ['remaining-never-changes', 'orders-not-counted', 'get-counted-twice'] },
    ],
  ]),
  ...checks({ operations: ['listPets'] }, [
    [
      'ratelimit.keyless-not-counted',
      'A request without the key does not count against it',
      "§8 Rate limits by plan (a plan is the key's; a caller without a key has none), §5",
      "within one window, a `GET /pets` without `Authorization` (401) and then one with the key lower the key's `X-RateLimit-Remaining` by exactly one (a window that resets in between is measured again, once)",
      { faults: ['limiter-keyed-by-address', 'remaining-never-changes'] },
    ],
    [
      'ratelimit.keys-separate',
      "Another caller's key does not count against the key",
      '§8 Rate limit headers (the limit in force for the caller), §5',
      "with a key of another account (`--other-token`, any plan): within one window, a `GET /pets` with the other key and then the next measured request with the key (a create, or a get when read-only) lower the key's `X-RateLimit-Remaining` by exactly one (a window that resets in between is measured again, once); not tested without a second key",
      { faults: ['limiter-keyed-by-address', 'limiter-keyed-by-plan', 'remaining-never-changes'] },
    ],
    [
      'ratelimit.counts-overlapping',
      'Requests sent at the same time each count',
      '§8 Rate limit headers',
      'a list, a get, a get answered 404 and an orders request (and a create, unless read-only) sent at once, then one list more: within one window `X-RateLimit-Remaining` has fallen by exactly the number of requests sent (a window that resets in between is measured again, once)',
      { faults: ['remaining-never-changes', 'overlapping-requests-counted-once'] },
    ],
  ]),
  // Decided by a 429, which a default run does not provoke (NO_429): one result per run
  // (wherever the 429 came), skipped unless `--include rate-limit` or the
  // server answered 429 on its own.
  ...checks({ operations: ['any'], scope: 'response' }, [
    [
      'ratelimit.retry-after',
      'A 429 carries Retry-After',
      '§7, §8',
      'every 429 response has `Retry-After` (delay-seconds or an HTTP-date, RFC 9110 §10.2.3)',
      {
        judge: tooManyRetryAfter,
        hint: NO_429,
        faults: ['retry-after-invalid'],
      },
    ],
    [
      'ratelimit.retry-after-reset',
      "A 429's Retry-After ends by its Reset",
      '§8 Rate limit headers, Behaviour on exceeding the limit',
      `on every 429 with \`Retry-After\` and the rate-limit headers, the wait \`Retry-After\` asks for ends no later than that answer's \`X-RateLimit-Reset\`, when the limit resets (${RETRY_AFTER_PAST_RESET_S} s of rounding allowed, ${LOCAL_CLOCK_SLACK_S} more for a delay on an answer without \`Date\`): a ban's longer wait must show in the Reset too`,
      {
        judge: tooManyRetryAfterReset,
        hint: NO_429,
        faults: ['retry-after-in-ms', 'ban-keeps-window-reset'],
      },
    ],
    [
      'ratelimit.429-remaining',
      'A 429 says nothing remains',
      '§8',
      'every 429 response has `X-RateLimit-Remaining: 0`',
      {
        judge: tooManyRemaining,
        hint: NO_429,
        faults: ['remaining-above-zero-on-429'],
      },
    ],
  ]),
  ...checks({ operations: ['listPets'] }, [
    [
      'list.schema',
      'The list is an array of valid Pets',
      '§4.1, §2 Pet',
      '200 with a JSON array of Pet objects',
      { judgeExchange: listSchema, faults: ['id-as-string', 'int64-ids-as-strings'] },
    ],
    [
      'list.default-limit',
      `The default page holds at most ${LIST_LIMIT.default} pets`,
      '§4.1, §8 Query limits',
      `\`GET /pets\` without \`limit\`, with or without a \`status\` filter, returns at most ${LIST_LIMIT.default} pets`,
      { judgeExchange: listDefaultLimit, faults: ['default-page-25-with-status'] },
    ],
    [
      'list.limit',
      `\`limit\` ${LIST_LIMIT.min} and ${LIST_LIMIT.max} are accepted`,
      '§4.1, §8 Query limits',
      `\`limit=${LIST_LIMIT.min}\` and \`limit=${LIST_LIMIT.max}\` (alone and with a \`status\` filter) answer 200 with at most that many pets`,
      { judgeExchange: listLimit },
    ],
    [
      'list.limit-exact',
      '`limit` is honoured exactly',
      '§4.1, §8 Query limits',
      `\`limit=${LIST_LIMIT.min}\` returns exactly one pet when any pet exists; \`limit=${LIST_LIMIT.max}\` returns ${LIST_LIMIT.max} pets, or every pet the run has seen listed when there are fewer; so do three seeded values in between`,
      { faults: ['limit-off-by-one', 'limit-100-capped-at-50'] },
    ],
    [
      'list.complete',
      'A pet that exists is listed',
      '§4.1',
      `with up to 3 pets the run created (or saw listed) confirmed by \`GET /pets/{id}\`: a \`limit=${LIST_LIMIT.max}\` page shorter than ${LIST_LIMIT.max} (the whole list) holds each of them, and a default page is not empty; also with their \`status\` as filter; a page that misses one is read again once, 1 s later`,
      {
        faults: [
          'list-always-empty',
          'created-pets-never-listed',
          'status-filter-empty-without-limit',
        ],
      },
    ],
    [
      'list.max-items',
      `Never more than ${LIST_LIMIT.max} pets`,
      '§4.1, §8 Query limits',
      `no list response holds more than ${LIST_LIMIT.max} pets, whatever \`limit\` says`,
      { judgeExchange: listMaxItems },
    ],
    [
      'list.status-filter',
      '`status` filters exactly',
      '§4.1',
      'for each PetStatus value X, alone and with `limit`, `GET /pets?status=X` answers 200 and every pet has status X',
      { judgeExchange: listStatusFilter, faults: ['status-filter-ignored-with-limit'] },
    ],
  ]),
  ...checks({ operations: ['createPet'], writes: true }, [
    [
      'create.valid',
      'A valid NewPet is created',
      '§4.2, §2',
      '201 with a valid Pet echoing `name`, `categoryId` and `status` exactly, for every PetStatus value and without `status`',
      { judgeExchange: createValid, faults: ['echo-default-status-ignoring-sent'] },
    ],
    [
      'create.echo-exact',
      'Long and unusual names come back exactly',
      '§4.2, §2 NewPet, §8 (no name limit shown)',
      'a 100- and a 1000-character name and one with non-ASCII letters, an emoji, quotes and a backslash: 201 echoing the name exactly, or 400 with an Error body (the spec sets no length or alphabet)',
      { faults: ['truncate-names-to-64'] },
    ],
  ]),
  // The GET of each created pet is part of the check: both operations.
  ...checks({ operations: ['createPet', 'getPet'], writes: true }, [
    [
      'create.concurrent',
      'Creates sent at the same time are each right',
      '§4.2, §2 Pet',
      'three valid NewPets sent at once: each 201 echoes its own body, the ids differ, and `GET /pets/{id}` returns each as sent',
      {
        faults: [
          'echo-default-status-ignoring-sent',
          'overlapping-creates-lose-writes',
          'concurrent-creates-share-an-id',
        ],
      },
    ],
  ]),
  ...checks({ operations: ['createPet'], writes: true }, [
    [
      'create.location',
      'A Location sent with a 201 names the created pet',
      '§4.2 (RFC 9110 §10.2.2; the header is not required)',
      'when a 201 carries `Location`, it resolves (against the request URL) to a URL of the API where `GET` answers 200 with the created Pet; one on another origin is not judged',
      { faults: ['location-outside-the-base-path'] },
    ],
    [
      'create.unique-ids',
      'Created pets get unique ids',
      '§2 Pet',
      'every created Pet has an id that no other pet seen in the run has',
    ],
  ]),
  ...checks({ operations: ['getPet'], writes: true }, [
    [
      'create.then-get',
      'A created pet can be fetched',
      '§4.2, §4.3',
      '`GET /pets/{id}` of a created pet answers 200 with the same Pet',
      { faults: ['ids-as-doubles'] },
    ],
  ]),
  ...checks({ operations: ['createPet'], writes: true }, [
    [
      'create.reject-missing-body',
      'A missing body is rejected',
      '§4.2, §7',
      '400 with an Error body for `POST /pets` without a body',
    ],
    [
      'create.reject-malformed-json',
      'Malformed JSON is rejected',
      '§4.2, §7',
      '400 with an Error body for a body that is not valid JSON',
    ],
    [
      'create.reject-invalid-name',
      'A missing or non-string name is rejected',
      '§4.2, §2 NewPet, §7',
      '400 with an Error body when `name` is missing, a number or null',
    ],
    [
      'create.reject-invalid-category-id',
      'A missing or invalid categoryId is rejected',
      '§4.2, §2 NewPet, §7',
      '400 with an Error body when `categoryId` is missing, a string, a fraction or beyond int64',
      { faults: ['category-fraction-truncated'] },
    ],
    [
      'create.reject-invalid-status',
      'A status outside the enum is rejected',
      '§4.2, §2 PetStatus, §7',
      '400 with an Error body when `status` is not one of available, pending, sold',
    ],
    [
      'create.generated-valid',
      'Generated valid NewPets are created',
      '§4.2, §2',
      'for generated NewPets (name `conformance-` + 1..28 name-like characters: letters, digits, inner spaces, apostrophes, dots, hyphens; a categoryId seen in the list; optional status): 201 with a Pet echoing them',
    ],
    [
      'create.generated-exact',
      "Generated values over each field's whole domain come back exactly",
      '§4.2, §4.3, §2 NewPet and Pet',
      'for NewPets whose name is any Unicode text (astral planes, combining marks, whitespace at either end, text that reads as a number, boolean or null, JSON escapes) and whose categoryId is any int64 (2^31, 2^32, 2^53 + 1, both ends, negatives, zero), edge cases first, then generated: 201 echoing the body exactly, type included, and `GET /pets/{id}` returning the same Pet; or 400 with an Error body (an unknown category; the spec sets no alphabet or length for names)',
      {
        faults: [
          'trims-names',
          'numeric-names-refused',
          'astral-characters-mangled',
          'numeric-names-as-numbers',
          'category-id-through-double',
        ],
      },
    ],
    [
      'create.generated-invalid',
      'Generated invalid NewPets are rejected',
      '§4.2, §2 NewPet, §7',
      'for generated bodies that break one NewPet rule (missing or mistyped field, non-enum status, not an object): 400',
    ],
  ]),
  // Judged by the kit's model of the spec (conformance/model/spec-model.ts):
  // each request in a shape other than the canonical one, seeded and shrunk.
  ...checks({ operations: ['listPets'] }, [
    [
      'shape.query',
      'Every shape of the query is read as the spec says',
      '§4.1, §8 Query limits, RFC 3986',
      '`limit` and `status` repeated, empty, in other notations (`007`, `+5`, `5.0`, `1e1`), with characters after the number, hex, spaces, other names (`limit[]`, `Limit`), percent-encoded: 200 with a page as long as the value written (another notation of it, or the default 20 for a value that is no number, never a third number; a list of none for a status outside the enum) or a refusal (400 with an Error body); every item agrees with what the run knows of that pet',
      {
        faults: [
          'limit-read-by-parse-int',
          'limit-read-by-number',
          'limit-array-from-brackets',
          'limit-php-int-cast',
          'status-empty-means-no-filter',
          'status-matched-case-insensitively',
          'status-trailing-space-ignored',
        ],
      },
    ],
  ]),
  ...checks({ operations: ['getPet'] }, [
    [
      'shape.path-id',
      'Every spelling of a path id is read as the spec says',
      '§4.3 (petId is int64), RFC 3986 §6.2.2',
      '`/pets/{id}` with the id percent-encoded (the same pet), with leading zeros, a sign, `.0`, an exponent (the same pet, or 400/404 with an Error body), with characters after it, in hex, as a fraction or beyond int64 (400 or 404 with an Error body, never a pet)',
      {
        faults: ['path-id-read-by-parse-int', 'path-id-read-by-number', 'path-id-php-int-cast'],
      },
    ],
  ]),
  ...checks({ operations: ['createPet'], writes: true }, [
    [
      'shape.body',
      'Every JSON shape of a body is read as the spec says',
      '§4.2, §2 NewPet, §7, RFC 8259',
      'a body that is an array (one NewPet or several), a string, `null`, a NewPet nested in an object, a field of another JSON type (`"7"` or `true` for categoryId, a fraction, a name in an array), a status in another case, and generated ones of these and of numbers and booleans: 400 with an Error body, and nothing created; a name given twice: the first or the last, or 400',
      {
        faults: [
          'bulk-create-from-array',
          'category-id-coerced-from-string',
          'category-id-coerced-from-boolean',
          'status-enum-case-insensitive',
          'nested-pet-unwrapped',
          'name-array-joined',
        ],
      },
    ],
    [
      'state.refused-creates-nothing',
      'A refused request creates nothing',
      '§4.2, §7',
      'after the refused creates of `shape.body` and `PUT`/`PATCH /pets` with a NewPet, no pet carries the name one of them sent: neither an id between two creates made before and after them nor the whole list (when it fits in one page of 100) shows one',
      { faults: ['refused-create-still-inserted', 'put-creates-like-post'] },
    ],
  ]),
  ...checks({ operations: ['listPets', 'createPet', 'getPet'], writes: true }, [
    [
      'shape.headers',
      'Headers are read as HTTP reads them',
      '§4, §5, RFC 9110 §8.3, §11.1, §12.5.1',
      'the scheme in any case (`bearer`, `BEARER`) and more than one space before the key are the valid key; the key in the query (`api_key`), a cookie or `X-API-Key` is a missing key (401); `Content-Type: Application/JSON ; charset=UTF-8` is JSON; `X-HTTP-Method-Override` (on a create), `X-Original-URL`, `X-Rewrite-URL` and forwarding headers change nothing; `PUT` and `PATCH /pets` are no create',
      {
        faults: [
          'bearer-scheme-case-sensitive',
          'key-from-query',
          'key-from-cookie',
          'key-from-x-api-key',
          'content-type-exact-case',
          'method-override-honoured',
          'original-url-honoured',
        ],
      },
    ],
  ]),
  ...checks({ operations: ['listPets'] }, [
    [
      'ratelimit.per-key',
      'A key is counted as one, whatever its spelling',
      '§8 Rate limit headers, RFC 9110 §11.1',
      'within one window, requests with `Bearer`, `bearer` and `BEARER` before the same key, and with `X-Forwarded-For`, `X-Real-IP` or `Forwarded` added, each lower the same `X-RateLimit-Remaining` by exactly one',
      {
        faults: ['rate-limit-per-authorization-string', 'rate-limit-per-forwarded-for'],
      },
    ],
  ]),
  ...checks({ operations: ['listPets', 'createPet', 'getPet'] }, [
    [
      'input.malformed',
      'Malformed input in any position is refused, never a crash',
      '§4, §7',
      'for each query parameter, the path id and each body field (wrong JSON types, look-alike values, int64 extremes, extra properties, deep nesting, a body of 1 MiB and of 1 MiB + 1 byte that is a valid NewPet but for its last byte, non-JSON content types): a 4xx with an Error body where the input breaks a stated rule (400 for an invalid body), 2xx or 4xx where the spec leaves it open, never 5xx',
      {
        faults: [
          'crash-on-int64-max-category',
          'crash-on-status-null',
          'crash-on-empty-name',
          'crash-on-limit-empty',
          'body-parsed-up-to-the-limit',
        ],
      },
    ],
  ]),
  ...checks({ operations: ['createPet', 'getPet', 'listPets'], writes: true }, [
    [
      'stateful.model',
      'Random sequences of calls keep what the spec implies',
      '§4.1, §4.2, §4.3',
      'in seeded random sequences of create, create of an earlier body again, creates sent at once, get, list and list-by-status: every create gives a new pet under an id of its own (the same body twice gives two pets), a created pet is returned by its id with what was sent (nothing sent later changes it), listed pets are valid and have the filtered status (judged by the status sent where a Pet leaves it out); a failure is shrunk to the shortest sequence',
      {
        faults: [
          'create-upserts-by-name',
          'lose-every-third-pet',
          'overlapping-creates-lose-writes',
          'mislabel-status-after-5-creates',
        ],
      },
    ],
  ]),
  ...checks({ operations: ['getPet'] }, [
    [
      'get.valid',
      'An existing pet is returned',
      '§4.3',
      '`GET /pets/{id}` of a listed pet answers 200 with a valid Pet of that id',
      { judgeExchange: getValid },
    ],
    [
      'get.not-found',
      'An unknown id gets 404',
      '§4.3, §7',
      '`GET /pets/{id}` of an id never issued answers 404 with an Error body',
    ],
    [
      'get.no-alias',
      'Ids never alias',
      '§4.3, §2 Pet (id is int64)',
      "`GET /pets/{id}` of an id 2^32 or 2^53 away from an existing pet's (and, beyond 2^53, 1 away) answers 404, or 200 with a Pet of exactly that id, never the existing pet",
      { faults: ['ids-as-doubles', 'path-ids-alias-beyond-32-bits'] },
    ],
  ]),
  ...checks({ group: 'rate-limit', operations: ['listPets'] }, [
    [
      'ratelimit.exhaust',
      'Over the limit answers 429',
      '§8 Behaviour on exceeding the limit',
      'no 429 while Remaining is above 0; once Remaining reaches 0 no request is served (429 with Retry-After and an Error body) until the window resets',
      { faults: ['serves-after-remaining-0'] },
    ],
    [
      'ratelimit.recovers',
      'Requests succeed again after Retry-After',
      '§8 Behaviour on exceeding the limit',
      'after waiting the latest `Retry-After` the kit was given (a ban for its requests past the 429 may lengthen it, §8), the same request answers 200',
      { faults: ['retry-after-in-ms'] },
    ],
    [
      'ratelimit.reset-truthful',
      'X-RateLimit-Reset tells the truth',
      '§8 Rate limit headers',
      'checked when the kit waits out the window anyway: past the `X-RateLimit-Reset` a 429 gave, Remaining is above 0 in a window with a later Reset; before it, the whole quota is not back (what the wait cannot show is reported not tested)',
      { faults: ['reset-one-window-late'] },
    ],
  ]),
  ...checks({ group: 'rate-limit', operations: ['createPet', 'getPet', 'listOrders'] }, [
    [
      'ratelimit.refuses-every-operation',
      'Over the limit every operation is refused',
      '§8 Behaviour on exceeding the limit',
      'once the list has answered 429, a create (unless read-only), a get and an orders request sent in the same window answer 429 as well',
      { faults: ['orders-served-over-limit'] },
    ],
  ]),
  ...checks({ level: 'advisory', operations: ['listPets'] }, [
    [
      'list.invalid-limit',
      'An invalid `limit` is refused or clamped',
      '§4.1 (silent on invalid values)',
      `\`limit\` 0, 101 or \`abc\`: 4xx with an Error body, or 200 with the value clamped into ${LIST_LIMIT.min}..${LIST_LIMIT.max}`,
      { judgeExchange: listInvalidLimit },
    ],
    [
      'list.invalid-status',
      'An unknown `status` filter is rejected',
      '§4.1 (silent on invalid values)',
      '`status=adopted` answers 4xx with an Error body',
      { judgeExchange: listInvalidStatus },
    ],
  ]),
  ...checks({ operations: ['getPet'] }, [
    [
      'get.deprecation-truthful',
      'What the deprecated operation announces is true',
      '§4.3, §9 (RFC 9745, RFC 8594; the headers are not required)',
      `when \`GET /pets/{id}\` sends \`Deprecation\` or \`Sunset\`, each is well formed, the Sunset is ${SUNSET_DAY} and the Deprecation is not after it (the operation is deprecated now, with removal on ${SUNSET_DAY})`,
      { faults: ['deprecation-in-milliseconds'] },
    ],
  ]),
  ...checks({ level: 'advisory', operations: ['getPet'] }, [
    [
      'get.invalid-id',
      'A non-integer petId is rejected',
      '§4.3 (silent on invalid values)',
      '`GET /pets/abc` answers 4xx with an Error body',
      { judgeExchange: getInvalidId },
    ],
    [
      'get.deprecation-headers',
      'The deprecated operation announces its sunset',
      '§4.3, §9 (headers not specified)',
      `\`GET /pets/{id}\` answers with a \`Deprecation\` header (RFC 9745) and \`Sunset\` (RFC 8594) on ${SUNSET_DAY}`,
    ],
  ]),
  ...checks({ operations: PETS, scope: 'response' }, [
    [
      'auth.www-authenticate',
      '401 challenges with the Bearer scheme',
      '§5 (an HTTP bearer scheme: RFC 6750 §3, RFC 9110 §11.6.1)',
      'every 401 has `WWW-Authenticate` with a `Bearer` challenge (any case, any parameters) and no challenge of another scheme (a `Basic` one makes a browser ask for a password)',
      {
        judge: bearerChallenge,
        hint: 'no 401 was received for {operation}',
        faults: ['no-www-authenticate', 'basic-challenge'],
      },
    ],
  ]),
  ...checks({ operations: ['listOrders'] }, [
    [
      'orders.auth',
      'Store orders require authentication',
      '§1, §4, §5 (every operation requires the bearer credential)',
      '`GET /store/orders` without a key, with an unknown key, another scheme or an empty token answers 401 with an Error body',
      { faults: ['orders-without-auth'] },
    ],
  ]),
  ...checks({ operations: ['listOrders'], scope: 'response' }, [
    [
      'orders.exists',
      'Store orders are an operation of the service',
      '§4.4 (a `GET /store/orders` operation exists; its responses are not shown)',
      '`GET /store/orders` is never answered 404, 405 or 501 (a missing operation)',
      {
        judge: ordersExist,
        hint: 'no response to GET /store/orders was received',
        faults: ['orders-get-not-routed', 'orders-route-not-found'],
      },
    ],
  ]),
  ...checks({ level: 'advisory', operations: ['other'], writes: true }, [
    [
      'method.not-allowed',
      'Undocumented methods get 405',
      '§4 (RFC 9110 §15.5.6; not specified)',
      '`DELETE /pets/{id}` and `PUT /pets` answer 405 with an `Allow` header',
    ],
  ]),
]

/**
 * The id of a check of the catalogue: a compile-time union, so a mistyped id
 * fails to compile instead of being dropped.
 *
 * @example
 * const id: CheckId = 'auth.no-header'
 */
export type CheckId = (typeof definitions)[number]['id']

/**
 * The definition of one check, its operations and faults kept literal.
 *
 * @example
 * type ListSchema = CheckOf<'list.schema'> // { id: 'list.schema'; operations: readonly ['listPets']; ... }
 */
export type CheckOf<Id extends CheckId> = Extract<(typeof definitions)[number], { id: Id }>

/**
 * The operations check `Id` judges: the only ones a result of it may be
 * recorded for (a result for another does not compile).
 *
 * @example
 * const operation: CheckOperation<'create.concurrent'> = 'getPet' // 'createPet' | 'getPet'
 */
export type CheckOperation<Id extends CheckId> = OperationsOf<CheckOf<Id>>

/**
 * The id of a check that has a function judging one request and its response.
 *
 * @example
 * const id: ExchangeCheckId = 'list.schema'
 */
export type ExchangeCheckId = {
  [Id in CheckId]: CheckOf<Id> extends { judgeExchange: ExchangeRule } ? Id : never
}[CheckId]

/**
 * Every fault of the kit's reference server that a check of the catalogue
 * names as proof (the kit's tests hold it to the server's fault union).
 *
 * @example
 * const fault: CatalogueFault = 'limit-off-by-one'
 */
export type CatalogueFault = (typeof definitions)[number]['faults'][number]

/**
 * Every check of the kit. Ids are stable: CI configurations (`--only`, `--skip`)
 * and reports rely on them. The kit's probes and reports, and the proxy's
 * judge, read it.
 *
 * @example
 * catalogue.find((check) => check.id === 'auth.no-header')?.level // 'required'
 */
export const catalogue: ReadonlyArray<CheckDefinition<CheckId>> = definitions

/**
 * Each check of the catalogue by its id, with its literal type.
 *
 * @example
 * CHECKS['list.schema'].operations // ['listPets']
 */
export const CHECKS = Object.fromEntries(definitions.map((check) => [check.id, check])) as {
  readonly [Id in CheckId]: CheckOf<Id>
}

/**
 * The rules of a caller's request the proxy's judge reports (the caller's
 * mistake, not the server's), beside the checks of the catalogue: their ids,
 * titles and spec sections.
 */
const requestDefinitions = [
  { id: 'request.auth', title: 'The caller sends a bearer key', section: '§5' },
  { id: 'request.limit', title: '`limit` is an integer 1..100', section: '§4.1, §8' },
  { id: 'request.status', title: '`status` is a PetStatus', section: '§4.1' },
  { id: 'request.pet-id', title: '`petId` is an int64', section: '§4.3' },
  { id: 'request.body', title: 'The body is a NewPet', section: '§2, §4.2' },
] as const

/**
 * The id of a rule a caller's request broke (the caller's mistake, not the
 * server's): the journal, the log and `GET /__mock/violations` show them
 * beside the kit's check ids.
 *
 * @example
 * const id: RequestCheckId = 'request.limit'
 */
export type RequestCheckId = (typeof requestDefinitions)[number]['id']

/**
 * Each rule of a caller's request by its id: its title, spec section and
 * level (always `required`: the spec states each).
 *
 * @example
 * REQUEST_CHECKS['request.limit'].section // '§4.1, §8'
 */
export const REQUEST_CHECKS = Object.fromEntries(
  requestDefinitions.map((check) => [check.id, { ...check, level: 'required' }]),
) as {
  readonly [Id in RequestCheckId]: Extract<(typeof requestDefinitions)[number], { id: Id }> & {
    level: 'required'
  }
}

/**
 * The id a violation is reported under: a check of the catalogue, or a rule
 * of the caller's request.
 *
 * @example
 * const id: ViolationCheckId = 'request.body'
 */
export type ViolationCheckId = CheckId | RequestCheckId

/**
 * Whether a check id matches a pattern: the exact id, a prefix ending at a dot
 * or a dash (`auth` matches `auth.no-header`, `create.reject` matches
 * `create.reject-missing-body`), or a trailing `*` wildcard.
 *
 * @example
 * matchesCheckId('auth.no-header', 'auth') // true
 */
export function matchesCheckId(id: string, pattern: string): boolean {
  if (pattern.endsWith('*')) {
    return id.startsWith(pattern.slice(0, -1))
  }
  return id === pattern || id.startsWith(`${pattern}.`) || id.startsWith(`${pattern}-`)
}
