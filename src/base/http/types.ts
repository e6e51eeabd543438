import type { ApiError } from '../../errors/api-error.ts'
import type { ViolationCheckId } from '../../judge/catalogue.ts'
import type { ApiKey } from '../../spec/api-key.ts'
import type { Route } from '../../spec/routes.ts'

/**
 * Reads request headers, case-insensitively. Both a Fetch `Headers` and the
 * server's view of `IncomingMessage` headers satisfy it.
 *
 * @example
 * const headers: HeaderReader = new Headers({ authorization: 'Bearer sk_test_free' })
 * headers.get('Authorization') // 'Bearer sk_test_free'
 */
export interface HeaderReader {
  get(name: string): string | null
  /** Every header as lower-case name and value (repeated ones joined with ", "); what the proxy forwards. */
  entries?(): Iterable<[string, string]>
}

/**
 * A request as the mock sees it, whatever transport it came by (node:http,
 * msw or `petstore.fetch`). The transports fill it with `readBody`; the app
 * does everything else.
 *
 * @example
 * const request: MockRequest = { method: 'GET', path: '/v1/pets', query: new URLSearchParams('limit=5'), headers: new Headers(), body: null, clientAddress: '127.0.0.1' }
 */
export interface MockRequest {
  /** Upper-case method. */
  method: string
  /** The path as requested, base path included (`/api/v1/pets` under `https://example.com/api`). */
  path: string
  query: URLSearchParams
  /** The query as received, without `?` (`''` for none); what the proxy forwards. Default: `query` as text. */
  rawQuery?: string
  /** The request target was in absolute form (`GET http://host/path`), which the proxy refuses. */
  absoluteTarget?: boolean
  headers: HeaderReader
  /**
   * The body as received: bytes from the transports (decoded and judged by
   * `readJsonBody`), or text from a caller that builds the request itself;
   * `null` when there is none.
   */
  body: Uint8Array | string | null
  /** Who sent it: limits for requests without a valid key are per address. */
  clientAddress: string
  /** Why the body could not be read (413 too large, 408 stalled); answered after rate limiting. */
  bodyError?: ApiError
  /**
   * Where the request was sent, e.g. `http://127.0.0.1:4010`, when the transport knows it
   * (Fetch); otherwise the document route reads it from `Host`.
   */
  origin?: string
  /** Aborts when the client goes away. */
  signal?: AbortSignal
  /**
   * Calls `listener` once the answer is written whole or the client is gone
   * (node:http: the response's `close`), so that what is held for the answer
   * until then can be let go of. Absent where the transport hands the answer
   * over at once (Fetch, msw).
   */
  whenDone?(listener: () => void): void
  /**
   * Closes the client's connection at once, whatever of the answer it has
   * not read yet (node:http: destroys the response), so that what is held for
   * it is let go of (`whenDone` then calls back). Absent with `whenDone`.
   */
  cutOff?(): void
}

/**
 * The mock, independent of transport: every transport turns what it receives
 * into a `MockRequest`, calls `handle` (the node:http server calls `answer`,
 * which needs no promise when nothing waits) and writes the `MockResponse`
 * back.
 *
 * @example
 * const response = await petstore.app.handle(request) // a MockResponse, never a rejection
 */
export interface App {
  /** Answers one request. Never rejects. */
  handle(request: MockRequest): Promise<MockResponse>
  /**
   * Answers one request like `handle`, synchronously when nothing on its way
   * waits (no data loading, no delay, no upstream): the node:http server
   * then writes the answer without a promise. Never throws nor rejects.
   */
  answer(request: MockRequest): MockResponse | Promise<MockResponse>
  /**
   * Whether a URL is the mock's to answer: at the base URL's origin (any
   * origin when none was given), under its path, the API, the control API or
   * the document.
   */
  serves(url: Pick<URL, 'origin' | 'pathname'>): boolean
  /**
   * The same app with `guards` run first on every request (the server's Host
   * allow-list and control-API access), their refusals answered like any error.
   */
  guarded(guards: ReadonlyArray<Middleware>): App
}

/**
 * A response as the mock produces it; each transport writes it its own way.
 *
 * @example
 * const response: MockResponse = { status: 204, headers: { allow: 'GET, HEAD' } }
 */
