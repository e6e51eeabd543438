import { readBody } from '../http/read-body.ts'
import type { App, MockRequest, MockResponse, ResponseStream } from '../http/types.ts'

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
export async function toMockRequest(request: Request): Promise<MockRequest> {
  const url = new URL(request.url)
  const mockRequest: MockRequest = {
    method: request.method.toUpperCase(),
    path: url.pathname || '/',
    query: url.searchParams,
    headers: request.headers,
    body: null,
    clientAddress: IN_PROCESS_ADDRESS,
    origin: url.origin,
    signal: request.signal,
  }
  if (request.body !== null) {
    const declared = request.headers.get('content-length')
    const result = await readBody(request.body.getReader(), {
      declaredLength: declared === null ? undefined : Number(declared),
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
export function toFetchResponse(response: MockResponse, signal?: AbortSignal): Response {
  if (response.stream) {
    return new Response(toReadable(response.stream, signal), {
      status: response.status,
      headers: response.headers,
    })
  }
  return new Response(response.body ?? null, {
    status: response.status,
    headers: response.headers,
  })
}

/** A streamed body as a Fetch body: written as read, stopped when cancelled or aborted. */
function toReadable(stream: ResponseStream, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let stop = () => {}
  let drained: (() => void) | undefined
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let open = true
        const end = () => {
          if (!open) return
          open = false
          stop()
          signal?.removeEventListener('abort', end)
          controller.close()
        }
        stop = stream({
          write(chunk) {
            if (!open) return false
            controller.enqueue(encoder.encode(chunk))
            return (controller.desiredSize ?? 1) > 0
          },
          onDrain(listener) {
            drained = listener
          },
          end,
        })
        if (signal?.aborted) end()
        else signal?.addEventListener('abort', end, { once: true })
      },
      pull() {
        const listener = drained
        drained = undefined
        listener?.()
      },
      cancel() {
        stop()
      },
    },
    { highWaterMark: 64 },
  )
}
