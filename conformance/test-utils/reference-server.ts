import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'

/**
 * A small, independent implementation of the Animal Adoption Service spec
 * for the kit's own tests: plain `node:http`, nothing shared with the mock.
 * Every switch in {@link ReferenceOptions} is a difference the spec allows
 * (a correct server may do either), except `fault`, which breaks one rule.
 */

const STATUSES = ['available', 'pending', 'sold'] as const
type Status = (typeof STATUSES)[number]
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

interface StoredPet {
  id: bigint
  name: string
  categoryId: bigint
  status?: Status
}

/** Rule breakers, one per fault class the kit must find. */
export type ReferenceFault =
  | 'ids-as-doubles'
  | 'category-fraction-truncated'
  | 'lose-every-third-pet'
  | 'mislabel-status-after-5-creates'
  | 'concurrent-creates-share-an-id'
  | 'truncate-names-to-64'
  | 'echo-default-status-ignoring-sent'
  | 'limit-off-by-one'
  | 'limit-100-capped-at-50'
  | 'default-page-25-with-status'
  | 'status-filter-ignored-with-limit'
  | 'list-always-empty'
  | 'created-pets-never-listed'
  | 'status-filter-empty-without-limit'
  | 'not-found-before-auth'
  | 'orders-without-auth'
  | 'empty-token-accepted-on-get'
  | 'crash-on-int64-max-category'
  | 'crash-on-status-null'
  | 'crash-on-empty-name'
  | 'key-matched-by-prefix'
  | 'crash-on-limit-empty'
  | 'error-status-as-string-on-404'
  | 'plain-text-405'
  | 'plain-text-429'
  | 'no-rate-limit-headers-on-201'
  | 'reset-is-window-start'
  | 'remaining-never-changes'
  | 'orders-not-counted'
  | 'remaining-above-zero-on-429'
  | 'retry-after-invalid'
  | 'serves-after-remaining-0'
  | 'get-counted-twice'
  | 'overlapping-requests-counted-once'
  | 'orders-served-over-limit'

/** The differences a correct server may have, each a switch. */
export interface ReferenceOptions {
  /** Where the API lives: `/v1` by default, e.g. `/api/v1`. */
  basePath?: string
  /** Accepted bearer keys. */
  tokens?: Array<string>
  /** The first id assigned; e.g. 9007199254740993n for ids beyond 2^53. */
  firstId?: bigint
  /** Ids grow by this much (snowflake-like gaps). */
  idStep?: bigint
  /** The categories that exist. */
  categoryIds?: Array<bigint>
  /** Pets present at start. */
  seedPets?: number
  /** Status given to a pet created without one; `null`: none. */
  defaultStatus?: Status | null
  /** Seeded pets carry no `status`. */
  seededWithoutStatus?: boolean
  /** List order. */
  order?: 'ascending' | 'descending' | 'random'
  /** Error `code` style. */
  codes?: 'snake' | 'SHOUTING'
  /** An unknown categoryId: 400, or accepted. */
  unknownCategory?: 'reject' | 'accept'
  /** Longest name accepted (400 beyond); no limit when absent. */
  maxNameLength?: number
  /** Extra fields on pets (`tags`, `createdAt`). */
  extraFields?: boolean
  /** Requests per window and the window's length. */
  rateLimit?: { limit: number; windowS: number }
  /** `Retry-After` as seconds or an HTTP-date. */
  retryAfter?: 'seconds' | 'date'
  /** Compress bodies when the client accepts it. */
  compression?: 'gzip' | 'br' | 'deflate'
  /** Send `Deprecation`/`Sunset` on getPet. */
  deprecationHeaders?: boolean
  /** An out-of-range `limit`: 400, or clamped. */
  invalidLimit?: 'reject' | 'clamp'
  /** Send `WWW-Authenticate` on 401. */
  wwwAuthenticate?: boolean
  /** Send a `Date` header. */
  sendDate?: boolean
  /** Undocumented methods: 405 with Allow, or 404. */
  otherMethods?: 405 | 404
  /** What a keyed `GET /store/orders` answers (the spec shows only its auth): 200 `[]` by default. */
  ordersStatus?: 200 | 403 | 404
  /** Error bodies labelled `application/problem+json`. */
  problemJson?: boolean
  /** Break one rule. */
  fault?: ReferenceFault
  /** The server's clock (ms), for rate-limit windows and `Date`; injectable for tests. */
  clock?: () => number
}

