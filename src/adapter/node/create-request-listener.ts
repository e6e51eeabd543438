import type { IncomingMessage, ServerResponse } from 'node:http'
import { declaredLengthOf } from '../../base/http/declared-length.ts'
import { isThenable } from '../../base/http/is-thenable.ts'
import { type ChunkReader, readBody } from '../../base/http/read-body.ts'
import { toErrorResponse } from '../../base/http/to-error-response.ts'
import type { App, HeaderReader, MockRequest, MockResponse } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import { reportUnexpected } from '../../errors/report-unexpected.ts'
import { writeResponse } from './write-response.ts'

/**
 * One answered request, as the standalone server's `log` option receives it.
 *
 * @example
 * createServer({ log: (entry: RequestLogEntry) => console.log(entry.method, entry.path, entry.status) })
 */
export interface RequestLogEntry {
  method: string
  path: string
  status: number
  ms: number
}

/**
 * What the node:http listener is told: where its log lines go, how long a body may stall, and where open streams register.
 *
 * @example
 * const listener = createRequestListener(petstore.app, { log: (entry) => console.log(entry.status), bodyTimeoutMs: 10_000 })
 */
export interface RequestListenerOptions {
  /** Called once per answered request. */
  log?: (entry: RequestLogEntry) => void
  /** A body that sends nothing for this long is answered with 408. Default `BODY_IDLE_TIMEOUT_MS`. */
  bodyTimeoutMs?: number
  /** Open streamed responses (event streams) register their `end` here while open. */
  streams?: Set<() => void>
}

const MISSING_HOST = 'An HTTP/1.1 request needs a Host header.'

/**
 * After a body refused as too large, the rest is read and dropped for at most
 * this long, then the connection is closed.
 *
 * @example
 * req.resume(); setTimeout(() => req.socket.destroy(), DRAIN_MS) // a refused body, dropped for 2 s at most
 */
export const DRAIN_MS = 2_000

/**
 * The node:http transport: turns an `IncomingMessage` into a `MockRequest`
 * (its body read by the one body reader), asks the app, and writes the
 * answer, at once when the app answered synchronously. No Fetch objects on
 * the way: this is the hot path.
 *
 * @example
 * const server = http.createServer(createRequestListener(petstore.app))
 */
export function createRequestListener(
  app: Pick<App, 'answer'>,
  options: RequestListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const { log, streams } = options
  /** Writes the answer (nothing once one is written or the client is gone) and logs it. */
  const respond = (
    request: NodeRequest,
    response: MockResponse,
    closeAfter: boolean,
    started: number,
  ) => {
    const { req, res } = request
    if (res.destroyed || res.headersSent) return
    request.answered = true
    if (response.stream) {
      writeStream(req, res, response, streams)
      return
    }
    writeResponse(res, response, closeAfter)
    log?.({
      method: request.method,
      path: request.target,
      status: response.status,
      ms: performance.now() - started,
    })
  }
  /** The answer to a request the app failed (it never should): an Error body all the same. */
  const fail = (request: NodeRequest, error: unknown, started: number) =>
    respond(request, toErrorResponse(error, reportUnexpected), true, started)
  /**
   * Asks the app and writes its answer: at once when it answered synchronously.
   * After a refused body the connection is closed, but for a body refused as
   * too large whose client is sending it: that one is answered, then read and
   * dropped (see `drain`), so that the client, still writing, reads the 413
   * rather than a reset.
   */
  const answer = (request: NodeRequest, started: number) => {
    const drains = drainsAfter(request)
    const closeAfter = request.bodyError !== undefined && !drains
    const answered = (response: MockResponse) => {
      respond(request, response, closeAfter, started)
      if (drains) drain(request.req)
    }
    let result: MockResponse | Promise<MockResponse>
    try {
      result = app.answer(request)
    } catch (error) {
      fail(request, error, started)
      return
    }
    if (isThenable(result)) {
      Promise.resolve(result).then(answered, (error: unknown) => fail(request, error, started))
      return
    }
    answered(result)
  }
  return (req, res) => {
    const started = log ? performance.now() : 0
    const request = new NodeRequest(req, res)
    if (req.headers.host === undefined && req.httpVersion === '1.1') {
      // HTTP/1.1 requires Host (RFC 9112, section 3.2); HTTP/1.0 tools may omit it.
      respond(
        request,
        toErrorResponse(new ApiError('invalid_request', MISSING_HOST)),
        true,
        started,
      )
      return
    }
    const declared = req.headers['content-length']
    if (
      req.headers['transfer-encoding'] === undefined &&
      (declared === undefined || declared === '0')
    ) {
      answer(request, started)
      return
    }
    void readBody(nodeChunkReader(req), {
      declaredLength: declaredLengthOf(declared),
      idleMs: options.bodyTimeoutMs,
    }).then((result) => {
      request.body = result.body
      request.bodyError = result.error
      answer(request, started)
    })
  }
}

/** Writes a streamed body (Server-Sent Events) as it comes, honouring `write()`'s backpressure. */
function writeStream(
  req: IncomingMessage,
  res: ServerResponse,
  response: MockResponse,
  streams: Set<() => void> | undefined,
): void {
  res.writeHead(response.status, response.headers)
  res.flushHeaders()
  req.socket.setTimeout(0)
  req.socket.setNoDelay(true)
  const stop = response.stream?.({
    write: (chunk) => res.write(chunk),
    onDrain: (listener) => res.once('drain', listener),
    end: () => res.end(),
  })
  const end = () => {
    stop?.()
    streams?.delete(end)
    res.end()
  }
  streams?.add(end)
  res.once('close', end)
}

