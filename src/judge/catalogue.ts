import { DEPRECATION_HEADER_NAMES, DEPRECATION_HEADERS } from '../spec/headers.ts'
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
  allowOn405,
  bearerChallenge,
  errorBody,
  httpDates,
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
/** The sentences of each field of a NewPet (spec §2), which a check of every field holds. */
const NEW_PET_FIELDS = [
  'spec-2-new-pet-name',
  'spec-2-new-pet-category-id',
  'spec-2-new-pet-status',
] as const
/** The operations §9 does not deprecate (the routes' `deprecation` decides; a test holds the two equal). */
const NOT_DEPRECATED = ['listPets', 'createPet', 'listOrders'] as const
const EVERYWHERE = ['listPets', 'createPet', 'getPet', 'listOrders', 'other'] as const

/**
 * One check as it is written in the catalogue: a record with named fields
 * (so a title and an expectation cannot trade places unnoticed). `level`
 * defaults to `required`, `group` to `default`, `scope` to `probe`,
 * `writes` to false and `faults` to none; see {@link CheckDefinition} for
 * what each field means.
 *
 * @example
 * const record: CheckRecord = { id: 'get.not-found', title: 'An unknown id gets 404', section: '§4.3, §7', operations: ['getPet'], expected: '`GET /pets/{id}` of an id never issued answers 404 with an Error body' }
 */
export type CheckRecord<Id extends string = string, Fault extends string = string> = Pick<
  CheckDefinition<Id, ReadonlyArray<OperationId>, Fault>,
  | 'id'
  | 'title'
  | 'section'
  | 'holds'
  | 'operations'
  | 'expected'
  | 'judge'
  | 'judgeExchange'
  | 'hint'
> &
  Partial<
    Pick<
      CheckDefinition<Id, ReadonlyArray<OperationId>, Fault>,
      'level' | 'group' | 'scope' | 'writes' | 'faults'
    >
  >

/**
 * The definition a record makes, with what the type needs of it kept: the
 * id, the operations and the fault names literal, and whether it has a
 * `judge` or a `judgeExchange` (so only such checks can be judged with one).
 */
type Built<Row> = Row extends {
  id: infer Id extends string
  operations: infer Ops extends ReadonlyArray<OperationId>
}
  ? CheckDefinition<
      Id,
      Ops,
      Row extends { faults: ReadonlyArray<infer Fault extends string> } ? Fault : never
    > &
      (Row extends { judge: ResponseRule } ? { judge: ResponseRule } : unknown) &
      (Row extends { judgeExchange: ExchangeRule } ? { judgeExchange: ExchangeRule } : unknown)
  : never

/**
 * The catalogue's records as definitions, each default filled in. Keeps each
 * record's type (see {@link Built}), so the ids make {@link CheckId} and each
 * id's operations make {@link CheckOperation}.
 */
function defineChecks<const Rows extends ReadonlyArray<CheckRecord>>(
  rows: Rows,
): Array<Built<Rows[number]>> {
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    section: row.section,
    holds: row.holds,
    level: row.level ?? 'required',
    group: row.group ?? 'default',
    operations: row.operations,
    scope: row.scope ?? 'probe',
    expected: row.expected,
    writes: row.writes ?? false,
    faults: row.faults ?? [],
    ...(row.judge ? { judge: row.judge } : {}),
    ...(row.judgeExchange ? { judgeExchange: row.judgeExchange } : {}),
    ...(row.hint ? { hint: row.hint } : {}),
  })) as Array<Built<Rows[number]>>
}

