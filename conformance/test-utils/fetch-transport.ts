import type { Transport } from '../undici-transport.ts'

/**
 * A {@link Transport} over the global `fetch`, for tests that change a
 * request or a response on the way.
 *
 * @example
 * const transport: Transport = (request) =>
 *   fetchTransport({ ...request, url: request.url.replace(/\/pets$/, '/pets?limit=30') })
 */
export const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  })
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
    truncated: false,
  }
}