/**
 * An `IncomingMessage` as a `MockRequest`. A class rather than an object
 * literal with a getter: such a literal is made by the runtime and outlives
 * the young generation, and with it everything it reaches (the request and
 * the response). Its `signal` is made when first read (a delay, the proxy):
 * most requests wait for nothing.
 */
class NodeRequest implements MockRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly rawQuery: string
  readonly absoluteTarget: boolean
  readonly headers: NodeHeaders
  body: Uint8Array | string | null = null
  readonly clientAddress: string
  bodyError?: ApiError
  /** The answer is written: the client leaving no longer aborts anything. */
  answered = false
  readonly req: IncomingMessage
  readonly res: ServerResponse
  /** The request target's path as sent, without the query (the log shows it). */
  readonly target: string
  #controller: AbortController | undefined

  constructor(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/'
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    const rawQuery = queryAt === -1 ? '' : url.slice(queryAt + 1)
    this.method = req.method ?? 'GET'
    this.path = path.startsWith('/') ? path : `/${path}`
    this.query = new URLSearchParams(rawQuery)
    this.rawQuery = rawQuery
    this.absoluteTarget = !path.startsWith('/') && path !== '*'
    this.headers = new NodeHeaders(req)
    this.clientAddress = req.socket.remoteAddress ?? 'unknown'
    this.req = req
    this.res = res
    this.target = path
  }

  whenDone(listener: () => void): void {
    if (this.res.closed) listener()
    else this.res.once('close', listener)
  }

  cutOff(): void {
    // The connection itself: once the answer is handed over whole, the
    // response no longer holds it, though its bytes still wait to be read.
    this.req.socket.destroy()
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController()
      this.#controller = controller
      const abort = () => {
        if (!this.answered) controller.abort(new Error('The request ended without its answer.'))
      }
      // Gone without our answer: the client left, or shutdown answered for us. Stop the work.
      if (this.res.closed) abort()
      else this.res.once('close', abort)
    }
    return this.#controller.signal
  }
}

/** A character that lower-casing might change. */
const NOT_LOWER = /[^a-z0-9_-]/

/**
 * Every copy of a header, joined with ", " as Fetch does (Node keeps only the
 * first of some, such as Authorization). Node's `headers` says the same when
 * no header came twice, which is nearly always; only then is it read
 * directly, and `headersDistinct` (which copies every header) only otherwise.
 * A class, not an object of closures: one small object per request.
 */
class NodeHeaders implements HeaderReader {
  readonly #req: IncomingMessage
  #repeated: boolean | undefined

  constructor(req: IncomingMessage) {
    this.#req = req
  }

  get(name: string): string | null {
    const req = this.#req
    // Names are nearly always given in lower case already: no copy then.
    const lower = NOT_LOWER.test(name) ? name.toLowerCase() : name
    this.#repeated ??= req.rawHeaders.length / 2 !== countKeys(req.headers)
    if (this.#repeated) return req.headersDistinct[lower]?.join(', ') ?? null
    const value = req.headers[lower]
    if (value === undefined) return null
    return typeof value === 'string' ? value : value.join(', ')
  }

  *entries(): Iterable<[string, string]> {
    for (const [name, values] of Object.entries(this.#req.headersDistinct)) {
      if (values !== undefined) yield [name, values.join(', ')]
    }
  }
}

function countKeys(record: object): number {
  let count = 0
  for (const _ in record) count++
  return count
}

/**
 * An `IncomingMessage` as a `ChunkReader`: one chunk per `read()`, the stream
 * paused in between so that an unread body is not buffered.
 */
function nodeChunkReader(req: IncomingMessage): ChunkReader {
  const chunks: Array<Buffer> = []
  let ended = false
  // The client closed the connection (or it failed) before the body ended.
  let aborted = false
  let wake: (() => void) | undefined
  const notify = () => {
    const resolve = wake
    wake = undefined
    resolve?.()
  }
  const onData = (chunk: Buffer) => {
    chunks.push(chunk)
    req.pause()
    notify()
  }
  const onEnd = () => {
    ended = true
    notify()
  }
  const onAbort = () => {
    if (!ended && !req.complete) aborted = true
    notify()
  }
  req.on('data', onData)
  req.on('end', onEnd)
  req.on('error', onAbort)
  req.on('close', onAbort)
  return {
    async read() {
      for (;;) {
        const chunk = chunks.shift()
        if (chunk !== undefined) return { done: false, value: chunk }
        if (aborted) throw new Error('the client closed the connection before the body ended')
        if (ended) return { done: true }
        await new Promise<void>((resolve) => {
          wake = resolve
          req.resume()
        })
      }
    },
    releaseLock() {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onAbort)
      req.off('close', onAbort)
      req.pause()
      chunks.length = 0
    },
  }
}

/**
 * Whether a refused body is read to its end after the answer instead of the
 * connection being closed at once: a body over the limit that the client is
 * sending (closing on it would reset the connection under the client's
 * writes, and many clients then report the reset, not the 413). Not when the
 * client waits for `100 Continue` (it is never sent, so no body comes).
 */
function drainsAfter(request: NodeRequest): boolean {
  return (
    request.bodyError?.code === 'payload_too_large' &&
    request.req.headers.expect?.toLowerCase() !== '100-continue'
  )
}

/**
 * Reads and drops what is left of a body refused as too large, keeping the
 * connection; one that has not ended within `DRAIN_MS` is hung up on.
 */
function drain(req: IncomingMessage): void {
  if (req.complete) return
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS)
  timer.unref()
  req.once('end', () => clearTimeout(timer))
  req.resume()
}
