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
 * Sends one request to the upstream and reads its answer. Never follows a
 * redirect. Rejects with an `ApiError`: `upstream_unreachable` (502),
 * `upstream_timeout` (504) or `upstream_too_large` (502).
 *
 * @example
 * const upstream: Upstream = createFetchUpstream(target)
 */
export type Upstream = (request: UpstreamRequest) => Promise<UpstreamAnswer>
