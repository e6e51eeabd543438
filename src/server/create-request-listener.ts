import type { IncomingMessage, ServerResponse } from 'node:http'
import type { App } from '../app/create-app.ts'
import { toErrorResponse } from '../http/to-error-response.ts'
import type { HeaderReader, MockRequest, MockResponse } from '../http/types.ts'
import { MAX_BODY_BYTES } from '../spec/limits.ts'
import { writeResponse } from './write-response.ts'

export interface RequestLogEntry {
  method: string
  path: string
  status: number
  ms: number
}

export interface RequestListenerOptions {
  /** Called once per answered request. */
  log?: (entry: RequestLogEntry) => void
}

/** After a 413, the rest of the body is read and dropped for at most this long. */
const DRAIN_MS = 2_000

/**
 * The node:http side of the mock: turns an `IncomingMessage` into a
 * `MockRequest` (reading at most 1 MiB of body), asks the app, and writes the
 * answer. No Fetch objects on the way: this is the hot path.
 *
 * @example
 * const server = http.createServer(createRequestListener(petstore.app))
 */
export function createRequestListener(
  app: Pick<App, 'handle'>,
  options: RequestListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const { log } = options
  return (req, res) => {
    const started = log ? performance.now() : 0
    const url = req.url ?? '/'
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    const controller = new AbortController()
    let answered = false
    // Gone without our answer: the client left, or shutdown answered for us. Stop the work.
    res.once('close', () => {
      if (!answered) controller.abort(new Error('The request ended without its answer.'))
    })
    const respond = (response: MockResponse, closeAfter = false) => {
      if (!writeResponse(res, response, closeAfter)) return
      answered = true
      log?.({
        method: req.method ?? 'GET',
        path,
        status: response.status,
        ms: performance.now() - started,
      })
    }
    const request: MockRequest = {
      method: req.method ?? 'GET',
      path: safePath(path),
      query: new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1)),
      headers: nodeHeaders(req),
      body: null,
      clientAddress: req.socket.remoteAddress ?? 'unknown',
      signal: controller.signal,
    }
    readBody(req, (result) => {
      request.body = result.body
      request.bodyTooLarge = result.tooLarge
      app.handle(request).then(
        (response) => {
          respond(response, result.tooLarge)
          if (result.tooLarge) drain(req)
        },
        // `handle` never rejects; should it ever, the answer is still an Error body.
        (error: unknown) =>
          respond(
            toErrorResponse(error, (failure) =>
              console.error('[petstore-mock] Unexpected failure:', failure),
            ),
          ),
      )
    })
  }
}

/** Every copy of a header, joined with ", " as Fetch does (Node keeps only the first of some, such as Authorization). */
function nodeHeaders(req: IncomingMessage): HeaderReader {
  return {
    get(name) {
      return req.headersDistinct[name.toLowerCase()]?.join(', ') ?? null
    },
  }
}

/** Percent-decoding is left to the operations; only a malformed path is neutralized. */
function safePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`
}

function readBody(
  req: IncomingMessage,
  done: (result: { body: string | null; tooLarge: boolean }) => void,
): void {
  const declared = req.headers['content-length']
  const chunked = req.headers['transfer-encoding'] !== undefined
  if (!chunked && (declared === undefined || declared === '0')) {
    done({ body: null, tooLarge: false })
    return
  }
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
    done({ body: null, tooLarge: true })
    return
  }
  const chunks: Array<Buffer> = []
  let size = 0
  let finished = false
  const finish = (result: { body: string | null; tooLarge: boolean }) => {
    if (finished) return
    finished = true
    req.off('data', onData)
    req.off('end', onEnd)
    done(result)
  }
  const onData = (chunk: Buffer) => {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      chunks.length = 0
      req.pause()
      finish({ body: null, tooLarge: true })
      return
    }
    chunks.push(chunk)
  }
  const onEnd = () => {
    const body = Buffer.concat(chunks).toString('utf8')
    finish({ body: body === '' ? null : body, tooLarge: false })
  }
  req.on('data', onData)
  req.on('end', onEnd)
  req.once('error', () => finish({ body: null, tooLarge: false }))
}

/** Reads and drops what is left of a refused body, for a short while, then hangs up. */
function drain(req: IncomingMessage): void {
  const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS)
  timer.unref()
  req.resume()
  req.once('end', () => clearTimeout(timer))
}
