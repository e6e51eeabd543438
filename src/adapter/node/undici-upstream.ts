import type { Pool } from 'undici'
import { declaredLengthOf } from '../../base/http/declared-length.ts'
import type { ChunkReader } from '../../base/http/read-body.ts'
import { createHeldBytes } from '../../core/proxy/held-bytes.ts'
import { endToEndHeaders, setCookieLines } from '../../core/proxy/hop-by-hop.ts'
import type { ProxyTarget } from '../../core/proxy/proxy-target.ts'
import {
  carriesBody,
  type ProxyLimits,
  readUpstreamBody,
  upstreamTimeout,
} from '../../core/proxy/read-upstream-body.ts'
import { markNotSent, type Upstream } from '../../core/proxy/upstream.ts'
import { ApiError } from '../../errors/api-error.ts'
import { messageOf } from '../../errors/message-of.ts'
import { RETRY_AFTER } from '../../spec/headers.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { decodeContent } from './decode-content.ts'

const TEXT = new TextDecoder()

/**
 * The server's upstream (`--proxy`): one undici connection pool to the
 * target's origin (no other origin can be reached through it), TLS verified
 * (undici's default, never turned off), redirects not followed, the
 * `PROXY_LIMITS` timeouts (connect, headers, whole body) and size bound.
 * The body is passed on as received, compressed or not; a decoded copy
 * (gzip, br, deflate, at most `maxResponseBytes`, decoded off the main
 * thread by zlib's asynchronous functions) is what the judge reads. At most
 * `maxConnections` connections, and `maxInFlight` requests at once: one more
 * is 503 `service_unavailable` with `Retry-After`, and is not sent; so is
 * one while the bodies held for callers that have not read them whole reach
 * `maxHeldBytes`, and a caller that has not read its answer whole within
 * `maxHoldMs` is cut off (`createHeldBytes`).
 * `close()` ends the pool's connections.
 *
 * @example
 * const upstream = createUndiciUpstream(parseProxyTarget('https://staging.example.com/v1'))
 * const answer = await upstream({ method: 'GET', path: '/v1/pets', headers: {}, body: null })
 */
