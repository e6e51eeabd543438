import type { CheckDefinition, OperationId } from './types.ts'

const PETS: Array<OperationId> = ['listPets', 'createPet', 'getPet']
const EVERYWHERE: Array<OperationId> = ['listPets', 'createPet', 'getPet', 'listOrders', 'other']

/**
 * The operations the kit knows, with their method, path and deprecation.
 *
 * @example
 * operations.getPet.deprecated // true
 */
export const operations: Record<
  OperationId,
  { method: string; path: string; deprecated: boolean; specified: boolean }
> = {
  listPets: { method: 'GET', path: '/pets', deprecated: false, specified: true },
  createPet: { method: 'POST', path: '/pets', deprecated: false, specified: true },
  getPet: { method: 'GET', path: '/pets/{petId}', deprecated: true, specified: true },
  listOrders: { method: 'GET', path: '/store/orders', deprecated: false, specified: false },
  other: { method: '*', path: 'undocumented methods', deprecated: false, specified: false },
}

const auth = (id: string, title: string, expected: string): CheckDefinition => ({
  id,
  title,
  section: '§5, §7',
  level: 'required',
  group: 'default',
  operations: PETS,
  scope: 'probe',
  expected,
})

/**
 * Every check of the kit. Ids are stable: CI configurations (`--only`, `--skip`)
 * and reports rely on them.
 *
 * @example
 * catalogue.find((check) => check.id === 'auth.no-header')?.level // 'required'
 */
