import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ReferenceFault,
  type ReferenceOptions,
  startReferenceServer,
} from '../../../conformance/test-utils/reference-server.ts'
import { type RunningServer, startServer } from '../../adapter/node/start-server.ts'
import { formatLogLine } from '../../cli/format-log-line.ts'
import type { JournalEntry } from '../journal/journal-entry.ts'

/**
 * Every exchange the proxy passes on is judged by the kit's rules: against
 * the independent reference server, each fault shows as exactly its check id
 * in the journal, the log line and the summary; a correct server, and the
 * differences the spec allows, show none.
 */

const KEY = { authorization: 'Bearer sk_ref' }
const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function proxyTo(options: ReferenceOptions): Promise<RunningServer> {
  const upstream = await startReferenceServer(options)
  closers.push(upstream.close)
  const mock = await startServer({ port: 0, proxy: upstream.baseUrl })
  closers.push(() => mock.close())
  return mock
}

/** `auth`: the Authorization sent instead of the key (`null`: none). */
type Call = { path: string; method?: 'GET' | 'POST' | 'PUT'; body?: string; auth?: string | null }

const list: Call = { path: '/v1/pets?limit=2' }
const missing: Call = { path: '/v1/pets/999' }
const create: Call = { path: '/v1/pets', method: 'POST', body: '{"name":"Rex","categoryId":1}' }
const put: Call = { path: '/v1/pets', method: 'PUT' }
const filtered: Call = { path: '/v1/pets?status=sold&limit=100' }
const longName: Call = {
  ...create,
  body: JSON.stringify({ name: `Rex ${'x'.repeat(96)}`, categoryId: 1, status: 'pending' }),
}

async function send(mock: RunningServer, calls: Array<Call>): Promise<Array<JournalEntry>> {
  for (const call of calls) {
    const auth =
      call.auth === undefined ? KEY : call.auth === null ? {} : { authorization: call.auth }
    const response = await request(`${mock.url}${call.path}`, {
      method: call.method ?? 'GET',
      headers: call.body ? { ...auth, 'content-type': 'application/json' } : auth,
      body: call.body,
    })
    await response.body.dump()
  }
  return mock.petstore.requests()
}

const checksOf = (entry: JournalEntry | undefined) =>
  (entry?.violations ?? []).map((violation) => violation.check)

describe('the proxy judges a correct upstream', () => {
  it.each<[string, ReferenceOptions]>([
    ['as it is', {}],
    ['with brotli bodies', { compression: 'br' }],
    ['with SHOUTING error codes and problem+json', { codes: 'SHOUTING', problemJson: true }],
    ['with ids beyond 2^53 and extra fields', { firstId: 9007199254740993n, extraFields: true }],
    ['with descending lists', { order: 'descending' }],
  ])('%s: no violation', async (_name, options) => {
    const mock = await proxyTo(options)
    const entries = await send(mock, [list, missing, create, list, put, filtered, longName])
    expect(entries.map((entry) => entry.status)).toEqual([200, 404, 201, 200, 405, 200, 201])
    expect(entries.flatMap(checksOf)).toEqual([])
    expect(mock.petstore.violations()).toEqual({})
    expect(entries.every((entry) => entry.answeredBy === 'upstream')).toBe(true)
  })
})

