import http from 'node:http'
import {
  createPetstoreCore,
  type PetstoreCore,
  type PetstoreOptions,
} from '../app/create-petstore-core.ts'
import { ConfigError } from '../errors/config-error.ts'
import { createRequestListener, type RequestLogEntry } from './create-request-listener.ts'

export interface ServerOptions extends PetstoreOptions {
  /** An existing petstore to serve; otherwise one is made from the other options. */
  petstore?: PetstoreCore
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
  petstore: PetstoreCore
} {
  const petstore = options.petstore ?? createPetstoreCore(options)
  const headersTimeout = timeout(options.headersTimeoutMs, 10_000, 'headersTimeoutMs')
  const requestTimeout = timeout(options.requestTimeoutMs, 30_000, 'requestTimeoutMs')
  const server = http.createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node checks both timeouts only this often (30 s by default): check
      // often enough that a client dribbling bytes is cut off near its time.
      connectionsCheckingInterval: Math.max(
        10,
        Math.floor(Math.min(headersTimeout, requestTimeout) / 2),
      ),
      keepAliveTimeout: 5_000,
    },
    createRequestListener(petstore.app, { log: options.log }),
  )
  // Idle or stalled sockets are closed too, not only slow requests.
  server.setTimeout(requestTimeout, (socket) => socket.destroy())
  return { server, petstore }
}

function timeout(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the server',
      `${name} must be a whole number of milliseconds >= 1, got ${String(value)}`,
    )
  }
  return value
}
