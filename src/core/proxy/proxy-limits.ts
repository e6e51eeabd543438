import { wholeOption } from '../../base/options/whole-option.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { MAX_DELAY_MS } from '../simulation/simulated-statuses.ts'
import type { ProxyLimits } from './read-upstream-body.ts'

/**
 * The proxy's bounds with some replaced (`proxyLimits` of `createServer`,
 * shorter or smaller ones for a test), each checked once: a whole number of
 * at least 1, else a `ConfigError` naming it. Unnamed ones stay `PROXY_LIMITS`.
 *
 * @example
 * proxyLimitsOf({ headersTimeoutMs: 200 }).headersTimeoutMs // 200
 * proxyLimitsOf(undefined) // PROXY_LIMITS
 */
export function proxyLimitsOf(given: Partial<ProxyLimits> | undefined): ProxyLimits {
  if (given === undefined) return PROXY_LIMITS
  const limits: Record<string, number> = { ...PROXY_LIMITS }
  for (const name of Object.keys(PROXY_LIMITS) as Array<keyof ProxyLimits>) {
    limits[name] = wholeOption(given[name], {
      name: `proxyLimits.${name}`,
      fallback: PROXY_LIMITS[name],
      min: 1,
      action: 'set up the proxy',
    })
  }
  return limits as ProxyLimits
}

/**
 * The longest a request may wait for its answer once it is in, in ms: the
 * longest `Prefer: delay` (or `__delay`, or a scenario's), then the proxy's
 * whole exchange (connect, headers, whole body, each at its bound; no request
 * waits for a connection, since `maxInFlight` is at most `maxConnections`).
 * The server's own timeouts are longer than this, so that the caller always
 * gets the documented answer (a 504 at the latest) rather than a closed
 * connection.
 *
 * @example
 * longestAnswerMs() // 125000: 60 s + 5 s + 30 s + 30 s
 */
export function longestAnswerMs(limits: ProxyLimits = PROXY_LIMITS): number {
  return MAX_DELAY_MS + limits.connectTimeoutMs + limits.headersTimeoutMs + limits.bodyTimeoutMs
}
