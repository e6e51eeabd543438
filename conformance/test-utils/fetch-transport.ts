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
 * {@link fetchTransport} with the `Date` header of the clock the kit and the
 * mock share (a fake one: runs need no real waiting), where the mock's Node
 * writes the wall clock's: the kit reads the rate-limit windows, which run
 * on the shared clock, against it, and `response.date` still sees a `Date`.
 *
 * @example
 * await runConformance({ baseUrl, token, now: clock.now, sleep, transport: fetchTransportDatedBy(clock.now) })
 */
export function fetchTransportDatedBy(now: () => number): Transport {
  return async (request) => {
    const response = await fetchTransport(request)
    return { ...response, headers: { ...response.headers, date: new Date(now()).toUTCString() } }
  }
}