describe('the proxy shows each fault of the upstream as its check id', () => {
  it.each<[ReferenceFault, string, Array<Call>, Omit<ReferenceOptions, 'fault'>]>([
    ['error-status-as-string-on-404', 'error.body', [list, missing], {}],
    ['plain-text-405', 'error.body', [list, put], {}],
    ['no-rate-limit-headers-on-201', 'ratelimit.headers', [list, create], {}],
    ['remaining-never-changes', 'ratelimit.remaining-decreases', [list, list], {}],
    [
      'crash-on-status-null',
      'server.no-5xx',
      [list, { ...create, body: '{"name":"Rex","categoryId":1,"status":null}' }],
      {},
    ],
    // Rules the kit decides from one request and its response.
    ['truncate-names-to-64', 'create.valid', [list, longName], {}],
    [
      'ids-as-doubles',
      'get.valid',
      [list, { path: '/v1/pets/9007199254740993' }],
      { firstId: 9007199254740993n },
    ],
    ['status-filter-ignored-with-limit', 'list.status-filter', [list, filtered], {}],
    // What the spec says must be refused, accepted: the upstream's fault, not only the caller's.
    ['basic-scheme-accepted', 'auth.non-bearer', [list, { ...list, auth: 'Basic sk_ref' }], {}],
    [
      'empty-token-accepted-on-get',
      'auth.empty-token',
      [list, { path: '/v1/pets/1', auth: 'Bearer' }],
      {},
    ],
    ['orders-without-auth', 'orders.auth', [list, { path: '/v1/store/orders', auth: null }], {}],
    [
      'default-page-25-with-status',
      'list.default-limit',
      [list, { path: '/v1/pets?status=available' }],
      { seedPets: 90 },
    ],
    [
      'retry-after-invalid',
      'ratelimit.retry-after',
      [list, list],
      { rateLimit: { limit: 1, windowS: 3600 } },
    ],
    [
      'remaining-above-zero-on-429',
      'ratelimit.429-remaining',
      Array.from({ length: 6 }, () => list),
      { rateLimit: { limit: 5, windowS: 3600 } },
    ],
  ])('%s shows as %s', async (fault, check, calls, options) => {
    const mock = await proxyTo({ fault, ...options })
    const entries = await send(mock, calls)
    const last = entries.at(-1)
    const upstreamChecks = checksOf(last).filter((id) => !id.startsWith('request.'))
    expect(upstreamChecks).toEqual([check])
    // The requests before the faulty answer broke nothing.
    expect(entries.slice(0, 1).flatMap(checksOf)).toEqual([])
    expect(formatLogLine(last as JournalEntry)).toMatch(
      new RegExp(` upstream \\d+\\.\\dms ✗ .*\\b${check.replace('.', '\\.')}\\b`),
    )
    expect(mock.petstore.violations()[check]).toMatchObject({
      count: 1,
      firstId: last?.id,
      lastId: last?.id,
      level: 'required',
    })
    const summary = await request(`${mock.url}/__mock/violations`)
    const summarized = Object.keys((await summary.body.json()) as Record<string, unknown>)
    expect(summarized.filter((id) => !id.startsWith('request.'))).toEqual([check])
    const onlyViolations = await request(`${mock.url}/__mock/requests?violations=1`)
    expect(
      ((await onlyViolations.body.json()) as Array<JournalEntry>).map((entry) => entry.id),
    ).toEqual(entries.filter((entry) => entry.violations.length > 0).map((entry) => entry.id))
  })

  it("shows a 5xx as server.no-5xx, and the caller's bad request as its own", async () => {
    const mock = await proxyTo({ fault: 'crash-on-limit-empty' })
    const [entry] = await send(mock, [{ path: '/v1/pets?limit=' }])
    expect(entry?.status).toBe(500)
    expect(checksOf(entry)).toEqual(['request.limit', 'server.no-5xx'])
    const summary = await request(`${mock.url}/__mock/violations`)
    expect(await summary.body.json()).toEqual({
      'request.limit': {
        count: 1,
        firstId: 1,
        lastId: 1,
        level: 'required',
        section: '§4.1, §8',
        source: 'request',
      },
      // A 5xx is the server's even to a bad request.
      'server.no-5xx': expect.objectContaining({
        count: 1,
        firstId: 1,
        lastId: 1,
        level: 'required',
        source: 'response',
      }),
    })
  })

  it('shows a rule broken with its level, and streams violations on the event stream', async () => {
    const mock = await proxyTo({ fault: 'no-www-authenticate' })
    const events = await request(`${mock.url}/__mock/events?violations=1`)
    const reader = events.body[Symbol.asyncIterator]()
    await send(mock, [list, { path: '/v1/pets?limit=2' }])
    const anonymous = await request(`${mock.url}/v1/pets`)
    await anonymous.body.dump()
    let text = ''
    while (!/\nevent: request\ndata: .*\n\n/.test(text)) {
      const next = await reader.next()
      text += Buffer.from(next.value as Uint8Array).toString('utf8')
    }
    events.body.destroy()
    const data = JSON.parse(
      /\nevent: request\ndata: (.*)\n\n/.exec(text)?.[1] ?? 'null',
    ) as JournalEntry
    expect(data).toMatchObject({ id: 3, status: 401 })
    expect(data.violations.map((violation) => [violation.check, violation.level])).toEqual([
      ['request.auth', 'required'],
      ['auth.www-authenticate', 'required'],
    ])
  })
})