/** A running reference server. */
export interface ReferenceServer {
  /** The API base URL, e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string
  /** Requests served so far. */
  requests: () => number
  close: () => Promise<void>
}

function parseJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined && /^-?\d+$/.test(context.source)
      ? BigInt(context.source)
      : value,
  )
}

function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint'
      ? (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON(item.toString())
      : item,
  )
}

class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.headers = headers
  }
}

function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * Starts the reference server on 127.0.0.1, port 0.
 *
 * @example
 * const server = await startReferenceServer({ firstId: 9007199254740993n })
 * await runConformance({ baseUrl: server.baseUrl, token: 'sk_ref' })
 * await server.close()
 */
export async function startReferenceServer(
  options: ReferenceOptions = {},
): Promise<ReferenceServer> {
  const base = options.basePath ?? '/v1'
  const tokens = new Set(options.tokens ?? ['sk_ref'])
  const categoryIds = options.categoryIds ?? [1n, 2n, 3n]
  const step = options.idStep ?? 1n
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus
  const rate = options.rateLimit ?? { limit: 100_000, windowS: 60 }
  const fault = options.fault
  const random = seeded(7)
  const pets = new Map<bigint, StoredPet>()
  let nextId = options.firstId ?? 1n
  let creates = 0
  let served = 0
  const windows = new Map<string, { start: number; count: number }>()
  const now = options.clock ?? Date.now
  const serverStart = Math.floor(now() / 1000)

  const newId = () => {
    const id = nextId
    nextId += step
    return id
  }
  for (let i = 0; i < (options.seedPets ?? 30); i++) {
    const id = newId()
    pets.set(id, {
      id,
      name: `Pet ${i + 1}`,
      categoryId: categoryIds[i % categoryIds.length] as bigint,
      ...(options.seededWithoutStatus ? {} : { status: STATUSES[i % 3] as Status }),
    })
  }

  const seededIds = new Set(pets.keys())

  const code = (snake: string) => (options.codes === 'SHOUTING' ? snake.toUpperCase() : snake)
  const show = (pet: StoredPet) => {
    const id = fault === 'ids-as-doubles' ? BigInt(Number(pet.id)) : pet.id
    const shown = {
      ...pet,
      id,
      ...(fault === 'mislabel-status-after-5-creates' && creates > 5 && pet.status
        ? { status: pet.status === 'sold' ? 'available' : 'sold' }
        : {}),
    }
    return options.extraFields
      ? { ...shown, tags: [], createdAt: '2026-01-01T00:00:00Z', owner: null }
      : shown
  }

  /**
   * Counts a request (`count` times: 0, 1, or 2 under `get-counted-twice`)
   * and answers its rate-limit headers. Under
   * `overlapping-requests-counted-once` the count is read, then written after
   * a pause (a read-modify-write race): requests that overlap count once.
   */
  const rateLimit = async (bucket: string, count: number, path: string) => {
    const nowS = now() / 1000
    let window = windows.get(bucket)
    if (!window || nowS >= window.start + rate.windowS) {
      window = { start: Math.floor(nowS / rate.windowS) * rate.windowS, count: 0 }
      windows.set(bucket, window)
    }
    if (fault === 'overlapping-requests-counted-once') {
      const seen = window.count
      await new Promise((resolve) => setTimeout(resolve, 15))
      window.count = seen + count
    } else {
      window.count += count
    }
    const reset = window.start + rate.windowS
    let remaining = Math.max(0, rate.limit - window.count)
    const over =
      window.count > rate.limit &&
      fault !== 'serves-after-remaining-0' &&
      !(fault === 'orders-served-over-limit' && path === `${base}/store/orders`)
    if (fault === 'remaining-never-changes') {
      remaining = rate.limit - 1
    }
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(rate.limit),
      'X-RateLimit-Remaining': String(
        over && fault === 'remaining-above-zero-on-429' ? 3 : remaining,
      ),
      'X-RateLimit-Reset': String(fault === 'reset-is-window-start' ? serverStart - 30 : reset),
    }
    if (over) {
      const wait = Math.max(1, Math.ceil(reset - nowS))
      headers['Retry-After'] =
        fault === 'retry-after-invalid'
          ? 'soon'
          : options.retryAfter === 'date'
            ? new Date((Math.ceil(nowS) + wait) * 1000).toUTCString()
            : String(wait)
    }
    return { headers, over }
  }

  const handle = async (
    req: http.IncomingMessage,
    body: string,
  ): Promise<{ status: number; body?: unknown; headers?: Record<string, string> }> => {
    const url = new URL(req.url ?? '/', 'http://reference')
    const method = req.method ?? 'GET'
    if (!url.pathname.startsWith(`${base}/`)) {
      throw new HttpError(404, code('not_found'), 'No such route.')
    }
    const path = url.pathname.slice(base.length)
    const auth = req.headers.authorization
    const match = /^Bearer (.*)$/.exec(auth ?? '')
    const authorised =
      (match !== null && tokens.has(match[1] as string)) ||
      (fault === 'key-matched-by-prefix' &&
        [...tokens].some((token) => match?.[1]?.startsWith(token))) ||
      (fault === 'empty-token-accepted-on-get' && auth === 'Bearer' && path.startsWith('/pets/')) ||
      (fault === 'orders-without-auth' && path === '/store/orders')
    const petPath = /^\/pets\/([^/]*)$/.exec(path)
    if (fault === 'not-found-before-auth' && petPath && method === 'GET') {
      const text = petPath[1] as string
      if (/^\d+$/.test(text) && !pets.has(BigInt(text))) {
        throw new HttpError(404, code('not_found'), 'No such pet.')
      }
    }
    if (!authorised) {
      throw new HttpError(
        401,
        code('unauthorized'),
        'A valid bearer key is required.',
        options.wwwAuthenticate === false ? {} : { 'WWW-Authenticate': 'Bearer realm="reference"' },
      )
    }
    if (path === '/pets' && method === 'GET') {
      return { status: 200, body: list(url.searchParams) }
    }
    if (path === '/pets' && method === 'POST') {
      return create(req, body)
    }
    if (petPath && method === 'GET') {
      return get(petPath[1] as string)
    }
    if (path === '/store/orders' && method === 'GET') {
      const status = options.ordersStatus ?? 200
      if (status !== 200) {
        throw new HttpError(status, code(status === 403 ? 'forbidden' : 'not_found'), 'No orders.')
      }
      return { status: 200, body: [] }
    }
    if ((path === '/pets' || petPath || path === '/store/orders') && options.otherMethods !== 404) {
      throw new HttpError(405, code('method_not_allowed'), `${method} is not allowed here.`, {
        Allow: petPath || path === '/store/orders' ? 'GET' : 'GET, POST',
      })
    }
    throw new HttpError(404, code('not_found'), 'No such route.')
  }

  const list = (query: URLSearchParams) => {
    const limitText = query.get('limit')
    let limit = 20
    if (limitText !== null) {
      if (fault === 'crash-on-limit-empty' && limitText === '') {
        throw new Error('limit parser crashed')
      }
      const valid = /^\d+$/.test(limitText) && Number(limitText) >= 1 && Number(limitText) <= 100
      if (valid) {
        limit = Number(limitText)
      } else if (options.invalidLimit === 'clamp') {
        limit = /^-?\d+$/.test(limitText) ? Math.min(100, Math.max(1, Number(limitText))) : 20
      } else {
        throw new HttpError(400, code('invalid_request'), 'limit must be 1..100.')
      }
    }
    const status = query.get('status')
    if (status !== null && !STATUSES.includes(status as Status)) {
      throw new HttpError(400, code('invalid_request'), 'Unknown status.')
    }
    let all = [...pets.values()]
    if (
      fault === 'list-always-empty' ||
      (fault === 'status-filter-empty-without-limit' && status !== null && limitText === null)
    ) {
      all = []
    }
    if (fault === 'created-pets-never-listed') {
      all = all.filter((pet) => seededIds.has(pet.id))
    }
    if (status !== null && !(fault === 'status-filter-ignored-with-limit' && limitText !== null)) {
      all = all.filter((pet) => pet.status === status)
    }
    all.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    if (options.order === 'descending') {
      all.reverse()
    } else if (options.order === 'random') {
      all.sort(() => random() - 0.5)
    }
    if (fault === 'limit-off-by-one' && limitText !== null) {
      limit -= 1
    }
    if (fault === 'limit-100-capped-at-50') {
      limit = Math.min(limit, 50)
    }
    if (fault === 'default-page-25-with-status' && limitText === null && status !== null) {
      limit = 25
    }
    return all.slice(0, limit).map(show)
  }

  const create = async (req: http.IncomingMessage, body: string) => {
    const type = req.headers['content-type']
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new HttpError(415, code('unsupported_media_type'), 'Send application/json.')
    }
    let value: unknown
    try {
      value = parseJson(body)
    } catch {
      throw new HttpError(400, code('invalid_json'), 'The body is not JSON.')
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new HttpError(400, code('invalid_request'), 'The body must be an object.')
    }
    const input = value as Record<string, unknown>
    if (typeof input.name !== 'string') {
      throw new HttpError(400, code('invalid_request'), 'name must be a string.')
    }
    if (fault === 'crash-on-empty-name' && input.name.trim() === '') {
      throw new Error('name was empty')
    }
    if (options.maxNameLength !== undefined && input.name.length > options.maxNameLength) {
      throw new HttpError(400, code('invalid_request'), 'name is too long.')
    }
    if (fault === 'crash-on-int64-max-category' && input.categoryId === INT64_MAX) {
      throw new Error('category lookup overflowed')
    }
    const categoryId =
      typeof input.categoryId === 'number' &&
      (Number.isSafeInteger(input.categoryId) ||
        (fault === 'category-fraction-truncated' && Number.isFinite(input.categoryId)))
        ? BigInt(Math.trunc(input.categoryId))
        : input.categoryId
    if (typeof categoryId !== 'bigint' || categoryId < INT64_MIN || categoryId > INT64_MAX) {
      throw new HttpError(400, code('invalid_request'), 'categoryId must be an int64.')
    }
    if (options.unknownCategory !== 'accept' && !categoryIds.includes(categoryId)) {
      throw new HttpError(400, code('invalid_request'), 'Unknown category.')
    }
    if (fault === 'crash-on-status-null' && input.status === null) {
      throw new Error('status was null')
    }
    if ('status' in input && !STATUSES.includes(input.status as Status)) {
      throw new HttpError(400, code('invalid_request'), 'Unknown status.')
    }
    let id: bigint
    if (fault === 'concurrent-creates-share-an-id') {
      id = nextId
      await new Promise((resolve) => setTimeout(resolve, 20))
      nextId = id + step
    } else {
      id = newId()
    }
    creates += 1
    const sentStatus = input.status as Status | undefined
    const status =
      fault === 'echo-default-status-ignoring-sent' ? (defaultStatus ?? undefined) : sentStatus
    const name = fault === 'truncate-names-to-64' ? input.name.slice(0, 64) : (input.name as string)
    const pet: StoredPet = {
      id,
      name,
      categoryId,
      ...((status ?? defaultStatus) ? { status: (status ?? defaultStatus) as Status } : {}),
    }
    if (!(fault === 'lose-every-third-pet' && creates % 3 === 0)) {
      pets.set(id, pet)
    }
    return {
      status: 201,
      body: show(pet),
      headers: {
        Location: `${base}/pets/${id}`,
        ...(fault === 'no-rate-limit-headers-on-201' ? { 'X-Drop-Rate-Limit': '1' } : {}),
      },
    }
  }

  const get = (text: string) => {
    if (!/^-?\d+$/.test(text)) {
      throw new HttpError(400, code('invalid_request'), 'petId must be an integer.')
    }
    const id = BigInt(text)
    if (id < INT64_MIN || id > INT64_MAX) {
      throw new HttpError(400, code('invalid_request'), 'petId must be an int64.')
    }
    const lookup = fault === 'ids-as-doubles' ? BigInt(Number(id)) : id
    const pet = [...pets.values()].find((entry) =>
      fault === 'ids-as-doubles' ? BigInt(Number(entry.id)) === lookup : entry.id === lookup,
    )
    if (!pet) {
      throw new HttpError(404, code('not_found'), `No pet ${text}.`)
    }
    const headers: Record<string, string> =
      options.deprecationHeaders === false
        ? {}
        : {
            Deprecation: '@1924992000',
            Sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
            Link: `<${base}/pets>; rel="successor-version"`,
          }
    return { status: 200, body: show(pet), headers }
  }

  const server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= 1024 * 1024) {
        chunks.push(chunk)
      }
    })
    req.on('end', async () => {
      served += 1
      res.sendDate = false
      if (options.sendDate !== false) {
        res.setHeader('Date', new Date(now()).toUTCString())
      }
      const bucket = tokens.has(/^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '')
        ? `key:${req.headers.authorization}`
        : `address:${req.socket.remoteAddress}`
      const path = new URL(req.url ?? '/', 'http://reference').pathname
      const limited = await rateLimit(
        bucket,
        fault === 'orders-not-counted' && path === `${base}/store/orders`
          ? 0
          : fault === 'get-counted-twice' &&
              req.method === 'GET' &&
              /^\/pets\/[^/]+$/.test(path.slice(base.length))
            ? 2
            : 1,
        path,
      )
      let status: number
      let payload: unknown
      let headers: Record<string, string> = { ...limited.headers }
      try {
        if (limited.over) {
          throw new HttpError(429, code('rate_limited'), 'Too many requests.')
        }
        if (size > 1024 * 1024) {
          throw new HttpError(413, code('payload_too_large'), 'The body is too large.')
        }
        const answer = await handle(req, Buffer.concat(chunks).toString('utf8'))
        status = answer.status
        payload = answer.body
        headers = { ...headers, ...answer.headers }
      } catch (error) {
        if (error instanceof HttpError) {
          status = error.status
          headers = { ...headers, ...error.headers }
          payload = {
            code: error.code,
            message: error.message,
            status:
              fault === 'error-status-as-string-on-404' && status === 404 ? '404' : error.status,
          }
        } else {
          status = 500
          payload = { code: code('internal_error'), message: (error as Error).message, status }
        }
      }
      let type =
        status >= 400 && options.problemJson
          ? 'application/problem+json'
          : 'application/json; charset=utf-8'
      let text = toJson(payload)
      if (
        (fault === 'plain-text-405' && status === 405) ||
        (fault === 'plain-text-429' && status === 429)
      ) {
        type = 'text/plain'
        text = status === 405 ? 'Method Not Allowed' : 'Too Many Requests'
      }
      if (headers['X-Drop-Rate-Limit']) {
        for (const name of [
          'X-Drop-Rate-Limit',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
        ]) {
          delete headers[name]
        }
      }
      let buffer = Buffer.from(text)
      const accepts = String(req.headers['accept-encoding'] ?? '')
      if (options.compression && accepts.includes(options.compression)) {
        buffer =
          options.compression === 'gzip'
            ? zlib.gzipSync(buffer)
            : options.compression === 'br'
              ? zlib.brotliCompressSync(buffer)
              : zlib.deflateSync(buffer)
        headers['Content-Encoding'] = options.compression
        headers.Vary = 'Accept-Encoding'
      }
      res.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': buffer.length })
      res.end(buffer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${base}`,
    requests: () => served,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
