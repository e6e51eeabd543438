import type { CheckId } from '../model/types.ts'
import {
  type FaultRule,
  jsonOf,
  type ProxiedRequest,
  type ProxiedResponse,
  pathOf,
  queryOf,
  rewriteJson,
  rewriteRequest,
  setHeaders,
} from './fault-proxy.ts'

/**
 * The key the runs of `faults.test.ts` use (an Enterprise key of the mock).
 *
 * @example
 * runConformance({ baseUrl, token: PROXY_TOKEN })
 */
export const PROXY_TOKEN = 'sk_test_enterprise'
const VALID = `Bearer ${PROXY_TOKEN}`
/** The name of the kit's `create.valid` pet with status pending (seed 1, any run's start). */
const PENDING_NAME = /"conformance-1-[0-9a-z]+-pending"/

const VALID_BODY = JSON.stringify({ name: 'conformance-proxy', categoryId: 1 })
const STATUSES = ['available', 'pending', 'sold']

const api = (request: ProxiedRequest) => request.path.startsWith('/v1/')
const auth = (request: ProxiedRequest) => request.headers.authorization
const withAuth = (request: ProxiedRequest, value: string): ProxiedRequest => ({
  ...request,
  headers: { ...request.headers, authorization: value },
})
/**
 * The id of a `GET /v1/pets/{id}` request (the deprecated operation), or undefined for any other.
 *
 * @example
 * setHeaders({ sunset: undefined }, (request) => getPetId(request) !== undefined)
 */
export const getPetId = (request: ProxiedRequest): number | undefined => {
  const match = /^\/v1\/pets\/(\d+)$/.exec(pathOf(request))
  return request.method === 'GET' && match ? Number(match[1]) : undefined
}
const isCreate = (request: ProxiedRequest) =>
  request.method === 'POST' && pathOf(request) === '/v1/pets'
const createBody = (request: ProxiedRequest): Record<string, unknown> | undefined => {
  const body = jsonOf(request.body)
  return isCreate(request) && body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined
}
/**
 * The response turned into an Error body of `status`.
 *
 * @example
 * errorResponse(response, 400).status // 400
 */
export const errorResponse = (response: ProxiedResponse, status: number): ProxiedResponse => ({
  ...response,
  status,
  headers: { ...response.headers, 'content-type': 'application/json' },
  body: JSON.stringify({ code: 'injected', message: 'Injected by the fault proxy.', status }),
})
const replaceBody = (request: ProxiedRequest, body: unknown): ProxiedRequest => ({
  ...request,
  body: JSON.stringify(body),
})

/**
 * One way of breaking a check's rule, by rewriting what the mock sends or receives.
 *
 * @example
 * const fault: ProxyFault = { breaks: 'GET /pets/{id} answers text/plain', rules: [setHeaders({ 'content-type': 'text/plain' })] }
 */
export interface ProxyFault {
  /** The rule the server breaks. */
  breaks: string
  rules: Array<FaultRule>
  /** Checks that share the broken rule and may fail with it. */
  alsoMayFail?: Array<CheckId>
  /** The key to run with (another plan) and the opt-in groups to include. */
  run?: { token?: string; include?: Array<string> }
}

let firstLimit100 = true
let seen429 = false

/**
 * For required checks of the default group, the ways of breaking each one's
 * rule by a fault proxy in front of the project's mock; `faults.test.ts`
 * runs each and `fault-coverage.test.ts` reads the keys. Keyed by check id
 * (a mistyped id does not compile).
 *
 * @example
 * PROXY_FAULTS['list.schema']?.[0]?.breaks
 */
