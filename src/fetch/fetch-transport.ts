import { readBody } from '../http/read-body.ts'
import type { App, MockRequest, MockResponse } from '../http/types.ts'

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
  return async (request) => toFetchResponse(await app.handle(await toMockRequest(request)))
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
export function toFetchResponse(response: MockResponse): Response {
  return new Response(response.body ?? null, {
    status: response.status,
    headers: response.headers,
  })
}