export interface MockResponse {
  status: number
  headers: Record<string, string>
  /** `Set-Cookie` lines (an upstream's), each written as its own header instead of `headers['set-cookie']`. */
  setCookie?: Array<string>
  /** Serialized body (bytes: an upstream's, passed on as received), or `undefined` for none. */
  body?: string | Uint8Array
  /** A body that is written as it comes (Server-Sent Events), instead of `body`. */
  stream?: ResponseStream
  /** The Error body's `code`, on an Error answer made by `toErrorResponse` (the journal reads it). */
  errorCode?: string
  /**
   * How many items the JSON array `body` holds, when the mock made it from
   * an array: traffic coverage reads it instead of counting them in the text.
   */
  items?: number
}

/**
 * Where a streamed body goes; each transport provides one.
 *
 * @example
 * const sink: StreamSink = { write: (chunk) => res.write(chunk), onDrain: (listener) => res.once('drain', listener), end: () => res.end() }
 */
export interface StreamSink {
  /** Writes a chunk; `false` asks the writer to wait for `onDrain` before the next. */
  write(chunk: string): boolean
  /** Called once, when the sink can take more after `write` returned `false`. */
  onDrain(listener: () => void): void
  /** Ends the body. */
  end(): void
}

/**
 * Starts writing a streamed body into `sink`; returns what to call when the
 * client goes away or the server closes (it must stop all writing and timers).
 *
 * @example
 * const stream: ResponseStream = (sink) => {
 *   sink.write(': connected\n\n')
 *   return () => sink.end()
 * }
 */
export type ResponseStream = (sink: StreamSink) => () => void

/**
 * What forced a simulated status or delay: `Prefer`, `__code`/`__delay`, or a scenario.
 *
 * @example
 * const forced: ForcedBy = 'prefer' // Prefer: code=503
 */
export type ForcedBy = 'prefer' | 'query' | 'scenario'

/**
 * Why the mock answered in the upstream's place (`--proxy-fallback mock`):
 * the upstream could not be reached, or has no such route.
 *
 * @example
 * const why: FallbackReason = 'unreachable'
 */
export type FallbackReason = 'unreachable' | 'no-route'

/**
 * The parts of the mock a path under the base path can belong to: the API
 * (`/v1`), the control API (`/__mock`) and the OpenAPI document.
 *
 * @example
 * const zone: Zone = 'api'
 */
export type Zone = 'api' | 'admin' | 'document'

/**
 * What one request carries through the middleware chain.
 *
 * @example
 * const planOf = (ctx: Context) => ctx.apiKey?.plan ?? 'none' // once authenticate has run
 */
export interface Context {
  request: MockRequest
  /** The request's path under the base path (`/v1/pets`): what routes and scenarios match. */
  path: string
  /** The path the API is served under (`/api` for `https://example.com/api`, else `''`). */
  basePath: string
  /** Which part of the mock `path` belongs to (`undefined`: none), found once per request. */
  zone: Zone | undefined
  /** The operation the request is routed to. */
  route: Route | undefined
  /** Path parameters of the route (`petId`). */
  params: Record<string, string>
  /** Headers that every response to this request carries, errors included. */
  headers: Record<string, string>
  /** The valid API key of the request, once the auth middleware has found it. */
  apiKey: ApiKey | undefined
  /** Why the request carries no valid key, once the auth middleware has looked. */
  authProblem: string | undefined
  /**
   * Whole seconds the rate limiter tells this client to wait (to its window's
   * reset, or until a refused client may send again), once the rate-limit
   * middleware has counted the request.
   */
  retryAfter?: number
  /** What forced the answer's status or delay, once the simulate middleware has applied one. */
  forced?: ForcedBy
  /** The coverage cell a forced answer was armed for (`POST /__mock/coverage/force`). */
  cell?: string
  /** Why the mock answered in the upstream's place, when it did (`--proxy-fallback mock`). */
  fallback?: FallbackReason
  /** What the proxy learnt of the upstream's answer, when the upstream answered (`--proxy`). */
  upstream?: UpstreamReport
}

/**
 * Who broke a rule of the spec: the caller's request (`'request'`: the
 * caller's mistake, such as `?limit=0`), or the upstream's response
 * (`'response'`: the server's bug). As Prism's proxy validates the request
 * and the response apart, and Schemathesis blames the server only for its
 * answers.
 *
 * @example
 * const source: ViolationSource = 'request'
 */
export type ViolationSource = 'request' | 'response'

