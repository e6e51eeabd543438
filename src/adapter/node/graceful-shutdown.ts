import type http from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { toErrorResponse } from '../../base/http/to-error-response.ts'
import { DEFAULTS } from '../../base/options/defaults.ts'
import { wholeOption } from '../../base/options/whole-option.ts'
import { ApiError } from '../../errors/api-error.ts'
import { RETRY_AFTER } from '../../spec/headers.ts'
import { writeResponse } from './write-response.ts'

/** How long in-flight requests may take to finish once shutdown begins, by default (`--shutdown-timeout`). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = DEFAULTS.shutdownTimeoutMs

/** The longest drain limit accepted: one hour. */
export const MAX_SHUTDOWN_TIMEOUT_MS = 3_600_000

/** After the drain limit, the 503s have this long to reach their clients before every socket is closed. */
export const FLUSH_LIMIT_MS = 1_000

/** `Retry-After` of a 503 sent while shutting down, in seconds. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1

/**
 * How long a shutdown lets in-flight requests finish.
 *
 * @example
 * await shutdown.close(server, { timeoutMs: 10_000 })
 */
export interface ShutdownOptions {
  /** How long in-flight requests may take to finish, in ms. Default: the server's `shutdownTimeoutMs`. */
  timeoutMs?: number
  /**
   * Ends the drain when it settles, instead of a timer of `timeoutMs`: a test
   * resolves it to play the drain limit without waiting for it.
   */
  deadline?: PromiseLike<void>
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * The server's shutdown: its listener wrapper, its state, and `close`.
 *
 * @example
 * const shutdown: GracefulShutdown = createGracefulShutdown({ timeoutMs: 10_000 })
 * shutdown.inFlight // 0
 */
export interface GracefulShutdown {
  /** The request listener, with new requests answered 503 once shutdown has begun. */
  wrap(listener: Listener): Listener
  /** Whether shutdown has begun. */
  readonly closing: boolean
  /** Requests whose answer has not finished yet. */
  readonly inFlight: number
  /**
   * Shuts the server down and resolves once every socket is closed: stops
   * accepting connections and closes idle ones; answers new requests on open
   * connections with 503 and `Connection: close`; lets in-flight requests
   * finish (each answer closes its connection) until the drain limit; then
   * answers what still waits with 503 and `Retry-After` instead of resetting
   * it, ends unfinished streams, and closes what is left. Calling it again
   * returns the same promise.
   */
  close(server: http.Server, options?: ShutdownOptions): Promise<void>
}

/**
 * Graceful shutdown for one node:http server (what Fastify's
 * `return503OnClosing` and http-terminator do): nothing acknowledged is cut
 * off, nothing waits forever. Validates `timeoutMs` once.
 *
 * @example
 * const shutdown = createGracefulShutdown({ timeoutMs: 10_000 })
 * const server = http.createServer(shutdown.wrap(listener))
 * process.once('SIGTERM', () => shutdown.close(server))
 */
export function createGracefulShutdown(options: { timeoutMs?: number } = {}): GracefulShutdown {
  const defaultTimeout = validTimeout(options.timeoutMs)
  const pending = createResponseSlots(() => onSettled?.())
  let closing = false
  let onSettled: (() => void) | undefined
  let closed: Promise<void> | undefined

  const untilSettled = () =>
    new Promise<void>((resolve) => {
      if (pending.count === 0) resolve()
      else onSettled = resolve
    })

  const refuse = (res: ServerResponse, message: string) =>
    writeResponse(
      res,
      toErrorResponse(
        new ApiError('service_unavailable', message, {
          [RETRY_AFTER]: String(SHUTDOWN_RETRY_AFTER_SECONDS),
        }),
      ),
      true,
    )

  return {
    get closing() {
      return closing
    },
    get inFlight() {
      return pending.count
    },
    wrap(listener) {
      return (req, res) => {
        pending.add(res)
        if (closing) {
          refuse(res, 'The mock is shutting down and takes no new requests.')
          return
        }
        listener(req, res)
      }
    },
    close(server, closeOptions = {}) {
      closed ??= (async () => {
        const timeoutMs =
          closeOptions.timeoutMs === undefined
            ? defaultTimeout
            : validTimeout(closeOptions.timeoutMs)
        closing = true
        // Answers still to come close their connection: no next request rides on it.
        for (const res of pending.list()) {
          if (!res.headersSent) res.setHeader('connection', 'close')
        }
        const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        await settleWithin(untilSettled(), closeOptions.deadline ?? timeoutMs)
        for (const res of pending.list()) {
          if (!res.headersSent) {
            refuse(res, 'The mock shut down before this request finished; send it again.')
          } else if (!res.writableEnded) {
            res.end()
          }
        }
        await settleWithin(untilSettled(), FLUSH_LIMIT_MS)
        server.closeAllConnections()
        await serverClosed
      })()
      return closed
    },
  }
}

/**
 * The responses in flight, each in a numbered slot until it closes. Slots
 * and their close listeners are made once and used again: a request adds
 * and removes one without allocating (a `Set` reallocates its table as it
 * grows and shrinks with the requests in flight). At most as many slots as
 * responses were ever in flight at once.
 */
function createResponseSlots(onEmpty: () => void) {
  const slots: Array<ServerResponse | undefined> = []
  const free: Array<number> = []
  /** `onClose[i]` empties slot `i` when the response in it closes. */
  const onClose: Array<(this: ServerResponse) => void> = []
  let count = 0
  return {
    get count() {
      return count
    },
    add(res: ServerResponse) {
      let slot = free.pop()
      if (slot === undefined) {
        slot = slots.length
        const index = slot
        slots.push(undefined)
        onClose.push(function (this: ServerResponse) {
          // Only for the response still in the slot (`close` comes once; this guards reuse).
          if (slots[index] !== this) return
          slots[index] = undefined
          free.push(index)
          count--
          if (count === 0) onEmpty()
        })
      }
      slots[slot] = res
      count++
      res.on('close', onClose[slot] as (this: ServerResponse) => void)
    },
    /** The responses in flight now (a copy: closing them changes the slots). */
    list(): Array<ServerResponse> {
      return slots.filter((res) => res !== undefined)
    },
  }
}

/** Waits for `work`, or for `limit` (a promise, or milliseconds of a timer that is then cleared). */
async function settleWithin(work: Promise<void>, limit: PromiseLike<void> | number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const limitReached =
    typeof limit === 'number'
      ? new Promise<void>((resolve) => {
          timer = setTimeout(resolve, limit)
        })
      : limit
  try {
    await Promise.race([work, limitReached])
  } finally {
    clearTimeout(timer)
  }
}

function validTimeout(value: number | undefined): number {
  return wholeOption(value, {
    name: 'shutdownTimeoutMs',
    fallback: DEFAULT_SHUTDOWN_TIMEOUT_MS,
    min: 0,
    max: MAX_SHUTDOWN_TIMEOUT_MS,
    action: 'create the server',
  })
}