/** The records of {@link catalogue}, their ids kept literal. */
const definitions = defineChecks([
  {
    id: 'auth.no-header',
    title: 'A request without Authorization is rejected',
    section: '§5, §7',
    holds: { here: ['spec-5-bearer', 'spec-5-401', 'spec-7-errors'] },
    operations: PETS,
    expected: '401 with an Error body when the Authorization header is missing',
    faults: ['cache-ignores-authorization'],
  },
  {
    id: 'auth.unknown-key',
    title: 'An unknown API key is rejected',
    section: '§5, §7',
    holds: { here: ['spec-5-401', 'rfc6750-2.1-authorization'] },
    operations: PETS,
    expected:
      '401 with an Error body for `Authorization: Bearer <unknown key>`, for the valid key with `-x` appended (a key matched by prefix) and for the valid key followed by ` x` (a key read as the second word)',
    faults: ['key-matched-by-prefix', 'key-read-as-first-word'],
  },
  {
    id: 'auth.non-bearer',
    title: 'A non-Bearer scheme is rejected',
    section: '§5, §7',
    holds: { here: ['spec-5-bearer', 'spec-5-401', 'spec-5-authorization-header'] },
    operations: PETS,
    expected:
      '401 with an Error body for `Authorization: Token <valid key>`, `Basic <valid key>` and `NotBearer <valid key>` (a scheme matched without an anchor)',
    faults: ['bearer-matched-without-anchor', 'basic-scheme-accepted'],
  },
  {
    id: 'auth.empty-token',
    title: 'An empty bearer token is rejected',
    section: '§5, §7',
    holds: { here: ['spec-5-401', 'rfc6750-2.1-authorization'] },
    operations: PETS,
    expected: '401 with an Error body for `Authorization: Bearer ` (no token)',
    faults: ['empty-token-accepted-on-get'],
  },
  {
    id: 'auth.checked-first',
    title: 'The key is checked before anything else',
    section: '§5, §7',
    holds: { here: ['spec-5-bearer', 'spec-5-401'] },
    operations: PETS,
    expected:
      'without a valid key, a request that would otherwise be a 404 (unknown petId) or a 400 (invalid body) answers 401, for every way of lacking a key',
    faults: ['not-found-before-auth'],
  },
  {
    id: 'error.body',
    title: 'Error responses carry the Error body',
    section: '§2 Error, §4, §7',
    holds: {
      here: ['spec-2-error-body', 'spec-7-error-status', 'spec-4-json-bodies', 'rfc6585-4-429'],
    },
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      'every error response, of any status (429 included), has `Content-Type: application/json` and a body with `code` and `message` strings (`message` not empty) and an integer `status` equal to the HTTP status',
    judge: errorBody,
    hint: 'no specified error response was received for {operation}',
    faults: [
      'error-status-as-string-on-404',
      'plain-text-405',
      'plain-text-429',
      'error-message-empty',
    ],
  },
  {
    id: 'response.json',
    title: 'Response bodies are JSON',
    section: '§4',
    holds: {
      here: ['spec-4-json-bodies', 'rfc8259-2-grammar', 'rfc8259-6-numbers', 'rfc8259-7-escapes'],
    },
    operations: PETS,
    scope: 'response',
    expected:
      'every response body is valid JSON with `Content-Type: application/json` (or a `+json` type), and no success is labelled `application/problem+json` (RFC 9457 §3)',
    judge: jsonResponse,
    hint: 'no response was received for {operation}',
    faults: ['problem-json-on-every-answer'],
  },
  {
    id: 'response.media-type',
    title: 'JSON in one well-formed media type, for every Accept',
    section: '§4 (RFC 9110 §8.3.1, §12.5.1)',
    holds: {
      here: ['spec-4-json-bodies', 'rfc9110-8.3.1-media-type', 'rfc9110-5.3-one-field-line'],
    },
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      'every `Content-Type` is one well-formed media type (RFC 9110 §8.3.1: `type/subtype`, then `;`-separated `name=value` parameters); `GET /pets` sent with `Accept: */*`, `application/*`, `application/json;q=0.9, */*;q=0.1` or no `Accept`, and `GET /pets/{id}` with `APPLICATION/JSON`, answer 200 labelled JSON (`application/json` or a `+json` type, case-insensitive, parameters allowed), never 406',
    judge: wellFormedContentType,
    hint: 'no response was received for {operation}',
    faults: ['json-refused-for-wildcard-accept', 'content-type-sent-twice'],
  },
  {
    id: 'response.date',
    title: 'Answers carry a Date, every HTTP-date an IMF-fixdate',
    section: '§8 (a Unix timestamp: the server has a clock), RFC 9110 §6.6.1, §5.6.7',
    holds: { here: ['rfc9110-6.6.1-date', 'rfc9110-5.6.7-imf-fixdate'] },
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      'every 2xx, 3xx and 4xx answer has `Date` (RFC 9110 §6.6.1: an origin server with a clock MUST send it, and one that tells `X-RateLimit-Reset` as a Unix timestamp has one); every `Date`, `Sunset` and `Retry-After` given as a date is an IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT` (§5.6.7)',
    judge: httpDates,
    hint: 'no response was received for {operation}',
    faults: ['date-in-rfc-2822'],
  },
  {
    id: 'server.no-5xx',
    title: 'No server errors',
    section: '§4, §7',
    holds: { elsewhere: ['spec-7-errors'] },
    operations: EVERYWHERE,
    scope: 'response',
    expected: 'no response has a 5xx status (none is specified)',
    judge: noServerError,
    hint: 'no response was received for {operation}',
    faults: [
      'crash-on-int64-max-category',
      'crash-on-status-null',
      'crash-on-empty-name',
      'crash-on-limit-empty',
    ],
  },
  {
    id: 'ratelimit.headers',
    title: 'Rate-limit headers on every response',
    section: '§8 Rate limit headers',
    holds: { here: ['spec-8-headers', 'rfc9110-5.3-one-field-line'] },
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` present, each a non-negative integer',
    judge: rateLimitHeaders,
    hint: 'no response was received for {operation}',
    faults: ['no-rate-limit-headers-on-201', 'no-remaining-on-get'],
  },
  {
    id: 'ratelimit.values',
    title: 'Rate-limit header values are consistent',
    section: '§8 Rate limit headers',
    holds: { here: ['spec-8-limit', 'spec-8-remaining', 'spec-8-reset'] },
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      'Remaining within 0..Limit; Reset a Unix timestamp in seconds at or after the response (`Date`), never the start of the window',
    judge: rateLimitValues,
    hint: 'no response with integer rate-limit headers was received for {operation}',
    faults: [
      'reset-is-window-start',
      'reset-off-by-host-offset',
      'reset-as-ms-since-epoch',
      'reset-stuck-at-first-window',
    ],
  },
  {
    id: 'ratelimit.remaining-decreases',
    title: 'Remaining goes down as requests are spent',
    section: '§8 Rate limit headers',
    holds: { here: ['spec-8-remaining'] },
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      'within one window (same Limit and Reset), each request with the key lowers `X-RateLimit-Remaining` (requests sent at the same time excepted)',
    judge: remainingDecreases,
    hint: 'no two responses in a row within one window',
    faults: ['remaining-never-changes', 'orders-not-counted'],
  },
  // Measured by requests of their own: Remaining before and after, within one window.
  {
    id: 'ratelimit.counts-once',
    title: 'Each request counts exactly once',
    section: '§8 Rate limit headers',
    holds: { here: ['spec-8-remaining'] },
    operations: ['listPets', 'createPet', 'getPet', 'listOrders'],
    expected:
      'within one window (same Limit and Reset), one request with the key lowers `X-RateLimit-Remaining` by exactly one, for each operation: a list, a create, a get, a get answered 404 and an orders request (a window that resets in between is measured again, once)',
    faults: ['remaining-never-changes', 'orders-not-counted', 'get-counted-twice'],
  },
  {
    id: 'ratelimit.keyless-not-counted',
    title: 'A request without the key does not count against it',
    section: "§8 Rate limits by plan (a plan is the key's; a caller without a key has none), §5",
    holds: { here: ['spec-8-remaining'], elsewhere: ['spec-8-limit'] },
    operations: ['listPets'],
    expected:
      "within one window, a `GET /pets` without `Authorization` (401) and then one with the key lower the key's `X-RateLimit-Remaining` by exactly one (a window that resets in between is measured again, once)",
    faults: ['limiter-keyed-by-address', 'remaining-never-changes'],
  },
  {
    id: 'ratelimit.keys-separate',
    title: "Another caller's key does not count against the key",
    section: '§8 Rate limit headers (the limit in force for the caller), §5',
    holds: { here: ['spec-8-remaining'], elsewhere: ['spec-8-limit'] },
    operations: ['listPets'],
    expected:
      "with a key of another account (`--other-token`, any plan): within one window, a `GET /pets` with the other key and then the next measured request with the key (a create, or a get when read-only) lower the key's `X-RateLimit-Remaining` by exactly one (a window that resets in between is measured again, once); not tested without a second key",
    faults: ['limiter-keyed-by-address', 'limiter-keyed-by-plan', 'remaining-never-changes'],
  },
  {
    id: 'ratelimit.counts-overlapping',
    title: 'Requests sent at the same time each count',
    section: '§8 Rate limit headers',
    holds: { here: ['spec-8-remaining'] },
    operations: ['listPets'],
    expected:
      'a list, a get, a get answered 404 and an orders request (and a create, unless read-only) sent at once, then one list more: within one window `X-RateLimit-Remaining` has fallen by exactly the number of requests sent (a window that resets in between is measured again, once)',
    faults: ['remaining-never-changes', 'overlapping-requests-counted-once'],
  },
  // Decided by a 429, which a default run does not provoke (NO_429): one result per run
  // (wherever the 429 came), skipped unless `--include rate-limit` or the
  // server answered 429 on its own.
  {
    id: 'ratelimit.retry-after',
    title: 'A 429 carries Retry-After',
    section: '§7, §8',
    holds: { here: ['spec-7-retry-after', 'rfc9110-10.2.3-retry-after', 'rfc6585-4-429'] },
    operations: ['any'],
    scope: 'response',
    expected:
      'every 429 response has `Retry-After` (delay-seconds or an HTTP-date, RFC 9110 §10.2.3)',
    judge: tooManyRetryAfter,
    hint: NO_429,
    faults: ['retry-after-invalid'],
  },
  {
    id: 'ratelimit.retry-after-reset',
    title: "A 429's Retry-After ends by its Reset",
    section: '§8 Rate limit headers, Behaviour on exceeding the limit',
    holds: { here: ['spec-7-retry-after', 'spec-8-reset', 'spec-8-ban'] },
    operations: ['any'],
    scope: 'response',
    expected: `on every 429 with \`Retry-After\` and the rate-limit headers, the wait \`Retry-After\` asks for ends no later than that answer's \`X-RateLimit-Reset\`, when the limit resets (${RETRY_AFTER_PAST_RESET_S} s of rounding allowed, ${LOCAL_CLOCK_SLACK_S} more for a delay on an answer without \`Date\`): a ban's longer wait must show in the Reset too`,
    judge: tooManyRetryAfterReset,
    hint: NO_429,
    faults: ['retry-after-in-ms', 'ban-keeps-window-reset'],
  },
  {
    id: 'ratelimit.429-remaining',
    title: 'A 429 says nothing remains',
    section: '§8',
    holds: { here: ['spec-8-remaining', 'spec-8-over-limit'] },
    operations: ['any'],
    scope: 'response',
    expected: 'every 429 response has `X-RateLimit-Remaining: 0`',
    judge: tooManyRemaining,
    hint: NO_429,
    faults: ['remaining-above-zero-on-429'],
  },
  {
    id: 'list.schema',
    title: 'The list is an array of valid Pets',
    section: '§4.1, §2 Pet',
    holds: {
      here: [
        'spec-4.1-list',
        'spec-2-pets',
        'spec-2-pet-fields',
        'spec-2-pet-status-values',
        'spec-2-pet-id',
      ],
      elsewhere: ['spec-5-401', 'spec-4.3-404'],
    },
    operations: ['listPets'],
    expected: '200 with a JSON array of Pet objects',
    judgeExchange: listSchema,
    faults: ['id-as-string', 'int64-ids-as-strings'],
  },
  {
    id: 'list.default-limit',
    title: `The default page holds at most ${LIST_LIMIT.default} pets`,
    section: '§4.1, §8 Query limits',
    holds: { here: ['spec-4.1-limit-default', 'spec-4.1-limit-maximum'] },
    operations: ['listPets'],
    expected: `\`GET /pets\` without \`limit\`, with or without a \`status\` filter, returns at most ${LIST_LIMIT.default} pets`,
    judgeExchange: listDefaultLimit,
    faults: ['default-page-25-with-status'],
  },
  {
    id: 'list.limit',
    title: `\`limit\` ${LIST_LIMIT.min} and ${LIST_LIMIT.max} are accepted`,
    section: '§4.1, §8 Query limits',
    holds: { here: ['spec-4.1-limit-range', 'spec-4.1-limit-maximum'] },
    operations: ['listPets'],
    expected: `\`limit=${LIST_LIMIT.min}\` and \`limit=${LIST_LIMIT.max}\` (alone and with a \`status\` filter) answer 200 with at most that many pets`,
    judgeExchange: listLimit,
  },
  {
    id: 'list.limit-exact',
    title: '`limit` is honoured exactly',
    section: '§4.1, §8 Query limits',
    holds: { here: ['spec-4.1-limit-maximum', 'spec-4.1-limit-range'] },
    operations: ['listPets'],
    expected: `\`limit=${LIST_LIMIT.min}\` returns exactly one pet when any pet exists; \`limit=${LIST_LIMIT.max}\` returns ${LIST_LIMIT.max} pets, or every pet the run has seen listed when there are fewer, also read after the run's last creates; so do three seeded values in between`,
    faults: ['limit-off-by-one', 'limit-100-capped-at-50'],
  },
  {
    id: 'list.complete',
    title: 'A pet that exists is listed',
    section: '§4.1',
    holds: { here: ['spec-4.1-list', 'spec-1-operations'] },
    operations: ['listPets'],
    expected: `with up to 3 pets the run created (or saw listed) confirmed by \`GET /pets/{id}\`: a \`limit=${LIST_LIMIT.max}\` page shorter than ${LIST_LIMIT.max} (the whole list) holds each of them, and a default page is not empty; also with their \`status\` as filter; a page that misses one is read again once, 1 s later`,
    faults: ['list-always-empty', 'created-pets-never-listed', 'status-filter-empty-without-limit'],
  },
  {
    id: 'list.max-items',
    title: `Never more than ${LIST_LIMIT.max} pets`,
    section: '§4.1, §8 Query limits',
    holds: { here: ['spec-4.1-limit-maximum', 'spec-4.1-limit-range'] },
    operations: ['listPets'],
    expected: `no list response holds more than ${LIST_LIMIT.max} pets, whatever \`limit\` says`,
    judgeExchange: listMaxItems,
  },
  {
    id: 'list.status-filter',
    title: '`status` filters exactly',
    section: '§4.1',
    holds: { here: ['spec-4.1-status-filter', 'spec-1-operations'] },
    operations: ['listPets'],
    expected:
      'for each PetStatus value X, alone and with `limit`, `GET /pets?status=X` answers 200 and every pet has status X',
    judgeExchange: listStatusFilter,
    faults: ['status-filter-ignored-with-limit'],
  },
  {
    id: 'create.valid',
    title: 'A valid NewPet is created',
    section: '§4.2, §2',
    holds: {
      here: ['spec-4.2-create', 'spec-2-new-pet-status', 'spec-2-pet-fields', 'spec-1-operations'],
      elsewhere: ['spec-5-401', 'spec-4.3-404'],
    },
    operations: ['createPet'],
    writes: true,
    expected:
      '201 with a valid Pet echoing `name`, `categoryId` and `status` exactly, for every PetStatus value and without `status`',
    judgeExchange: createValid,
    faults: ['echo-default-status-ignoring-sent'],
  },
  {
    id: 'create.echo-exact',
    title: 'Long and unusual names come back exactly',
    section: '§4.2, §2 NewPet, §8 (no name limit shown)',
    holds: { here: ['spec-4.2-create', 'spec-2-new-pet-name'] },
    operations: ['createPet'],
    writes: true,
    expected:
      'a 100- and a 1000-character name and one with non-ASCII letters, an emoji, quotes and a backslash: 201 echoing the name exactly, or 400 with an Error body (the spec sets no length or alphabet)',
    faults: ['truncate-names-to-64'],
  },
  // The GET of each created pet is part of the check: both operations.
  {
    id: 'create.concurrent',
    title: 'Creates sent at the same time are each right',
    section: '§4.2, §2 Pet',
    holds: { here: ['spec-4.2-create', 'spec-2-pet-id', 'spec-4.3-get'] },
    operations: ['createPet', 'getPet'],
    writes: true,
    expected:
      'three valid NewPets sent at once: each 201 echoes its own body, the ids differ, and `GET /pets/{id}` returns each as sent',
    faults: [
      'echo-default-status-ignoring-sent',
      'overlapping-creates-lose-writes',
      'concurrent-creates-share-an-id',
    ],
  },
  {
    id: 'create.location',
    title: 'A Location sent with a 201 names the created pet',
    section: '§4.2 (RFC 9110 §10.2.2; the header is not required)',
    holds: { here: ['rfc9110-15.3.2-location', 'spec-9-base-path'] },
    operations: ['createPet'],
    writes: true,
    expected:
      'when a 201 carries `Location`, it resolves (against the request URL) to a URL of the API where `GET` answers 200 with the created Pet; one on another origin is not judged',
    faults: ['location-outside-the-base-path'],
  },
  {
    id: 'create.id-assigned',
    title: 'A create never takes its id from the body',
    section: '§2 Pet (id assigned by the service on creation), §4.2',
    holds: { elsewhere: ['spec-2-pet-id'] },
    operations: ['createPet', 'getPet'],
    writes: true,
    expected:
      'a NewPet sent with the `id` of a pet the run created answers 201 with a Pet under another id (the extra property ignored) or 400 with an Error body, and `GET /pets/{id}` of the earlier pet still returns it as created',
    faults: ['save-merges-sent-id'],
  },
  {
    id: 'create.unique-ids',
    title: 'Created pets get unique ids',
    section: '§2 Pet',
    holds: { here: ['spec-2-pet-id'] },
    operations: ['createPet'],
    writes: true,
    expected: 'every created Pet has an id that no other pet seen in the run has',
  },
  {
    id: 'create.then-get',
    title: 'A created pet is stored as its 201 answered',
    section: '§4.2, §4.3, §4.1',
    holds: {
      here: ['spec-4.3-get', 'spec-4.2-create', 'spec-3-no-status-change', 'spec-4.1-list'],
    },
    operations: ['getPet', 'listPets'],
    writes: true,
    expected:
      'for every 201 of `POST /pets` the run gets, from any probe: `GET /pets/{id}` answers 200 with exactly the Pet the 201 answered (the name code unit for code unit, `status` where both show one), and every list page the run reads shows that pet, where it shows it, exactly so',
    faults: [
      'ids-as-doubles',
      'mislabel-status-after-5-creates',
      'name-cut-at-astral-by-utf8mb3',
      'name-cut-to-varchar-191',
      'name-normalised-on-store',
      'name-trailing-spaces-dropped-by-char-column',
    ],
  },
  {
    id: 'create.reject-missing-body',
    title: 'A missing body is rejected',
    section: '§4.2, §7',
    holds: { here: ['spec-4.2-400'] },
    operations: ['createPet'],
    writes: true,
    expected: '400 with an Error body for `POST /pets` without a body',
  },
  {
    id: 'create.reject-malformed-json',
    title: 'Malformed JSON is rejected',
    section: '§4.2, §7, RFC 8259 §2, §4, §6, §7',
    holds: { here: ['spec-4.2-400', 'rfc8259-2-grammar', 'rfc8259-6-numbers'] },
    operations: ['createPet'],
    writes: true,
    expected:
      '400 with an Error body for a body that is not valid JSON: truncated, or with what RFC 8259 refuses and lenient parsers accept (a trailing comma, single quotes, a comment, a number with a leading zero, `NaN`)',
    faults: ['json-parsed-leniently'],
  },
  {
    id: 'create.reject-invalid-name',
    title: 'A missing or non-string name is rejected',
    section: '§4.2, §2 NewPet, §7',
    holds: { here: ['spec-4.2-400', 'spec-2-new-pet-name'] },
    operations: ['createPet'],
    writes: true,
    expected: '400 with an Error body when `name` is missing, a number or null',
  },
  {
    id: 'create.reject-invalid-category-id',
    title: 'A missing or invalid categoryId is rejected',
    section: '§4.2, §2 NewPet, §7',
    holds: { here: ['spec-4.2-400', 'spec-2-new-pet-category-id'] },
    operations: ['createPet'],
    writes: true,
    expected:
      '400 with an Error body when `categoryId` is missing, a string, a fraction or beyond int64',
    faults: ['category-fraction-truncated'],
  },
  {
    id: 'create.reject-invalid-status',
    title: 'A status outside the enum is rejected',
    section: '§4.2, §2 PetStatus, §7',
    holds: { here: ['spec-4.2-400', 'spec-2-new-pet-status', 'spec-2-pet-status-values'] },
    operations: ['createPet'],
    writes: true,
    expected: '400 with an Error body when `status` is not one of available, pending, sold',
  },
  {
    id: 'create.generated-valid',
    title: 'Generated valid NewPets are created',
    section: '§4.2, §2',
    holds: {
      here: ['spec-4.2-create', ...NEW_PET_FIELDS],
    },
    operations: ['createPet'],
    writes: true,
    expected:
      'for generated NewPets (name `conformance-` + 1..28 name-like characters: letters, digits, inner spaces, apostrophes, dots, hyphens; a categoryId seen in the list; optional status): 201 with a Pet echoing them',
  },
  {
    id: 'create.generated-exact',
    title: "Generated values over each field's whole domain come back exactly",
    section: '§4.2, §4.3, §2 NewPet and Pet',
    holds: {
      here: [
        'spec-4.2-create',
        'spec-4.3-get',
        'spec-2-new-pet-name',
        'spec-2-new-pet-category-id',
        'rfc8259-7-escapes',
        'rfc8259-9-accept',
      ],
    },
    operations: ['createPet'],
    writes: true,
    expected:
      'for NewPets whose name is any Unicode text (astral planes, combining marks, whitespace at either end, text that reads as a number, boolean or null, JSON escapes, control characters, bidirectional marks, `__proto__`, 199 to 201 code units long) and whose categoryId is any int64 (2^31, 2^32, 2^53 + 1, both ends, negatives, zero), edge cases first, then generated: 201 echoing the body exactly, type included, and `GET /pets/{id}` returning the same Pet; or 400 with an Error body (an unknown category; the spec sets no alphabet or length for names)',
    faults: [
      'trims-names',
      'numeric-names-refused',
      'astral-characters-mangled',
      'numeric-names-as-numbers',
      'category-id-through-double',
    ],
  },
  {
    id: 'create.generated-invalid',
    title: 'Generated invalid NewPets are rejected',
    section: '§4.2, §2 NewPet, §7',
    holds: {
      here: ['spec-4.2-400', ...NEW_PET_FIELDS],
    },
    operations: ['createPet'],
    writes: true,
    expected:
      'for generated bodies that break one NewPet rule (missing or mistyped field, non-enum status, not an object): 400',
  },
  // Judged by the kit's model of the spec (conformance/model/spec-model.ts):
  // each request in a shape other than the canonical one, seeded and shrunk.
  {
    id: 'shape.query',
    title: 'Every shape of the query is read as the spec says',
    section: '§4.1, §8 Query limits, RFC 3986',
    holds: {
      here: [
        'spec-4.1-limit-range',
        'spec-4.1-limit-default',
        'spec-4.1-status-filter',
        'spec-2-pet-status-values',
        'rfc3986-6.2.2.2-percent-encoding',
      ],
    },
    operations: ['listPets'],
    expected:
      '`limit` and `status` repeated, empty, in other notations (`007`, `+5`, `5.0`, `1e1`), with characters after the number, hex, spaces, other names (`limit[]`, `Limit`), percent-encoded: 200 with a page as long as the value written (another notation of it, or the default 20 for a value that is no number, never a third number; a list of none for a status outside the enum) or a refusal (400 with an Error body); every item agrees with what the run knows of that pet',
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
  {
    id: 'shape.path-id',
    title: 'Every spelling of a path id is read as the spec says',
    section: '§4.3 (petId is int64), RFC 3986 §6.2.2',
    holds: { here: ['spec-4.3-pet-id', 'rfc3986-6.2.2.2-percent-encoding'] },
    operations: ['getPet'],
    expected:
      '`/pets/{id}` with the id percent-encoded (the same pet), with leading zeros, a sign, `.0`, an exponent (the same pet, or 400/404 with an Error body), with characters after it, in hex, as a fraction or beyond int64 (400 or 404 with an Error body, never a pet)',
    faults: ['path-id-read-by-parse-int', 'path-id-read-by-number', 'path-id-php-int-cast'],
  },
  {
    id: 'shape.path-spelling',
    title: "Every spelling of an operation's path is behind the key",
    section: '§4, §5, §7, RFC 3986 §6.2.2, RFC 9110 §4.2.3, §15.4',
    holds: {
      here: [
        'spec-5-bearer',
        'spec-5-401',
        'rfc6750-3-www-authenticate',
        'rfc3986-6.2.2.2-percent-encoding',
        'rfc3986-6.2.2.3-dot-segments',
        'rfc3986-6.2.2.1-path-case',
      ],
      elsewhere: ['spec-5-401'],
    },
    operations: ['listPets', 'createPet', 'getPet', 'listOrders'],
    expected:
      "the path of every operation with a trailing slash (`/pets/`), a doubled slash (`//pets`), a dot segment (`/./pets`, `/x/../pets`), a percent-encoded unreserved character (`/%70ets`), in another case (`/PETS`), and generated combinations of these; never a 5xx. A spelling RFC 3986 makes the same URI (only dot segments and encoded unreserved characters): without the key, 401 or another 4xx with an Error body or a redirect to the path the spec writes, never a 2xx; with it, what the operation answers (judged as for its path), a 4xx other than 401 with an Error body or that redirect. A spelling that makes another URI (a slash more or less, another case) is a resource the spec does not describe: any answer, but without the key never the operation's data",
    faults: [
      'auth-exact-path-router-ignores-trailing-slash',
      'auth-before-slashes-merged',
      'auth-before-dot-segments-removed',
      'auth-on-raw-path-router-decodes',
      'auth-case-sensitive-router-case-insensitive',
    ],
  },
  {
    id: 'shape.body',
    title: 'Every JSON shape of a body is read as the spec says',
    section: '§4.2, §2 NewPet, §7, RFC 8259',
    holds: {
      here: ['spec-4.2-400', ...NEW_PET_FIELDS, 'spec-2-pet-status-values'],
    },
    operations: ['createPet'],
    writes: true,
    expected:
      'a body that is an array (one NewPet or several), a string, `null`, a NewPet nested in an object, a field of another JSON type (`"7"` or `true` for categoryId, a fraction, a name in an array), a status in another case, and generated ones of these and of numbers and booleans: 400 with an Error body, and nothing created; a name given twice: the first or the last, or 400',
    faults: [
      'bulk-create-from-array',
      'category-id-coerced-from-string',
      'category-id-coerced-from-boolean',
      'status-enum-case-insensitive',
      'nested-pet-unwrapped',
      'name-array-joined',
    ],
  },
  {
    id: 'state.refused-creates-nothing',
    title: 'A refused request creates nothing',
    section: '§4.2, §7',
    holds: { here: ['spec-4.2-400'], elsewhere: ['spec-4.2-create'] },
    operations: ['createPet'],
    writes: true,
    expected:
      'after the refused creates of `shape.body` and `PUT`/`PATCH /pets` with a NewPet, no pet carries the name one of them sent: neither an id between two creates made before and after them nor the whole list (when it fits in one page of 100) shows one',
    faults: ['refused-create-still-inserted', 'put-creates-like-post'],
  },
  {
    id: 'shape.headers',
    title: 'Headers are read as HTTP reads them',
    section: '§4, §5, RFC 9110 §5.1, §8.3, §11.1, §12.5.1',
    holds: {
      here: [
        'spec-5-authorization-header',
        'rfc6750-2.1-authorization',
        'rfc9110-5.1-field-names',
        'rfc9110-11.1-scheme-case',
        'rfc9110-8.3.1-media-type',
      ],
      elsewhere: ['spec-5-authorization-header', 'spec-5-401', 'spec-4.2-create'],
    },
    operations: ['listPets', 'createPet', 'getPet'],
    writes: true,
    expected:
      'the header name in any case (`authorization`, as HTTP/2 clients send it, `AUTHORIZATION`), the scheme in any case (`bearer`, `BEARER`) and more than one space before the key are the valid key; the key in the query (`api_key`), a cookie or `X-API-Key` is a missing key (401); `Content-Type: Application/JSON ; charset=UTF-8` is JSON; `X-HTTP-Method-Override` (on a create), `X-Original-URL`, `X-Rewrite-URL` and forwarding headers change nothing; `PUT` and `PATCH /pets` are no create',
    faults: [
      'bearer-scheme-case-sensitive',
      'authorization-name-case-sensitive',
      'key-from-query',
      'key-from-cookie',
      'key-from-x-api-key',
      'content-type-exact-case',
      'method-override-honoured',
      'original-url-honoured',
    ],
  },
  {
    id: 'ratelimit.per-key',
    title: 'A key is counted as one, whatever its spelling',
    section: '§8 Rate limit headers, RFC 9110 §11.1',
    holds: { here: ['spec-8-remaining', 'rfc9110-11.1-scheme-case'], elsewhere: ['spec-8-limit'] },
    operations: ['listPets'],
    expected:
      'within one window, requests with `Bearer`, `bearer` and `BEARER` before the same key, and with `X-Forwarded-For`, `X-Real-IP` or `Forwarded` added, each lower the same `X-RateLimit-Remaining` by exactly one',
    faults: ['rate-limit-per-authorization-string', 'rate-limit-per-forwarded-for'],
  },
  {
    id: 'input.malformed',
    title: 'Malformed input in any position is refused, never a crash',
    section: '§4, §7',
    holds: {
      here: ['spec-4.2-400', 'spec-4.3-pet-id', 'spec-4.1-limit-range'],
      elsewhere: ['spec-7-errors'],
    },
    operations: ['listPets', 'createPet', 'getPet'],
    expected:
      'for each query parameter, the path id and each body field (wrong JSON types, look-alike values, int64 extremes, extra properties, deep nesting, a body of 1 MiB and of 1 MiB + 1 byte that is a valid NewPet but for its last byte, non-JSON content types): a 4xx with an Error body where the input breaks a stated rule (400 for an invalid body), 2xx or 4xx where the spec leaves it open, never 5xx',
    faults: [
      'crash-on-int64-max-category',
      'crash-on-status-null',
      'crash-on-empty-name',
      'crash-on-limit-empty',
      'body-parsed-up-to-the-limit',
    ],
  },
  {
    id: 'stateful.model',
    title: 'Random sequences of calls keep what the spec implies',
    section: '§4.1, §4.2, §4.3',
    holds: {
      here: [
        'spec-4.2-create',
        'spec-4.3-get',
        'spec-4.1-status-filter',
        'spec-2-pet-id',
        'spec-3-no-status-change',
      ],
    },
    operations: ['createPet', 'getPet', 'listPets'],
    writes: true,
    expected:
      'in seeded random sequences of create, create of an earlier body again, creates sent at once, get, list and list-by-status: every create gives a new pet under an id of its own (the same body twice gives two pets), a created pet is returned by its id with what was sent (nothing sent later changes it), listed pets are valid and have the filtered status (judged by the status sent where a Pet leaves it out); a failure is shrunk to the shortest sequence',
    faults: [
      'create-upserts-by-name',
      'lose-every-third-pet',
      'overlapping-creates-lose-writes',
      'mislabel-status-after-5-creates',
    ],
  },
  {
    id: 'get.valid',
    title: 'An existing pet is returned',
    section: '§4.3',
    holds: {
      here: ['spec-4.3-get', 'spec-2-pet-fields', 'spec-1-operations'],
      elsewhere: ['spec-5-401'],
    },
    operations: ['getPet'],
    expected: '`GET /pets/{id}` of a listed pet answers 200 with a valid Pet of that id',
    judgeExchange: getValid,
  },
  {
    id: 'get.not-found',
    title: 'An unknown id gets 404',
    section: '§4.3, §7',
    holds: { here: ['spec-4.3-404', 'spec-7-errors'] },
    operations: ['getPet'],
    expected: '`GET /pets/{id}` of an id never issued answers 404 with an Error body',
  },
  {
    id: 'get.no-alias',
    title: 'Ids never alias',
    section: '§4.3, §2 Pet (id is int64)',
    holds: { here: ['spec-2-pet-id', 'spec-4.3-pet-id'] },
    operations: ['getPet'],
    expected:
      "`GET /pets/{id}` of an id 2^32 or 2^53 away from an existing pet's (and, beyond 2^53, 1 away) answers 404, or 200 with a Pet of exactly that id, never the existing pet",
    faults: ['ids-as-doubles', 'path-ids-alias-beyond-32-bits'],
  },
  {
    id: 'ratelimit.exhaust',
    title: 'Over the limit answers 429',
    section: '§8 Behaviour on exceeding the limit',
    group: 'rate-limit',
    holds: {
      here: ['spec-8-over-limit', 'spec-7-retry-after', 'rfc6585-4-429'],
      elsewhere: ['spec-8-over-limit'],
    },
    operations: ['listPets'],
    expected:
      'no 429 while Remaining is above 0; once Remaining reaches 0 no request is served (429 with Retry-After and an Error body) until the window resets',
    faults: ['serves-after-remaining-0'],
  },
  {
    id: 'ratelimit.recovers',
    title: 'Requests succeed again after Retry-After',
    section: '§8 Behaviour on exceeding the limit',
    group: 'rate-limit',
    holds: { here: ['spec-7-retry-after', 'spec-8-ban'] },
    operations: ['listPets'],
    expected:
      'after waiting the latest `Retry-After` the kit was given (a ban for its requests past the 429 may lengthen it, §8), the same request answers 200',
    faults: ['retry-after-in-ms'],
  },
  {
    id: 'ratelimit.reset-truthful',
    title: 'X-RateLimit-Reset tells the truth',
    section: '§8 Rate limit headers',
    group: 'rate-limit',
    holds: { here: ['spec-8-reset'] },
    operations: ['listPets'],
    expected:
      'checked when the kit waits out the window anyway: past the `X-RateLimit-Reset` a 429 gave, Remaining is above 0 in a window with a later Reset; before it, the whole quota is not back (what the wait cannot show is reported not tested)',
    faults: ['reset-one-window-late', 'reset-stuck-at-first-window'],
  },
  {
    id: 'ratelimit.refuses-every-operation',
    title: 'Over the limit every operation is refused',
    section: '§8 Behaviour on exceeding the limit',
    group: 'rate-limit',
    holds: { here: ['spec-8-over-limit'] },
    operations: ['createPet', 'getPet', 'listOrders'],
    expected:
      'once the list has answered 429, a create (unless read-only), a get and an orders request sent in the same window answer 429 as well',
    faults: ['orders-served-over-limit'],
  },
  {
    id: 'list.invalid-limit',
    title: 'An invalid `limit` is refused or clamped',
    section: '§4.1 (silent on invalid values)',
    level: 'advisory',
    holds: { here: ['spec-4.1-limit-range'] },
    operations: ['listPets'],
    expected: `\`limit\` 0, 101 or \`abc\`: 4xx with an Error body, or 200 with the value clamped into ${LIST_LIMIT.min}..${LIST_LIMIT.max}`,
    judgeExchange: listInvalidLimit,
  },
  {
    id: 'list.invalid-status',
    title: 'An unknown `status` filter is rejected',
    section: '§4.1 (silent on invalid values)',
    level: 'advisory',
    holds: { here: ['spec-4.1-status-filter', 'spec-2-pet-status-values'] },
    operations: ['listPets'],
    expected: '`status=adopted` answers 4xx with an Error body',
    judgeExchange: listInvalidStatus,
  },
  {
    id: 'deprecation.only-get-pet',
    title: 'Only the deprecated operation announces a deprecation',
    section: '§9 (RFC 9745 §2, RFC 8594 §3: each speaks of the resource it answers for)',
    holds: { elsewhere: ['spec-4.3-deprecated'] },
    operations: NOT_DEPRECATED,
    scope: 'response',
    expected:
      'no answer of `GET /pets`, `POST /pets` or `GET /store/orders`, of any status, carries `Deprecation` or `Sunset`: §9 marks the deprecation on `GET /pets/{petId}` itself and gives no other',
    judge: (response) => {
      const route = ROUTE_OF[response.operation as keyof typeof ROUTE_OF]
      // The spec's routes say which operation is deprecated; `other` is none of them.
      if (route === undefined || route.deprecation !== undefined) return undefined
      const sent = (['deprecation', 'sunset'] as const).filter(
        (name) => response.headers[DEPRECATION_HEADERS[name]] !== undefined,
      )
      return {
        expected: `no ${DEPRECATION_HEADER_NAMES.deprecation} or ${DEPRECATION_HEADER_NAMES.sunset} (§9 deprecates only GET /pets/{petId})`,
        problem:
          sent.length === 0
            ? undefined
            : sent
                .map(
                  (name) =>
                    `${DEPRECATION_HEADER_NAMES[name]}: ${response.headers[DEPRECATION_HEADERS[name]]}`,
                )
                .join(', '),
      }
    },
    hint: 'no response was received for {operation}',
    faults: ['deprecation-on-every-operation'],
  },
  {
    id: 'get.deprecation-truthful',
    title: 'What the deprecated operation announces is true',
    section: '§4.3, §9 (RFC 9745, RFC 8594; the headers are not required)',
    holds: {
      here: [
        'spec-4.3-deprecated',
        'rfc9745-2-deprecation',
        'rfc9745-3-sunset-after-deprecation',
        'rfc8594-3-sunset',
      ],
    },
    operations: ['getPet'],
    expected: `when \`GET /pets/{id}\` sends \`Deprecation\` or \`Sunset\`, each is well formed, the Sunset is ${SUNSET_DAY} and the Deprecation is not after it (the operation is deprecated now, with removal on ${SUNSET_DAY})`,
    faults: ['deprecation-in-milliseconds'],
  },
  {
    id: 'get.invalid-id',
    title: 'A non-integer petId is rejected',
    section: '§4.3 (silent on invalid values)',
    level: 'advisory',
    holds: { here: ['spec-4.3-pet-id'] },
    operations: ['getPet'],
    expected: '`GET /pets/abc` answers 4xx with an Error body',
    judgeExchange: getInvalidId,
  },
  {
    id: 'get.deprecation-headers',
    title: 'The deprecated operation announces its sunset',
    section: '§4.3, §9 (headers not specified)',
    level: 'advisory',
    holds: { here: ['spec-4.3-deprecated'] },
    operations: ['getPet'],
    expected: `\`GET /pets/{id}\` answers with a \`Deprecation\` header (RFC 9745) and \`Sunset\` (RFC 8594) on ${SUNSET_DAY}`,
  },
  {
    id: 'auth.www-authenticate',
    title: '401 challenges with the Bearer scheme',
    section: '§5 (an HTTP bearer scheme: RFC 6750 §3, RFC 9110 §11.6.1)',
    holds: {
      here: [
        'rfc6750-3-www-authenticate',
        'rfc6750-3-bearer-scheme',
        'rfc6750-3-auth-params',
        'rfc6750-3-once',
        'rfc6750-3-characters',
        'rfc9110-11.6.1-challenge',
      ],
    },
    operations: PETS,
    scope: 'response',
    expected:
      "every 401 has `WWW-Authenticate` with a `Bearer` challenge (the scheme in any case) followed by one or more auth-params (their values the server's; `realm`, `scope`, `error`, `error_description` and `error_uri` each at most once, within the characters RFC 6750 §3 allows) and no challenge of another scheme (a `Basic` one makes a browser ask for a password)",
    judge: bearerChallenge,
    hint: 'no 401 was received for {operation}',
    faults: ['no-www-authenticate', 'basic-challenge', 'bare-bearer-challenge'],
  },
  {
    id: 'orders.auth',
    title: 'Store orders require authentication',
    section: '§1, §4, §5 (every operation requires the bearer credential)',
    holds: { here: ['spec-5-bearer', 'spec-5-401'] },
    operations: ['listOrders'],
    expected:
      '`GET /store/orders` without a key, with an unknown key, another scheme or an empty token answers 401 with an Error body',
    faults: ['orders-without-auth'],
  },
  {
    id: 'orders.exists',
    title: 'Store orders are an operation of the service',
    section: '§4.4 (a `GET /store/orders` operation exists; its responses are not shown)',
    holds: { here: ['spec-4.4-orders-exist'] },
    operations: ['listOrders'],
    scope: 'response',
    expected: '`GET /store/orders` is never answered 404, 405 or 501 (a missing operation)',
    judge: ordersExist,
    hint: 'no response to GET /store/orders was received',
    faults: ['orders-get-not-routed', 'orders-route-not-found'],
  },
  {
    id: 'method.allow-on-405',
    title: 'A 405 lists the methods the resource allows',
    section: '§4 (RFC 9110 §15.5.6: a 405 MUST carry Allow)',
    holds: { here: ['rfc9110-15.5.6-allow'] },
    // One result a run, whichever request a 405 answers (a documented path too, an
    // operation the server lacks): `any`, as for a 429, so a run whose operations
    // get no 405 reports no operation untested.
    operations: ['any'],
    scope: 'response',
    expected:
      'every 405, to whatever request, has an `Allow` header that is a list of methods (RFC 9110 §10.2.1; empty when the resource allows none): whether to answer 405 is open (`method.not-allowed`), what a 405 carries is not',
    judge: allowOn405,
    hint: 'no 405 was received (the server answered undocumented methods otherwise)',
    faults: ['allow-missing-on-405'],
  },
  {
    id: 'method.not-allowed',
    title: 'Undocumented methods get 405',
    section: '§4 (RFC 9110 §15.5.6; not specified)',
    level: 'advisory',
    holds: { here: ['rfc9110-15.5.6-allow'] },
    operations: ['other'],
    writes: true,
    expected:
      '`DELETE /pets/{id}` and `PUT /pets` answer 405 (its `Allow` is held by `method.allow-on-405`)',
  },
])

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
