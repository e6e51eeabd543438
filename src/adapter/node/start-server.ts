import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PetstoreCore } from '../../app/create-petstore-core.ts'
import { DEFAULTS } from '../../base/options/defaults.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { describeRule, followsRule } from '../../utils/number-rule.ts'
import { createServer, type ServerOptions } from './create-server.ts'
import type { ShutdownOptions } from './graceful-shutdown.ts'

/**
 * The options of `startServer`: those of `createServer`, plus where to listen.
 *
 * @example
 * const options: StartServerOptions = { port: 0, host: '127.0.0.1', seed: 1 }
 */
export interface StartServerOptions extends ServerOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number
}

/**
 * A listening mock: its URL, its petstore, and `close()` to stop it.
 *
 * @example
 * const running: RunningServer = await startServer({ port: 0 })
 * await fetch(`${running.url}/v1/pets`, { headers: { authorization: 'Bearer sk_test_free' } })
 * await running.close()
 */
export interface RunningServer {
  /** The origin, e.g. `http://127.0.0.1:4010`; the API is under `${url}/v1`. */
  url: string
  port: number
  server: http.Server
  petstore: PetstoreCore
  /** The bearer token `/__mock/*` needs, or `undefined` when it needs none (loopback). */
  adminToken: string | undefined
  /**
   * Shuts down gracefully and resolves once every socket is closed and the
   * data is flushed: see `GracefulShutdown.close`. Calling it again returns
   * the same promise.
   */
  close(options?: ShutdownOptions): Promise<void>
}

/** The ports a server may be asked to listen on (0: any free one). */
const PORT_RULE = { min: 0, max: 65_535, whole: true }

/**
 * Starts the mock server and resolves once it listens and its data is loaded.
 *
 * @example
 * const mock = await startServer({ port: 0 })
 * await fetch(`${mock.url}/v1/pets`, { headers: { authorization: 'Bearer sk_test_free' } })
 * await mock.close()
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? DEFAULTS.port
  const host = options.host ?? DEFAULTS.host
  if (!followsRule(port, PORT_RULE)) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'start the server',
      `port ${describeRule(PORT_RULE)}, got ${String(port)}`,
      { option: 'port', value: port, rule: PORT_RULE },
    )
  }
  const { port: _port, ...serverOptions } = options
  const { server, petstore, adminToken, shutdown, closeProxy } = createServer(serverOptions)
  try {
    await petstore.ready
    await listen(server, port, host)
  } catch (error) {
    // Nothing is handed back to close: let go of the data file here.
    await closeData(options).catch(() => undefined)
    await closeProxy().catch(() => undefined)
    throw error
  }
  const address = server.address() as AddressInfo
  let closed: Promise<void> | undefined
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    server,
    petstore,
    adminToken,
    close: (closeOptions) => {
      closed ??= shutdown
        .close(server, closeOptions)
        .then(() => Promise.all([closeData(options), closeProxy()]))
        .then(() => undefined)
      return closed
    },
  }
}

/** Listens, turning the errors a user can act on into one clear line. */
function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new ConfigError(
              'ERR_PETSTORE_PORT_IN_USE',
              'start the server',
              `port ${port} on ${host} is already in use; pick another with --port`,
            )
          : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
            ? new ConfigError(
                'ERR_PETSTORE_INVALID_HOST',
                'start the server',
                `cannot listen on host "${host}"`,
              )
            : error,
      )
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

/**
 * The last step of shutdown, once no request runs any more: closes the data
 * file (`--data-file`), waiting for every write it has under way, so that the
 * file is complete when the process exits.
 */
async function closeData(options: StartServerOptions): Promise<void> {
  const persistence = options.persistence as { close?: () => Promise<void> } | undefined
  if (typeof persistence?.close === 'function') await persistence.close()
}
