import type { Transport } from '../transport/undici-transport.ts'

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

/**
 * {@link fetchTransport} without the `Date` header, so the kit reads the
 * rate-limit windows by its own (injected) clock: with a fake clock shared
 * by the kit and the mock, runs need no real waiting.
 *
 * @example
 * await runConformance({ baseUrl, token, now: clock.now, sleep, transport: undatedFetchTransport })
 */
export const undatedFetchTransport: Transport = async (request) => {
  const response = await fetchTransport(request)
  const { date: _date, ...headers } = response.headers
  return { ...response, headers }
}