/**
 * One rule of the spec that an exchange broke, as the proxy's judge reports
 * it (the judge's `Violation`; `check` is a check id of the catalogue, or
 * `request.*` for a caller's mistake, and `source` says whose it is).
 *
 * @example
 * const violation: AnsweredViolation = { check: 'list.schema', level: 'required', message: '…', section: '§4.1', source: 'response' }
 */
export interface AnsweredViolation {
  check: ViolationCheckId
  level: 'required' | 'advisory'
  message: string
  section: string
  source: ViolationSource
}

/**
 * What the proxy reports of an exchange the upstream answered: its verdict
 * and what the journal keeps of the answer (the body decoded, as text).
 *
 * @example
 * ctx.upstream = { violations: [], body: '[]', bodyTruncated: false, waitMs: 12, receiveMs: 1 }
 */
export interface UpstreamReport {
  violations: Array<AnsweredViolation>
  /** The answer's body, decoded (gzip, br, deflate), as text; `null` for none. */
  body: string | null
  /** The body was cut (beyond what is read, or beyond what could be decoded). */
  bodyTruncated: boolean
  /** The `code` of an Error body the upstream answered with, or `null`. */
  code: string | null
  /** From sending the request to the upstream's headers, in ms. */
  waitMs: number
  /** From the headers to the end of the body, in ms. */
  receiveMs: number
}

/**
 * The rest of the chain, given the request's context (so that a chain built
 * once serves every request without a closure per layer).
 *
 * @example
 * const logged: Middleware = (ctx, next: Next) => next(ctx)
 */
export type Next = (ctx: Context) => MockResponse | Promise<MockResponse>

/**
 * A cross-cutting behaviour wrapped around operations, in Hono's style: it
 * may set `ctx.headers`, throw an `ApiError`, or answer without calling
 * `next(ctx)`.
 * One that waits for nothing stays synchronous (returns what `next(ctx)` returns,
 * throws rather than rejects): a request then passes the whole chain without
 * a promise per layer.
 *
 * @example
 * const noStore: Middleware = (ctx, next) => {
 *   ctx.headers['cache-control'] = 'no-store'
 *   return next(ctx)
 * }
 */
export type Middleware = (ctx: Context, next: Next) => MockResponse | Promise<MockResponse>

/**
 * The implementation of one API operation.
 *
 * @example
 * const ping: Operation = () => ({ status: 204, headers: {} })
 */
export type Operation = (ctx: Context) => MockResponse | Promise<MockResponse>

/**
 * What the app reports of each request it answered (the journal's source).
 *
 * @example
 * const app = createApp({ ...deps, onAnswer: (answered: AnsweredRequest) => journal.record(answered) })
 */
export interface AnsweredRequest {
  method: string
  path: string
  query: URLSearchParams
  /** The query as received, without `?`, when the transport kept it: the journal keeps this text. */
  rawQuery?: string
  headers: HeaderReader
  /** The body as received (bytes or text), or `null`. */
  body: Uint8Array | string | null
  /** When the request came in, ms since the epoch (the mock's clock). */
  startedAt: number
  durationMs: number
  status: number
  /** The template of the route the path matched, or `null`. */
  route: string | null
  /** The `code` of an Error answer, or `null`. */
  code: string | null
  forced: ForcedBy | null
  /** The coverage cell a forced answer was armed for, when it was. */
  cell?: string
  /** Why the mock answered in the upstream's place (`--proxy-fallback mock`); absent when it did not. */
  fallback?: FallbackReason
  /** The plan of the request's valid API key, or `null`. */
  plan: string | null
  /** Who answered: the mock, or the upstream behind `--proxy`. */
  answeredBy: 'mock' | 'upstream'
  /** The rules of the spec the exchange broke (judged when the upstream answered). */
  violations: Array<AnsweredViolation>
  /** The answer's headers (as the caller got them) and body (an upstream's decoded, as text). */
  response: {
    headers: Record<string, string>
    body: string | Uint8Array | null
    /** How many items `body`'s JSON array holds, when the mock made it (`MockResponse.items`). */
    items?: number
  }
  /**
   * The upstream's timings, when it answered, and whether its body was cut
   * (beyond what is read, or not decodable within the bounds: then `body` is `null`).
   */
  upstream?: Pick<UpstreamReport, 'waitMs' | 'receiveMs'> & { bodyTruncated?: boolean }
}
