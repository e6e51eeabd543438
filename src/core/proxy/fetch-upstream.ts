import { declaredLengthOf } from '../../base/http/declared-length.ts'
import { ApiError } from '../../errors/api-error.ts'
import { messageOf } from '../../errors/message-of.ts'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { endToEndHeaders } from './hop-by-hop.ts'
import type { ProxyTarget } from './proxy-target.ts'
import {
  carriesBody,
  type ProxyLimits,
  readUpstreamBody,
  upstreamTimeout,
} from './read-upstream-body.ts'
import { markNotSent, type Upstream } from './upstream.ts'

/** Fetch decodes the body it hands over: its encoding and length no longer describe it. */
const DECODED = new Set(['content-encoding', 'content-length'])

const TEXT = new TextDecoder()

/**
 * The in-process upstream (`createPetstore({ proxy })`): Fetch, which
 * verifies TLS, with `redirect: 'manual'` (a 3xx is the answer), the
 * proxy's size bound and one timeout of connect and headers together (Fetch
 * does not tell the connection apart). Fetch decodes compressed bodies
 * itself, so the answer comes decoded, without `Content-Encoding` (its `text`
 * is then never truncated: the decoded body is within the size bound), and it
 * sends no body with a GET or HEAD (Fetch forbids one). `fetchImpl` is how
 * the request is sent (msw's `bypass()` around the global `fetch`, so that
 * the mock's own handlers do not catch it).
 *
 * @example
 * const upstream = createFetchUpstream(parseProxyTarget('http://127.0.0.1:8080/v1'))
 */
export function createFetchUpstream(
  target: ProxyTarget,
  fetchImpl: (request: Request) => Promise<Response> = (request) => fetch(request),
  limits: ProxyLimits = PROXY_LIMITS,
): Upstream {
  return async (request) => {
    const { connectTimeoutMs, headersTimeoutMs } = limits
    const controller = new AbortController()
    const onAbort = () => controller.abort(request.signal?.reason)
    request.signal?.addEventListener('abort', onAbort, { once: true })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error('timed out'))
    }, connectTimeoutMs + headersTimeoutMs)
    const sent = performance.now()
    try {
      let response: Response
      try {
        response = await fetchImpl(
          new Request(`${target.origin}${request.path}`, {
            method: request.method,
            headers: request.headers,
            body:
              request.method === 'GET' || request.method === 'HEAD'
                ? null
                : (request.body as BodyInit | null),
            redirect: 'manual',
            signal: controller.signal,
          }),
        )
      } catch (error) {
        if (timedOut) throw upstreamTimeout(target.origin, 'connect-and-headers', limits)
        throw markNotSent(
          new ApiError(
            'upstream_unreachable',
            `The upstream ${target.origin} could not be reached: ${messageOf(error).replace(/\.+$/, '')}.`,
          ),
          error,
        )
      } finally {
        clearTimeout(timer)
      }
      const headersAt = performance.now()
      if (response.type === 'opaqueredirect' || response.status === 0) {
        throw new ApiError(
          'upstream_unreachable',
          `The upstream ${target.origin} answered with a redirect that this runtime hides from the proxy.`,
        )
      }
      const body =
        response.body === null || !carriesBody(request.method, response.status)
          ? new Uint8Array(0)
          : await readUpstreamBody(response.body.getReader(), {
              declaredLength: declaredLengthOf(response.headers.get('content-length') ?? undefined),
              stop: () => controller.abort(new Error('body refused')),
              origin: target.origin,
              limits,
            })
      return {
        status: response.status,
        headers: endToEndHeaders(response.headers.entries(), DECODED),
        setCookie: response.headers.getSetCookie(),
        body,
        text: TEXT.decode(body),
        textTruncated: false,
        waitMs: headersAt - sent,
        receiveMs: performance.now() - headersAt,
      }
    } finally {
      request.signal?.removeEventListener('abort', onAbort)
    }
  }
}