export function createUndiciUpstream(
  target: ProxyTarget,
  limits: ProxyLimits = PROXY_LIMITS,
): Upstream & { close(): Promise<void> } {
  const { connectTimeoutMs, headersTimeoutMs, bodyTimeoutMs } = limits
  // undici is loaded only by a server that proxies, while it starts: the
  // mock's own start does not pay for it (about 20 ms). A failed load is
  // what each request gets (502 `upstream_unreachable`, which
  // `--proxy-fallback mock` answers), never a rejection of its own.
  const loaded = import('undici').then(
    ({ errors, Pool }) => ({
      errors,
      pool: new Pool(target.origin, {
        connections: limits.maxConnections,
        connectTimeout: connectTimeoutMs,
        headersTimeout: headersTimeoutMs,
        bodyTimeout: bodyTimeoutMs,
      }),
    }),
    (error: unknown) => ({
      unloaded: `The upstream ${target.origin} could not be reached (undici did not load: ${messageOf(error).replace(/\.+$/, '')}).`,
    }),
  )
  let inFlight = 0
  const held = createHeldBytes(limits, target.origin)
  const upstream: Upstream = async (request) => {
    held.checkRoom()
    if (inFlight >= limits.maxInFlight) {
      throw new ApiError(
        'service_unavailable',
        `The proxy already has ${limits.maxInFlight} requests in flight to ${target.origin}: retry in ${limits.busyRetryAfterS} s.`,
        { [RETRY_AFTER]: String(limits.busyRetryAfterS) },
      )
    }
    inFlight += 1
    const controller = new AbortController()
    const onAbort = () => controller.abort(request.signal?.reason)
    request.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const undici = await loaded
      if ('unloaded' in undici) {
        throw markNotSent(new ApiError('upstream_unreachable', undici.unloaded), {
          code: 'ENOTFOUND',
        })
      }
      const { errors, pool } = undici
      const sent = performance.now()
      let response: Awaited<ReturnType<Pool['request']>>
      try {
        response = await pool.request({
          method: request.method,
          path: request.path,
          headers: request.headers,
          body: request.body ?? undefined,
          signal: controller.signal,
        })
      } catch (error) {
        throw toUpstreamError(error, errors, target.origin, limits)
      }
      const headersAt = performance.now()
      // Every refusal below destroys the body, which then emits an error:
      // it is reported as the refusal's ApiError, never left unhandled.
      response.body.on('error', () => {})
      const headers = endToEndHeaders(rawPairs(response.headers))
      const setCookie = setCookieLines(rawPairs(response.headers))
      const body = carriesBody(request.method, response.statusCode)
        ? await readUpstreamBody(nodeChunks(response.body), {
            declaredLength: declaredLengthOf(headers['content-length']),
            stop: () => response.body.destroy(),
            origin: target.origin,
            limits,
          })
        : await noBody(response.body, headers, response.statusCode)
      const decoded = await decodeContent(
        body,
        headers['content-encoding'],
        limits.maxResponseBytes,
      )
      // The body waits for its caller from here on: it counts until the caller has it.
      held.hold(body.byteLength, request.whenDone, request.cutOff)
      return {
        status: response.statusCode,
        headers,
        setCookie,
        body,
        text: decoded.ok ? TEXT.decode(decoded.bytes) : '',
        textTruncated: !decoded.ok,
        waitMs: headersAt - sent,
        receiveMs: performance.now() - headersAt,
      }
    } finally {
      inFlight -= 1
      request.signal?.removeEventListener('abort', onAbort)
    }
  }
  const close = async () => {
    const undici = await loaded
    if ('pool' in undici) await undici.pool.destroy()
  }
  return Object.assign(upstream, { close })
}

/** undici's body as the one body reader reads it. */
function nodeChunks(body: AsyncIterable<unknown>): ChunkReader {
  const iterator = body[Symbol.asyncIterator]()
  return {
    read: async () => {
      const next = await iterator.next()
      return next.done ? { done: true } : { done: false, value: next.value as Uint8Array }
    },
    releaseLock: () => {},
  }
}

/**
 * The empty body of an answer that has none (`carriesBody`): whatever is
 * left of it is let go of, and the `Content-Length` of a 1xx or a 204,
 * which RFC 9110 §8.6 forbids, is not passed on (a HEAD's and a 304's state
 * the representation's length and are).
 */
async function noBody(
  body: { dump(): Promise<void> },
  headers: Record<string, string>,
  status: number,
): Promise<Uint8Array> {
  await body.dump().catch(() => undefined)
  if (status < 200 || status === 204) delete headers['content-length']
  return new Uint8Array(0)
}

/** undici's headers (a repeated one as an array) as name-value pairs. */
function* rawPairs(
  headers: Record<string, string | Array<string> | undefined>,
): Iterable<[string, string]> {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) yield [name, item]
  }
}

/** A failed request to the upstream as the Error body the caller gets. */
function toUpstreamError(
  error: unknown,
  errors: typeof import('undici').errors,
  origin: string,
  limits: ProxyLimits,
): ApiError {
  if (error instanceof errors.ConnectTimeoutError) return upstreamTimeout(origin, 'connect', limits)
  if (error instanceof errors.HeadersTimeoutError) return upstreamTimeout(origin, 'headers', limits)
  if (error instanceof errors.HeadersOverflowError) {
    return new ApiError(
      'upstream_too_large',
      `The upstream ${origin} sent headers that are too large.`,
    )
  }
  const cause = (error as { cause?: unknown }).cause
  const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException)?.code
  const reason = messageOf(error).replace(/\.+$/, '')
  return markNotSent(
    new ApiError(
      'upstream_unreachable',
      `The upstream ${origin} could not be reached (${code ? `${code}: ` : ''}${reason}).`,
    ),
    error,
  )
}
