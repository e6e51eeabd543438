import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A running test server. */
export interface RawServer {
  /** The origin, e.g. `http://127.0.0.1:PORT`. */
  url: string
  /** Requests received so far. */
  readonly requests: number
  close: () => Promise<void>
}

/**
 * Starts a plain node:http server on 127.0.0.1, port 0, whose handler may
 * misbehave at will (always 429, destroy the socket mid-answer, ...). The
 * handler gets the 1-based number of the request.
 *
 * @example
 * const server = await startRawServer((req, res) => res.writeHead(429, { 'retry-after': '60' }).end())
 * await server.close()
 */
export async function startRawServer(
  handler: (request: http.IncomingMessage, response: http.ServerResponse, count: number) => void,
): Promise<RawServer> {
  let requests = 0
  const server = http.createServer((request, response) => {
    requests += 1
    request.resume()
    handler(request, response, requests)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An Error body as the spec shapes it, for test servers. */
export const errorBody = (status: number, code: string) =>
  JSON.stringify({ code, message: `Test server: ${code}.`, status })
