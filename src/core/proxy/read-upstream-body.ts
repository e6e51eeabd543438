import type { ChunkReader } from '../../base/http/read-body.ts'
import { readBody } from '../../base/http/read-body.ts'
import { ApiError } from '../../errors/api-error.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'

/**
 * The proxy's bounds (`PROXY_LIMITS` unless a test gives shorter ones).
 *
 * @example
 * const limits: ProxyLimits = { ...PROXY_LIMITS, headersTimeoutMs: 100 }
 */
export type ProxyLimits = { readonly [Name in keyof typeof PROXY_LIMITS]: number }

/**
 * Reads an upstream's body with the one body reader, within the proxy's
 * bounds (`PROXY_LIMITS.maxResponseBytes`; `bodyTimeoutMs` for the whole body,
 * and as the longest stall), and turns its refusals into the proxy's errors:
 * too large is 502 `upstream_too_large`, too slow 504 `upstream_timeout`, a
 * connection that failed midway 502 `upstream_unreachable`. `stop` is called
 * on every refusal, to let go of the connection.
 *
 * @example
 * const bytes = await readUpstreamBody(response.body.getReader(), { declaredLength, stop, origin: target.origin })
 */
export async function readUpstreamBody(
  reader: ChunkReader,
  options: { declaredLength?: number; stop: () => void; origin: string; limits?: ProxyLimits },
): Promise<Uint8Array> {
  const { maxResponseBytes, bodyTimeoutMs } = options.limits ?? PROXY_LIMITS
  let timedOut = false
  const whole = setTimeout(() => {
    timedOut = true
    options.stop()
  }, bodyTimeoutMs)
  try {
    const result = await readBody(reader, {
      declaredLength: options.declaredLength,
      maxBytes: maxResponseBytes,
      idleMs: bodyTimeoutMs,
    })
    if (result.error === undefined) return result.body ?? new Uint8Array(0)
    options.stop()
    const code = result.error.code
    if (code === 'payload_too_large') {
      throw new ApiError(
        'upstream_too_large',
        `The upstream ${options.origin} answered with a body over ${maxResponseBytes} bytes, more than the proxy reads.`,
      )
    }
    if (timedOut || code === 'request_timeout') {
      throw upstreamTimeout(options.origin, 'body', options.limits)
    }
    throw new ApiError(
      'upstream_unreachable',
      `The upstream ${options.origin} closed the connection before its body ended.`,
    )
  } finally {
    clearTimeout(whole)
  }
}

/**
 * Whether an upstream answer to `method` with `status` has a body at all
 * (RFC 9112 §6.3): an answer to a HEAD, a 1xx, a 204 and a 304 have none,
 * whatever their `Content-Length` says (it states the representation's
 * length, not bytes that follow), so no length they state is read or
 * refused.
 *
 * @example
 * carriesBody('HEAD', 200) // false
 * carriesBody('GET', 304) // false
 * carriesBody('GET', 200) // true
 */
export function carriesBody(method: string, status: number): boolean {
  return method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304
}

/**
 * The 504 of an upstream that did not accept the connection, send its
 * headers or its whole body in time (`PROXY_LIMITS`); `connect-and-headers`
 * is the one bound of both together, for a client (Fetch) that cannot time
 * the connection apart.
 *
 * @example
 * throw upstreamTimeout('https://staging.example.com', 'headers')
 */
export function upstreamTimeout(
  origin: string,
  phase: 'connect' | 'headers' | 'connect-and-headers' | 'body',
  limits: ProxyLimits = PROXY_LIMITS,
): ApiError {
  const { connectTimeoutMs, headersTimeoutMs, bodyTimeoutMs } = limits
  const what = {
    connect: `accept a connection within ${connectTimeoutMs} ms`,
    headers: `send its headers within ${headersTimeoutMs} ms`,
    'connect-and-headers': `accept a connection and send its headers within ${connectTimeoutMs + headersTimeoutMs} ms`,
    body: `send its whole body within ${bodyTimeoutMs} ms`,
  }[phase]
  return new ApiError('upstream_timeout', `The upstream ${origin} did not ${what}.`)
}
