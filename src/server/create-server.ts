import http from 'node:http'
import { createPetstore, type Petstore, type PetstoreOptions } from '../create-petstore.ts'
import { createRequestListener, type RequestLogEntry } from './create-request-listener.ts'

export interface ServerOptions extends PetstoreOptions {
  /** An existing petstore to serve; otherwise one is made from the other options. */
  petstore?: Petstore
  /** Called once per answered request (the CLI prints it). */
  log?: (entry: RequestLogEntry) => void
  /** A client has this long to send its headers, in ms. Default 10 s. */
  headersTimeoutMs?: number
  /** A client has this long to send its whole request, in ms. Default 30 s. */
  requestTimeoutMs?: number
}

/**
 * Creates the standalone mock server (not yet listening): a node:http server
 * over the same app that the msw handlers use, with timeouts for slow or
 * stalled clients.
 *
 * @example
 * const { server, petstore } = createServer({ seed: 1 })
 * server.listen(4010)
 */
export function createServer(options: ServerOptions = {}): {
  server: http.Server
  petstore: Petstore
} {
  const petstore = options.petstore ?? createPetstore(options)
  const server = http.createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      keepAliveTimeout: 5_000,
    },
    createRequestListener(petstore.app, { log: options.log }),
  )
  // Idle or stalled sockets are closed too, not only slow requests.
  server.setTimeout(options.requestTimeoutMs ?? 30_000, (socket) => socket.destroy())
  return { server, petstore }
}
