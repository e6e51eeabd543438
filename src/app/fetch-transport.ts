import { declaredLengthOf } from '../base/http/declared-length.ts'
import { readBody } from '../base/http/read-body.ts'
import type { App, MockRequest, MockResponse, ResponseStream } from '../base/http/types.ts'

/**
 * A streamed body (the event stream) over the Fetch transport is ended when
 * its reader leaves it unread this long while events wait, in ms.
 */
export const FETCH_STREAM_IDLE_MS = 60_000

/** The client address of in-process requests, for limits without a valid key. */
export const IN_PROCESS_ADDRESS = 'in-process'

/**
 * The Fetch transport: answers a Fetch `Request` with the app, as
 * `petstore.fetch` and the msw handler do.
 *
 * @example
 * const fetch = createFetchHandler(app)
 * const response = await fetch(new Request('http://localhost/v1/pets'))
 */
export function createFetchHandler(
  app: Pick<App, 'handle'>,
): (request: Request) => Promise<Response> {
  return async (request) =>
    toFetchResponse(await app.handle(await toMockRequest(request)), request.signal)
}

/**
 * Turns a Fetch `Request` into what the app reads, the body read by the one
 * body reader (a refused body is left unread, never cancelled: cancelling the
 * body of an intercepted request leaves the caller's `fetch` pending forever).
 *
 * @example
 * const response = await app.handle(await toMockRequest(request))
 */
async function toMockRequest(request: Request): Promise<MockRequest> {
  const url = new URL(request.url)
  const mockRequest: MockRequest = {
    method: request.method.toUpperCase(),
    path: url.pathname || '/',
    query: url.searchParams,
    rawQuery: url.search.slice(1),
    headers: request.headers,
    body: null,
    clientAddress: IN_PROCESS_ADDRESS,
    origin: url.origin,
    signal: request.signal,
  }
  if (request.body !== null) {
    const result = await readBody(request.body.getReader(), {
      declaredLength: declaredLengthOf(request.headers.get('content-length')),
    })
    mockRequest.body = result.body
    mockRequest.bodyError = result.error
  }
  return mockRequest
}

/**
 * Turns the app's answer into a Fetch `Response`.
 *
 * @example
 * return toFetchResponse(await app.handle(mockRequest))
 */
function toFetchResponse(response: MockResponse, signal?: AbortSignal): Response {
  if (response.stream) {
    return new Response(toReadable(response.stream, signal), {
      status: response.status,
      headers: response.headers,
    })
  }
  const headers = new Headers(response.headers)
  if (response.setCookie !== undefined && response.setCookie.length > 0) {
    headers.delete('set-cookie')
    for (const line of response.setCookie) headers.append('set-cookie', line)
  }
  return new Response((response.body as BodyInit | undefined) ?? null, {
    status: response.status,
    headers,
  })
}

/**
 * A streamed body as a Fetch body. It starts on the first read (a Response
 * that is never read holds no journal listener and no timer), stops when
 * cancelled or aborted, and ends itself when its reader leaves it unread for
 * `FETCH_STREAM_IDLE_MS` while events wait.
 */
function toReadable(stream: ResponseStream, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let stop = () => {}
  let drained: (() => void) | undefined
  let started = false
  let open = true
  let idle: ReturnType<typeof setTimeout> | undefined
  let controller: ReadableStreamDefaultController<Uint8Array>
  // Ends the stream (`end`: the writer, an abort or an idle reader) or lets
  // it go (`cancel`: the reader left; the stream is closed already).
  const finish = (close: boolean) => {
    if (!open) return
    open = false
    clearTimeout(idle)
    stop()
    signal?.removeEventListener('abort', end)
    if (close) controller.close()
  }
  const end = () => finish(true)
  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController
        if (signal?.aborted) end()
        else signal?.addEventListener('abort', end, { once: true })
      },
      pull() {
        clearTimeout(idle)
        idle = undefined
        if (!open) return
        if (!started) {
          started = true
          stop = stream({
            write(chunk) {
              if (!open) return false
              controller.enqueue(encoder.encode(chunk))
              if ((controller.desiredSize ?? 1) > 0) return true
              // Backpressure: a reader that does not come back in time is let go.
              if (idle === undefined) {
                idle = setTimeout(end, FETCH_STREAM_IDLE_MS)
                ;(idle as { unref?: () => void }).unref?.()
              }
              return false
            },
            onDrain(listener) {
              drained = listener
            },
            end,
          })
          return
        }
        const listener = drained
        drained = undefined
        listener?.()
      },
      cancel() {
        finish(false)
      },
    },
    // Nothing is pulled before a read: the stream starts on demand.
    { highWaterMark: 0 },
  )
}
