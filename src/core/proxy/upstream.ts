import { ApiError } from '../../errors/api-error.ts'

/**
 * One request the proxy sends upstream: to the target's origin only, at
 * `path` (the API root's path, the path under `/v1` and the query).
 *
 * @example
 * const request: UpstreamRequest = { method: 'GET', path: '/v1/pets?limit=3', headers: {}, body: null }
 */
export interface UpstreamRequest {
  method: string
  /** Path and query, starting with `/`. */
  path: string
  /** End-to-end headers, lower-case names (no `host`: the upstream's is used). */
  headers: Record<string, string>
  /** Sent as is; the Fetch upstream (in-process) sends none with GET or HEAD, which Fetch forbids. */
  body: Uint8Array | null
  /** Aborts when the caller goes away. */
  signal?: AbortSignal
  /** Calls back once the caller has its answer whole or is gone (`MockRequest.whenDone`). */
  whenDone?: (listener: () => void) => void
  /** Closes the caller's connection, its answer unread (`MockRequest.cutOff`). */
  cutOff?: () => void
}

/**
 * The upstream's answer, read whole within the proxy's bounds.
 *
 * @example
 * const answer: UpstreamAnswer = await upstream(request)
 * answer.status // 200
 */
export interface UpstreamAnswer {
  status: number
  /** End-to-end headers, lower-case names, as the caller gets them (a repeated one joined with ", "). */
  headers: Record<string, string>
  /** Each `Set-Cookie` line as received, passed on one per line (RFC 6265 §3 forbids joining them). */
  setCookie: Array<string>
  /**
   * The body as received, what the caller gets: still compressed when it was
   * (undici); the Fetch upstream's is already decoded, without `Content-Encoding`.
   */
  body: Uint8Array
  /** The body decoded (gzip, br, deflate) as UTF-8 text, for the judge and the journal. */
  text: string
  /** `text` is not the whole body (it could not be decoded within the bounds); never with Fetch, whose body comes decoded. */
  textTruncated: boolean
  /** From sending to the headers, in ms. */
  waitMs: number
  /** From the headers to the end of the body, in ms. */
  receiveMs: number
}

/**
 * The failures that happen before a byte of the request is written: the
 * name does not resolve, the connection is refused or cannot be routed, the
 * connection attempt times out, the TLS handshake fails. Only these prove
 * that the upstream did not act on the request.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** The failures of an upstream known not to have been sent anything (`notSent`). */
const UNSENT = new WeakSet<ApiError>()

/**
 * Marks `error` as a failure before anything was sent upstream when `cause`
 * (the client's error, or its `cause`) is one of those (refused, unresolved,
 * unroutable, connect timeout, TLS handshake), and returns it.
 *
 * @example
 * throw markNotSent(new ApiError('upstream_unreachable', '…'), error)
 */
export function markNotSent(error: ApiError, cause: unknown): ApiError {
  if (failedBeforeSending(cause)) UNSENT.add(error)
  return error
}

/**
 * Whether an upstream's failure is known to have come before the request was
 * sent (`markNotSent`): only then may `--proxy-fallback mock` answer a request
 * that is not safe (RFC 9110 §9.2.1), since the upstream cannot have acted on it.
 *
 * @example
 * if (fallback && (isSafeMethod(method) || wasNotSent(error))) return mock(ctx)
 */
export function wasNotSent(error: unknown): boolean {
  return error instanceof ApiError && UNSENT.has(error)
}

function failedBeforeSending(cause: unknown): boolean {
  for (
    let error = cause, depth = 0;
    depth < 4 && typeof error === 'object' && error !== null;
    depth++
  ) {
    const code = (error as { code?: unknown }).code
    if (
      typeof code === 'string' &&
      (NOT_SENT_CODES.has(code) || /^ERR_TLS_|^ERR_SSL_|CERT/.test(code))
    ) {
      return true
    }
    error = (error as { cause?: unknown }).cause
  }
  return false
}

/**
 * Sends one request to the upstream and reads its answer. Never follows a
 * redirect. Rejects with an `ApiError`: `upstream_unreachable` (502),
 * `upstream_timeout` (504) or `upstream_too_large` (502).
 *
 * @example
 * const upstream: Upstream = createFetchUpstream(target)
 */
export type Upstream = (request: UpstreamRequest) => Promise<UpstreamAnswer>
