import type { Server } from 'node:http'
import {
  createPetstoreCore,
  type PetstoreCore,
  type PetstoreOptions,
} from '../../app/create-petstore-core.ts'
import { declaredLengthOf } from '../../base/http/declared-length.ts'
import { declaresTooMuch } from '../../base/http/read-body.ts'
import { DEFAULTS } from '../../base/options/defaults.ts'
import { wholeOption } from '../../base/options/whole-option.ts'
import { createFixtureRecorder } from '../../core/data/record-fixtures.ts'
import { longestAnswerMs, proxyLimitsOf } from '../../core/proxy/proxy-limits.ts'
import type { ProxyLimits } from '../../core/proxy/read-upstream-body.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { withFetch } from '../fetch/fetch-transport.ts'
import { answerClientError } from './answer-client-error.ts'
import { createRequestListener, type RequestLogEntry } from './create-request-listener.ts'
import { createGracefulShutdown, type GracefulShutdown } from './graceful-shutdown.ts'
import { http } from './node-http.ts'
import { createServerGuards } from './server-guards.ts'
import { createUndiciUpstream } from './undici-upstream.ts'

/**
 * How often the server checks its header and request timeouts, in ms at
 * most: a client that stalls gets its 408 within this long after its timeout.
 *
 * @example
 * DEFAULTS.headersTimeoutMs + TIMEOUT_CHECK_MS // the latest a stalled client's 408 goes out
 */
export const TIMEOUT_CHECK_MS = 500

/**
 * The options of `createServer`: those of `createPetstore`, plus the server's
 * timeouts and request log.
 *
 * @example
 * const options: ServerOptions = { seed: 1, requestTimeoutMs: 5_000 }
 */
export interface ServerOptions extends PetstoreOptions {
  /** An existing petstore to serve; otherwise one is made from the other options. */
  petstore?: PetstoreCore
  /** Called once per answered request (the CLI prints it). */
  log?: (entry: RequestLogEntry) => void
  /** A client has this long to send its headers, in ms. Default 10 s. */
  headersTimeoutMs?: number
  /** A client has this long to send its whole request, in ms. Default 30 s. */
  requestTimeoutMs?: number
  /**
   * A request body that sends nothing for this long is answered with 408
   * `request_timeout`, in ms. Default: 10 s, or half of `requestTimeoutMs` if
   * that is less, so that the 408 goes out before Node's own request timeout
   * closes the connection.
   */
  bodyTimeoutMs?: number
  /** The address to bind. Default 127.0.0.1. Beyond loopback, the control API needs `adminToken`. */
  host?: string
  /**
   * Host names served besides loopback ones (`--allowed-host`): `box.lan`, or
   * `.example.test` for a domain and its subdomains; `true` serves any `Host`.
   */
  allowedHosts?: ReadonlyArray<string> | true
  /** The bearer token `/__mock/*` needs. Default: none on loopback, a generated one beyond. */
  adminToken?: string
  /** How long in-flight requests may finish on shutdown, in ms (`--shutdown-timeout`). Default 10 s. */
  shutdownTimeoutMs?: number
  /**
   * With `proxy`: bounds of the proxy other than `PROXY_LIMITS` (shorter
   * timeouts, fewer bytes held), each a whole number of at least 1.
   */
  proxyLimits?: Partial<ProxyLimits>
  /**
   * With `proxy`: add the pets and orders of the upstream's answers to this
   * file by id, in the `--fixtures` format (`--record FILE`); what it holds
   * already is kept, and a file that is not valid fixtures throws a `ConfigError`.
   */
  record?: string
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
  server: Server
  petstore: PetstoreCore
  /** The token the control API needs, or `undefined` when it needs none. */
  adminToken: string | undefined
  shutdown: GracefulShutdown
  /** Ends the proxy's upstream connections and waits for the recorder's last write. */
  closeProxy: () => Promise<void>
} {
  const { guards, adminToken } = createServerGuards({
    host: options.host ?? DEFAULTS.host,
    allowedHosts: options.allowedHosts,
    adminToken: options.adminToken,
  })
  const shutdown = createGracefulShutdown({ timeoutMs: options.shutdownTimeoutMs })
  if (options.record !== undefined && options.proxy === undefined) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the server',
      '`record` (--record) needs `proxy` (--proxy): it records what the upstream answers',
    )
  }
  const recorder = options.record === undefined ? undefined : createFixtureRecorder(options.record)
  const proxyLimits = proxyLimitsOf(options.proxyLimits)
  let upstream: ReturnType<typeof createUndiciUpstream> | undefined
  const petstore =
    options.petstore ??
    withFetch(
      createPetstoreCore(petstoreOptionsOf(options), {
        upstream: (target) => {
          upstream = createUndiciUpstream(target, proxyLimits)
          return upstream
        },
        onUpstreamAnswer: recorder
          ? (answer, ctx) =>
              recorder.observe({
                operationId: ctx.route?.operationId,
                status: answer.status,
                text: answer.text,
                complete: !answer.textTruncated,
              })
          : undefined,
      }),
    )
  const headersTimeout = timeout(
    options.headersTimeoutMs,
    DEFAULTS.headersTimeoutMs,
    'headersTimeoutMs',
  )
  const requestTimeout = timeout(
    options.requestTimeoutMs,
    DEFAULTS.requestTimeoutMs,
    'requestTimeoutMs',
  )
  const bodyTimeout = timeout(
    options.bodyTimeoutMs,
    Math.max(1, Math.min(DEFAULTS.bodyTimeoutMs, Math.floor(requestTimeout / 2))),
    'bodyTimeoutMs',
  )
  const streams = new Set<() => void>()
  const listener = shutdown.wrap(
    createRequestListener(petstore.app.guarded(guards), {
      log: options.log,
      bodyTimeoutMs: bodyTimeout,
      streams,
    }),
  )
  const server = http.createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node checks both timeouts only this often (30 s by default): check
      // often enough that a stalled client gets its 408 near its time.
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(TIMEOUT_CHECK_MS, Math.floor(Math.min(headersTimeout, requestTimeout) / 2)),
      ),
      keepAliveTimeout: 5_000,
      // The request listener refuses an HTTP/1.1 request without Host itself,
      // with an Error body (Node's own 400 has none).
      requireHostHeader: false,
    },
    listener,
  )
  // Open event streams never go idle: closing the server ends them.
  const close = server.close.bind(server)
  server.close = (callback) => {
    for (const end of streams) end()
    return close(callback)
  }
  // `Expect: 100-continue`: a declared body over the limit is refused (413)
  // without `100 Continue`, so the client never sends it.
  server.on('checkContinue', (req, res) => {
    if (!declaresTooMuch(declaredLengthOf(req.headers['content-length']))) {
      res.writeContinue()
    }
    listener(req, res)
  })
  // What the HTTP parser refuses still gets an Error body.
  server.on('clientError', answerClientError)
  // Idle or stalled sockets are closed too, not only slow requests; never
  // before the longest answer could come (Node's `requestTimeout` ends once
  // the request is in, but a socket waiting for its answer is idle).
  server.setTimeout(socketTimeoutMs(requestTimeout, proxyLimits), (socket) => socket.destroy())
  const closeProxy = async () => {
    await upstream?.close()
    await recorder?.close()
  }
  return { server, petstore, adminToken, shutdown, closeProxy }
}

