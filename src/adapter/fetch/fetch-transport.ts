import { declaredLengthOf } from '../../base/http/declared-length.ts'
import { readBody } from '../../base/http/read-body.ts'
import type { App, MockRequest, MockResponse } from '../../base/http/types.ts'
import { toReadable } from './fetch-stream.ts'

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
 * Gives a core its Fetch interface, `fetch(request)` over its app: what the
 * adapters serve (`createPetstore`, `createServer`'s `petstore`).
 *
 * @example
 * const petstore = withFetch(createPetstoreCore({ seed: 42 }))
 * await petstore.fetch(new Request('http://localhost/v1/pets'))
 */
export function withFetch<T extends { app: Pick<App, 'handle'> }>(
  core: T,
): T & { fetch(request: Request): Promise<Response> } {
  return Object.assign(core, { fetch: createFetchHandler(core.app) })
}