export const catalogue: ReadonlyArray<CheckDefinition> = [
  auth(
    'auth.no-header',
    'A request without Authorization is rejected',
    '401 with an Error body when the Authorization header is missing',
  ),
  auth(
    'auth.unknown-key',
    'An unknown API key is rejected',
    '401 with an Error body for `Authorization: Bearer <unknown key>`',
  ),
  auth(
    'auth.non-bearer',
    'A non-Bearer scheme is rejected',
    '401 with an Error body for `Authorization: Token <valid key>`',
  ),
  auth(
    'auth.empty-token',
    'An empty bearer token is rejected',
    '401 with an Error body for `Authorization: Bearer ` (no token)',
  ),
  {
    id: 'error.body',
    title: 'Error responses carry the Error body',
    section: '§2 Error, §7',
    level: 'required',
    group: 'default',
    operations: PETS,
    scope: 'response',
    expected:
      'every specified error response (400, 401, 404, 429) has `code` and `message` strings and an integer `status` equal to the HTTP status',
  },
  {
    id: 'response.json',
    title: 'Response bodies are JSON',
    section: '§4',
    level: 'required',
    group: 'default',
    operations: PETS,
    scope: 'response',
    expected: 'every response body is valid JSON with `Content-Type: application/json`',
  },
  {
    id: 'server.no-5xx',
    title: 'No server errors',
    section: '§4, §7',
    level: 'required',
    group: 'default',
    operations: EVERYWHERE,
    scope: 'response',
    expected: 'no response has a 5xx status (none is specified)',
  },
  {
    id: 'ratelimit.headers',
    title: 'Rate-limit headers on every response',
    section: '§8 Rate limit headers',
    level: 'required',
    group: 'default',
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` present, each a non-negative integer',
  },
  {
    id: 'ratelimit.values',
    title: 'Rate-limit header values are consistent',
    section: '§8 Rate limit headers',
    level: 'required',
    group: 'default',
    operations: EVERYWHERE,
    scope: 'response',
    expected: 'Remaining within 0..Limit; Reset a Unix timestamp in seconds, not in the past',
  },
  {
    id: 'ratelimit.retry-after',
    title: 'A 429 carries Retry-After',
    section: '§7, §8',
    level: 'required',
    group: 'default',
    operations: EVERYWHERE,
    scope: 'response',
    expected: 'every 429 response has `Retry-After` (delay-seconds or an HTTP-date)',
  },
  {
    id: 'list.schema',
    title: 'The list is an array of valid Pets',
    section: '§4.1, §2 Pet',
    level: 'required',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected: '200 with a JSON array of Pet objects',
  },
  {
    id: 'list.default-limit',
    title: 'The default page holds at most 20 pets',
    section: '§4.1, §8 Query limits',
    level: 'required',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected: '`GET /pets` without `limit` returns at most 20 pets',
  },
  {
    id: 'list.limit',
    title: '`limit` 1 and 100 are honoured',
    section: '§4.1, §8 Query limits',
    level: 'required',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected: '`limit=1` and `limit=100` answer 200 with at most that many pets',
  },
  {
    id: 'list.max-items',
    title: 'Never more than 100 pets',
    section: '§4.1, §8 Query limits',
    level: 'required',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected: 'no list response holds more than 100 pets, whatever `limit` says',
  },
  {
    id: 'list.status-filter',
    title: '`status` filters exactly',
    section: '§4.1',
    level: 'required',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected:
      'for each PetStatus value X, `GET /pets?status=X` answers 200 and every pet has status X',
  },
  {
    id: 'create.valid',
    title: 'A valid NewPet is created',
    section: '§4.2, §2',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected:
      '201 with a valid Pet echoing `name`, `categoryId` (and `status` when sent), with and without `status`',
    writes: true,
  },
  {
    id: 'create.unique-ids',
    title: 'Created pets get unique ids',
    section: '§2 Pet',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected: 'every created Pet has an id that no other pet seen in the run has',
    writes: true,
  },
  {
    id: 'create.then-get',
    title: 'A created pet can be fetched',
    section: '§4.2, §4.3',
    level: 'required',
    group: 'default',
    operations: ['getPet'],
    scope: 'probe',
    expected: '`GET /pets/{id}` of a created pet answers 200 with the same Pet',
    writes: true,
  },
  {
    id: 'create.reject-missing-body',
    title: 'A missing body is rejected',
    section: '§4.2, §7',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected: '400 with an Error body for `POST /pets` without a body',
    writes: true,
  },
  {
    id: 'create.reject-malformed-json',
    title: 'Malformed JSON is rejected',
    section: '§4.2, §7',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected: '400 with an Error body for a body that is not valid JSON',
    writes: true,
  },
  {
    id: 'create.reject-invalid-name',
    title: 'A missing or non-string name is rejected',
    section: '§4.2, §2 NewPet, §7',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected: '400 with an Error body when `name` is missing, a number or null',
    writes: true,
  },
  {
    id: 'create.reject-invalid-category-id',
    title: 'A missing or invalid categoryId is rejected',
    section: '§4.2, §2 NewPet, §7',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected:
      '400 with an Error body when `categoryId` is missing, a string, a fraction or beyond int64',
    writes: true,
  },
  {
    id: 'create.reject-invalid-status',
    title: 'A status outside the enum is rejected',
    section: '§4.2, §2 PetStatus, §7',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected: '400 with an Error body when `status` is not one of available, pending, sold',
    writes: true,
  },
  {
    id: 'create.generated-valid',
    title: 'Generated valid NewPets are created',
    section: '§4.2, §2',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected:
      'for generated NewPets (name `conformance-` + 1..28 printable ASCII chars, a categoryId seen in the list, optional status): 201 with a Pet echoing them',
    writes: true,
  },
  {
    id: 'create.generated-invalid',
    title: 'Generated invalid NewPets are rejected',
    section: '§4.2, §2 NewPet, §7',
    level: 'required',
    group: 'default',
    operations: ['createPet'],
    scope: 'probe',
    expected:
      'for generated bodies that break one NewPet rule (missing or mistyped field, non-enum status, not an object): 400',
    writes: true,
  },
  {
    id: 'get.valid',
    title: 'An existing pet is returned',
    section: '§4.3',
    level: 'required',
    group: 'default',
    operations: ['getPet'],
    scope: 'probe',
    expected: '`GET /pets/{id}` of a listed pet answers 200 with a valid Pet of that id',
  },
  {
    id: 'get.not-found',
    title: 'An unknown id gets 404',
    section: '§4.3, §7',
    level: 'required',
    group: 'default',
    operations: ['getPet'],
    scope: 'probe',
    expected: '`GET /pets/{id}` of an id never issued answers 404 with an Error body',
  },
  {
    id: 'ratelimit.exhaust',
    title: 'Over the limit answers 429',
    section: '§8 Behaviour on exceeding the limit',
    level: 'required',
    group: 'rate-limit',
    operations: ['listPets'],
    scope: 'probe',
    expected:
      'once Remaining reaches 0, the next request gets 429 with Retry-After and an Error body; no 429 before that',
  },
  {
    id: 'ratelimit.recovers',
    title: 'Requests succeed again after Retry-After',
    section: '§8 Behaviour on exceeding the limit',
    level: 'required',
    group: 'rate-limit',
    operations: ['listPets'],
    scope: 'probe',
    expected: 'after waiting the `Retry-After` of a 429, the same request answers 200',
  },
  {
    id: 'list.invalid-limit',
    title: 'An invalid `limit` is rejected',
    section: '§4.1 (silent on invalid values)',
    level: 'advisory',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected: '`limit` 0, 101 or `abc` answers 4xx with an Error body',
  },
  {
    id: 'list.invalid-status',
    title: 'An unknown `status` filter is rejected',
    section: '§4.1 (silent on invalid values)',
    level: 'advisory',
    group: 'default',
    operations: ['listPets'],
    scope: 'probe',
    expected: '`status=adopted` answers 4xx with an Error body',
  },
  {
    id: 'get.invalid-id',
    title: 'A non-integer petId is rejected',
    section: '§4.3 (silent on invalid values)',
    level: 'advisory',
    group: 'default',
    operations: ['getPet'],
    scope: 'probe',
    expected: '`GET /pets/abc` answers 4xx with an Error body',
  },
  {
    id: 'get.deprecation-headers',
    title: 'The deprecated operation announces its sunset',
    section: '§4.3, §9 (headers not specified)',
    level: 'advisory',
    group: 'default',
    operations: ['getPet'],
    scope: 'probe',
    expected:
      '`GET /pets/{id}` answers with a `Deprecation` header (RFC 9745) and `Sunset` (RFC 8594) on 5 December 2030',
  },
  {
    id: 'ratelimit.remaining-decreases',
    title: 'Remaining goes down',
    section: '§8 Rate limit headers (silent on counting)',
    level: 'advisory',
    group: 'default',
    operations: EVERYWHERE,
    scope: 'response',
    expected:
      'within one window (same Limit and Reset), each request lowers `X-RateLimit-Remaining`',
  },
  {
    id: 'auth.www-authenticate',
    title: '401 names the Bearer scheme',
    section: '§5 (RFC 6750 §3; header not specified)',
    level: 'advisory',
    group: 'default',
    operations: PETS,
    scope: 'response',
    expected: 'every 401 has `WWW-Authenticate: Bearer ...`',
  },
  {
    id: 'orders.auth',
    title: 'Store orders require authentication',
    section: '§1, §4.4, §5 (operation not specified)',
    level: 'advisory',
    group: 'default',
    operations: ['listOrders'],
    scope: 'probe',
    expected:
      '`GET /store/orders` without a key or with an unknown key answers 401 with an Error body',
  },
  {
    id: 'method.not-allowed',
    title: 'Undocumented methods get 405',
    section: '§4 (RFC 9110 §15.5.6; not specified)',
    level: 'advisory',
    group: 'default',
    operations: ['other'],
    scope: 'probe',
    expected: '`DELETE /pets/{id}` and `PUT /pets` answer 405 with an `Allow` header',
    writes: true,
  },
]

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

/** Options that select checks from the catalogue. */
export interface SelectChecksOptions {
  only?: Array<string>
  skip?: Array<string>
  include?: Array<string>
}

/**
 * The checks a run executes: the default group plus included groups, narrowed
 * by `only` and `skip`. Throws on a pattern that matches no check.
 *
 * @example
 * selectChecks({ only: ['auth'] }).map((check) => check.id)
 */
export function selectChecks(options: SelectChecksOptions = {}): Array<CheckDefinition> {
  const only = options.only ?? []
  const skip = options.skip ?? []
  const include = options.include ?? []
  for (const group of include) {
    if (group !== 'rate-limit') {
      throw new Error(
        `[petstore-mock] Failed to select checks: unknown group "${group}" (known: rate-limit).`,
      )
    }
  }
  for (const pattern of [...only, ...skip]) {
    if (!catalogue.some((check) => matchesCheckId(check.id, pattern))) {
      throw new Error(
        `[petstore-mock] Failed to select checks: "${pattern}" matches no check id (see --list).`,
      )
    }
  }
  return catalogue.filter((check) => {
    const explicitlyOnly = only.some((pattern) => matchesCheckId(check.id, pattern))
    if (check.group !== 'default' && !include.includes(check.group)) {
      return false
    }
    if (only.length > 0 && !explicitlyOnly) {
      return false
    }
    return !skip.some((pattern) => matchesCheckId(check.id, pattern))
  })
}
