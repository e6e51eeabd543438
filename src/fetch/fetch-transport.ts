import type { MockRequest, MockResponse } from '../http/types.ts'
import { MAX_BODY_BYTES } from '../spec/limits.ts'

/** The client address of in-process requests, for limits without a valid key. */
export const IN_PROCESS_ADDRESS = 'in-process'

/**
 * Turns a Fetch `Request` into what the app reads: the path without the base
 * URL's own path prefix, and at most 1 MiB of body (a larger body is not read
 * further and is marked too large).
 *
 * @example
 * const response = await app.handle(await toMockRequest(request, ''))
 */
export async function toMockRequest(request: Request, prefix: string): Promise<MockRequest> {
  const url = new URL(request.url)
  const path =
    prefix && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname
  const { body, tooLarge } = await readBody(request)
  return {
    method: request.method.toUpperCase(),
    path: path || '/',
    query: url.searchParams,
    headers: request.headers,
    body,
    bodyTooLarge: tooLarge,
    clientAddress: IN_PROCESS_ADDRESS,
    signal: request.signal,
  }
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

async function readBody(request: Request): Promise<{ body: string | null; tooLarge: boolean }> {
  if (request.body === null) return { body: null, tooLarge: false }
  const declared = Number(request.headers.get('content-length') ?? 0)
  // A refused body is left unread, never cancelled: cancelling the body of an
  // intercepted request leaves the caller's `fetch` pending forever.
  if (declared > MAX_BODY_BYTES) return { body: null, tooLarge: true }
  const reader = request.body.getReader()
  const chunks: Array<Uint8Array> = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      reader.releaseLock()
      return { body: null, tooLarge: true }
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  const text = new TextDecoder().decode(bytes)
  return { body: text === '' ? null : text, tooLarge: false }
}