/**
 * How long a connection may stay idle, in ms, before the server closes it:
 * `requestTimeoutMs`, but never less than the longest wait for an answer
 * (`longestAnswerMs`: the longest `Prefer: delay`, then the proxy's
 * connect, headers and body bounds) plus `ANSWER_GRACE_MS` to decode,
 * judge and start writing it. So a caller always gets its answer, the
 * upstream's 504 at the latest, and never a connection closed under it.
 *
 * @example
 * socketTimeoutMs(30_000) // 130000: 60 s + 5 s + 30 s + 30 s + 5 s
 */
export function socketTimeoutMs(
  requestTimeout: number,
  limits: ProxyLimits = PROXY_LIMITS,
): number {
  return Math.max(requestTimeout, longestAnswerMs(limits) + ANSWER_GRACE_MS)
}

/**
 * What the server allows past the longest wait for an answer, in ms, to
 * decode, judge and start writing it (`socketTimeoutMs`).
 *
 * @example
 * longestAnswerMs() + ANSWER_GRACE_MS // how long a connection may wait for its answer
 */
export const ANSWER_GRACE_MS = 5_000

/** The options `createServer` adds to the petstore's (the compiler keeps this list complete). */
const SERVER_ONLY = {
  petstore: true,
  log: true,
  headersTimeoutMs: true,
  requestTimeoutMs: true,
  bodyTimeoutMs: true,
  host: true,
  allowedHosts: true,
  adminToken: true,
  shutdownTimeoutMs: true,
  proxyLimits: true,
  record: true,
} as const satisfies Record<Exclude<keyof ServerOptions, keyof PetstoreOptions>, true>

/** The options that are the petstore's: those of `ServerOptions` minus the server's own. */
function petstoreOptionsOf(options: ServerOptions): PetstoreOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([name]) => !Object.hasOwn(SERVER_ONLY, name)),
  )
}

function timeout(value: number | undefined, fallback: number, name: string): number {
  return wholeOption(value, { name, fallback, min: 1, action: 'create the server' })
}