export const PROXY_FAULTS: { readonly [Id in CheckId]?: ReadonlyArray<ProxyFault> } = {
  'auth.no-header': [
    {
      breaks: 'a request without Authorization is served',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => api(r) && auth(r) === undefined,
        ),
      ],
      // The kit's keyless request, served with the key, is counted against it.
      alsoMayFail: [
        'auth.checked-first',
        'orders.auth',
        'ratelimit.counts-once',
        'ratelimit.keyless-not-counted',
      ],
    },
  ],
  'auth.unknown-key': [
    {
      breaks: 'an unknown key is accepted',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => auth(r) === 'Bearer sk_conformance_unknown_key',
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'auth.non-bearer': [
    {
      breaks: 'the Token scheme is accepted',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, (auth(r) ?? '').replace(/^Token /, 'Bearer ')),
          (r) => auth(r)?.startsWith('Token ') === true,
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'auth.empty-token': [
    {
      breaks: 'an empty bearer token is accepted',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => auth(r)?.trim() === 'Bearer',
        ),
      ],
      alsoMayFail: ['auth.checked-first', 'orders.auth'],
    },
  ],
  'error.body': [
    {
      breaks: '401 bodies lack `status`',
      rules: [
        {
          response: (response) =>
            response.status === 401
              ? { ...response, body: JSON.stringify({ code: 'unauthorized', message: 'No.' }) }
              : response,
        },
      ],
      alsoMayFail: ['orders.auth'],
    },
    {
      breaks: 'Error.status differs from the HTTP status on 404',
      rules: [
        {
          response: (response) =>
            response.status === 404 ? { ...errorResponse(response, 400), status: 404 } : response,
        },
      ],
    },
  ],
  'response.json': [
    {
      breaks: 'GET /pets/{id} answers text/plain',
      rules: [setHeaders({ 'content-type': 'text/plain' }, (r) => getPetId(r) !== undefined)],
      // The 200 the kit asks for with `Accept: APPLICATION/JSON` is not labelled JSON either.
      alsoMayFail: ['error.body', 'response.media-type'],
    },
  ],
  'server.no-5xx': [
    {
      breaks: 'limit=abc crashes the server',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === 'abc',
          response: (response) => errorResponse(response, 500),
        },
      ],
    },
  ],
  'ratelimit.headers': [
    {
      breaks: 'GET /pets/{id} lacks X-RateLimit-Reset',
      rules: [setHeaders({ 'x-ratelimit-reset': undefined }, (r) => getPetId(r) !== undefined)],
    },
    {
      breaks: 'X-RateLimit-Limit is not an integer on 401s of GET /pets/{id}',
      // Only getPet: the kit shares the mock's per-address bucket across runs
      // and must still see Remaining on the other 401s to pace it.
      rules: [
        setHeaders(
          { 'x-ratelimit-limit': '60.0' },
          (r) => auth(r) !== VALID && getPetId(r) !== undefined,
        ),
      ],
    },
  ],
  'ratelimit.values': [
    {
      breaks: 'Remaining exceeds Limit',
      rules: [
        setHeaders({ 'x-ratelimit-remaining': '99999999' }, (r) => queryOf(r).get('limit') === '1'),
      ],
      alsoMayFail: [
        'ratelimit.remaining-decreases',
        'ratelimit.counts-once',
        'ratelimit.keyless-not-counted',
        'ratelimit.counts-overlapping',
      ],
    },
    {
      breaks: 'Reset is in milliseconds',
      rules: [
        setHeaders(
          { 'x-ratelimit-reset': (value) => String(Number(value) * 1000) },
          (r) => pathOf(r) === '/v1/store/orders',
        ),
      ],
    },
    {
      breaks: 'Reset is in the past',
      rules: [
        setHeaders(
          { 'x-ratelimit-reset': (value) => String(Number(value) - 3600) },
          (r) => getPetId(r) !== undefined,
        ),
      ],
    },
  ],
  'ratelimit.retry-after': [
    {
      breaks: 'a 429 without Retry-After',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '100',
          response: (response) => {
            if (!firstLimit100) {
              return response
            }
            firstLimit100 = false
            const limited = errorResponse(response, 429)
            delete limited.headers['retry-after']
            limited.headers['x-ratelimit-remaining'] = '0'
            return limited
          },
        },
      ],
    },
  ],
  'list.schema': [
    {
      breaks: 'a listed pet has a string categoryId',
      rules: [
        rewriteJson(
          (pets) =>
            (pets as Array<object>).map((pet, i) =>
              i === 0 ? { ...pet, categoryId: 'one' } : pet,
            ),
          (r) => queryOf(r).get('limit') === '1' && auth(r) === VALID,
        ),
      ],
    },
  ],
  'list.default-limit': [
    {
      breaks: 'the default page holds 21 pets',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, path: '/v1/pets?limit=21' }),
          (r) => r.method === 'GET' && r.path === '/v1/pets' && auth(r) === VALID,
        ),
      ],
    },
  ],
  'list.limit': [
    {
      breaks: 'limit=1 returns 2 pets',
      rules: [
        rewriteRequest(
          // The rest of the query (a `status` filter) is kept.
          (r) => ({ ...r, path: r.path.replace(/([?&])limit=1(?=&|$)/, '$1limit=2') }),
          (r) => queryOf(r).get('limit') === '1',
        ),
      ],
    },
    {
      breaks: 'limit=100 is rejected',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '100',
          response: (response) => errorResponse(response, 400),
        },
      ],
      alsoMayFail: ['list.status-filter'],
    },
  ],
  'list.max-items': [
    {
      breaks: 'limit=101 returns 101 pets',
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '101',
          request: (r) => ({ ...r, path: '/v1/pets?limit=100' }),
          response: (response) => {
            const pets = jsonOf(response.body) as Array<{ id: number }>
            const extra = { ...(pets[0] as object), id: 999_999 }
            return { ...response, body: JSON.stringify([...pets, extra]) }
          },
        },
      ],
    },
  ],
  'list.status-filter': [
    {
      breaks: 'status=sold returns available pets',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, path: '/v1/pets?status=available' }),
          (r) => queryOf(r).get('status') === 'sold',
        ),
      ],
      // The sold pets the run created are then missing from every sold list.
      alsoMayFail: ['list.complete'],
    },
  ],
  'create.valid': [
    {
      breaks: 'create answers 200 instead of 201',
      rules: [
        {
          when: (r) => isCreate(r) && PENDING_NAME.test(r.body),
          response: (response) => ({ ...response, status: 200 }),
        },
      ],
    },
    {
      breaks: 'create ignores the status sent',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), status: undefined }),
          (r) => PENDING_NAME.test(r.body),
        ),
        rewriteJson(
          (pet) => ({ ...(pet as object), status: 'available' }),
          (r) => PENDING_NAME.test(r.body),
        ),
      ],
    },
  ],
  'create.unique-ids': [
    {
      breaks: 'created pets reuse id 1',
      rules: [
        rewriteJson(
          (pet) => ({ ...(pet as object), id: 1 }),
          (r) => isCreate(r) && r.body.includes('-without-status'),
        ),
      ],
      alsoMayFail: ['create.then-get'],
    },
  ],
  'create.then-get': [
    {
      breaks: 'a created pet comes back renamed',
      rules: [
        rewriteJson(
          (pet) => {
            const value = pet as { name?: string }
            return value?.name?.startsWith('conformance-')
              ? { ...value, name: `${value.name}!` }
              : pet
          },
          (r) => getPetId(r) !== undefined,
        ),
      ],
      // create.id-assigned reads its first created pet back, renamed too.
      alsoMayFail: ['create.generated-exact', 'create.concurrent', 'create.id-assigned'],
    },
  ],
  'create.reject-missing-body': [
    {
      breaks: 'a missing body creates a pet',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, body: VALID_BODY }),
          (r) => isCreate(r) && r.body === '',
        ),
      ],
    },
  ],
  'create.reject-malformed-json': [
    {
      breaks: 'malformed JSON creates a pet',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, body: VALID_BODY }),
          (r) => isCreate(r) && r.body !== '' && jsonOf(r.body) === undefined,
        ),
      ],
      alsoMayFail: ['input.malformed'],
    },
  ],
  'create.reject-invalid-name': [
    {
      breaks: 'a missing or non-string name is replaced',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), name: 'conformance-proxy' }),
          (r) => createBody(r) !== undefined && typeof createBody(r)?.name !== 'string',
        ),
      ],
      alsoMayFail: ['create.generated-invalid', 'input.malformed'],
    },
  ],
  'create.reject-invalid-category-id': [
    {
      breaks: 'an invalid categoryId is replaced',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), categoryId: 1 }),
          (r) => createBody(r) !== undefined && !Number.isSafeInteger(createBody(r)?.categoryId),
        ),
      ],
      alsoMayFail: ['create.generated-invalid', 'input.malformed', 'create.generated-exact'],
    },
  ],
  'create.reject-invalid-status': [
    {
      breaks: 'an unknown status is dropped',
      rules: [
        rewriteRequest(
          (r) => replaceBody(r, { ...createBody(r), status: undefined }),
          (r) => {
            const body = createBody(r)
            return (
              body !== undefined && 'status' in body && !STATUSES.includes(body.status as string)
            )
          },
        ),
      ],
      alsoMayFail: ['create.generated-invalid', 'input.malformed'],
    },
  ],
  'create.generated-valid': [
    {
      breaks: 'names with punctuation are rejected',
      rules: [
        {
          when: (r) => /[^A-Za-z0-9-]/.test(String(createBody(r)?.name ?? '')),
          response: (response) => errorResponse(response, 400),
        },
      ],
      alsoMayFail: ['create.generated-exact'],
    },
  ],
  'create.generated-invalid': [
    {
      breaks: 'a body that is not an object creates a pet',
      rules: [
        rewriteRequest(
          (r) => ({ ...r, body: VALID_BODY }),
          (r) => {
            const body = jsonOf(r.body)
            return (
              isCreate(r) &&
              r.body !== '' &&
              body !== undefined &&
              (body === null || typeof body !== 'object' || Array.isArray(body))
            )
          },
        ),
      ],
      alsoMayFail: ['input.malformed'],
    },
  ],
  'get.valid': [
    {
      breaks: 'seeded pets answer 404',
      rules: [
        {
          when: (r) => (getPetId(r) ?? 1000) <= 100 && auth(r) === VALID,
          response: (response) => errorResponse(response, 404),
        },
      ],
    },
  ],
  'orders.auth': [
    {
      breaks: 'GET /store/orders is served without a valid key',
      rules: [
        rewriteRequest(
          (r) => withAuth(r, VALID),
          (r) => pathOf(r) === '/v1/store/orders',
        ),
      ],
    },
  ],
  'ratelimit.remaining-decreases': [
    {
      breaks: 'Remaining never changes',
      rules: [setHeaders({ 'x-ratelimit-remaining': '5000' }, (r) => auth(r) === VALID)],
      alsoMayFail: [
        'ratelimit.counts-once',
        'ratelimit.keyless-not-counted',
        'ratelimit.counts-overlapping',
      ],
    },
  ],
  'get.not-found': [
    {
      breaks: 'an unknown id answers 400',
      rules: [
        {
          when: (r) => (getPetId(r) ?? 0) > 1_000_000,
          response: (response) => errorResponse(response, 400),
        },
      ],
      alsoMayFail: ['auth.checked-first', 'input.malformed', 'get.no-alias'],
    },
  ],
  'ratelimit.recovers': [
    {
      breaks: 'still 429 after Retry-After',
      run: { token: 'sk_tiny_3', include: ['rate-limit'] },
      rules: [
        {
          when: (r) => queryOf(r).get('limit') === '1',
          response: (response) => {
            if (response.status === 429) {
              seen429 = true
              return response
            }
            return seen429
              ? {
                  ...errorResponse(response, 429),
                  headers: {
                    ...response.headers,
                    'content-type': 'application/json',
                    'retry-after': '1',
                    'x-ratelimit-remaining': '0',
                  },
                }
              : response
          },
        },
      ],
    },
  ],
}
