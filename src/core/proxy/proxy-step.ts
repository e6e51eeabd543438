import type { Clock } from '../../base/clock/clock.ts'
import type { AnsweredViolation, Context, MockResponse, Next } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import type { createExchangeJudge, JudgedExchange, Violation } from '../../judge/judge-exchange.ts'
import { parseJsonBody } from '../../judge/parse-json-body.ts'
import { WWW_AUTHENTICATE } from '../../spec/headers.ts'
import { MAX_JUDGED_BYTES } from '../../spec/limits.ts'
import { API_PREFIX } from '../../spec/routes.ts'
import { DUPLICATE_AUTHORIZATION } from '../middleware/read-bearer.ts'
import { confinedHeaders } from './confine-answer.ts'
import { escapesBase } from './escapes-base.ts'
import { FORWARDED_REQUEST_HEADERS, methodOverrideIn } from './forwarded-headers.ts'
import { endToEndHeaders } from './hop-by-hop.ts'
import { hostOnlyCookie } from './host-only-cookie.ts'
import { judgeRequest } from './judge-request.ts'
import type { ProxyTarget } from './proxy-target.ts'
import { carriesBody } from './read-upstream-body.ts'
import { type Upstream, type UpstreamAnswer, wasNotSent } from './upstream.ts'

/** `Prefer`, not forwarded when the mock used it. */
const USED_PREFER: ReadonlySet<string> = new Set(['prefer'])

/** The methods that act on nothing (RFC 9110 §9.2.1): the mock may answer them for an upstream that failed at any point. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The simulation query parameters: the mock's own, not sent upstream when it used them. */
const SIMULATION_PARAMS = ['__code', '__delay']

const TEXT = new TextDecoder()

/**
 * What the proxy step needs: where to forward, how, whether the mock answers
 * for routes the upstream lacks, the judge, and who else wants the answer
 * (the recorder).
 *
 * @example
 * const deps: ProxyDeps = { target, upstream, fallback: true, judge, clock, force }
 */
export interface ProxyDeps {
  target: ProxyTarget
  upstream: Upstream
  /**
   * `--proxy-fallback mock`: the mock answers when the upstream has no such
   * route, or cannot be reached for a safe method (`GET`, `HEAD`, `OPTIONS`)
   * or before the request was sent (`wasNotSent`); a request the upstream may
   * have acted on is answered 502 `upstream_unreachable`, never carried out twice.
   */
  fallback: boolean
  /** The spec's rules (`createExchangeJudge()`), one per stream of exchanges. */
  judge: ReturnType<typeof createExchangeJudge>
  clock: Clock
  /**
   * Errors and latency on demand (the simulate middleware): a forced status
   * is answered without contacting the upstream; a delay is waited before.
   */
  force: (ctx: Context, next: Next) => MockResponse | Promise<MockResponse>
  /**
   * Told of each answer the upstream gave (the recorder); `textTruncated`
   * also when its text is over `MAX_JUDGED_BYTES` and so not to be read.
   */
  onUpstreamAnswer?: (answer: UpstreamAnswer, ctx: Context) => void
  /**
   * Counts an Error the proxy answers itself (502 `upstream_unreachable`, 504
   * `upstream_timeout`, 503 past its bound, 400 for a path it will not
   * forward) with the mock's limiter, as a fallback answer is, and puts the
   * mock's `X-RateLimit-*` on `ctx.headers`; what it answers is ignored (the
   * proxy's Error is the answer, never a 429 in its place).
   */
  countOwn?: (ctx: Context) => MockResponse | Promise<MockResponse>
}

/**
 * The proxy (`--proxy URL`): forwards an API request to the one upstream with
 * its method, path under `/v1`, query, body and end-to-end headers (the
 * caller's `Authorization` included), and passes the answer back as it came
 * (status, end-to-end headers, body bytes). Every answer is judged against
 * the spec; the verdict goes to `ctx.upstream`, each violation saying whose
 * it is (`source`: the caller's request, or the upstream's response). Errors
 * on demand still answer without the upstream. With `fallback`, `mock`
 * answers what the upstream has no route for (a route-like 404, 405, 501) or
 * cannot be reached for (see `ProxyDeps.fallback`), and `ctx.fallback` says which. The proxy's own Errors
 * are counted by `countOwn`, so that they carry the mock's rate-limit headers.
 *
 * @example
 * const step = proxyStep(deps)
 * const response = await step(ctx, mockAnswer)
 */
export function proxyStep(deps: ProxyDeps): (ctx: Context, mock: Next) => Promise<MockResponse> {
  const { target, upstream, fallback, judge, clock } = deps
  /** The proxy's own Error, with the mock's rate-limit headers (every `/v1` answer carries them). */
  const ownError = async (ctx: Context, error: unknown): Promise<never> => {
    if (deps.countOwn !== undefined && error instanceof ApiError) await deps.countOwn(ctx)
    throw error
  }
  return async (ctx, mock) => {
    const { request } = ctx
    // (An absolute-form target is refused before routing, by the app.)
    const unsafe = escapesBase(request.path, request.rawQuery)
    if (unsafe !== undefined) {
      return ownError(
        ctx,
        new ApiError(
          'invalid_request',
          `The proxy forwards only paths under ${API_PREFIX} and ${unsafe}.`,
        ),
      )
    }
    // A body the transport refused (413 too large, 408 stalled) is never forwarded in part.
    if (request.bodyError) return ownError(ctx, request.bodyError)
    const requestText =
      typeof request.body === 'string' || request.body === null
        ? request.body
        : TEXT.decode(request.body)
    // A method named in the query or the body is refused: the upstream's
    // framework would act on it, while the judge and the recorder read the
    // request's own.
    const override = methodOverrideIn(
      request.rawQuery ?? request.query.toString(),
      requestText,
      request.headers.get('content-type') ?? undefined,
    )
    if (override !== undefined) {
      return ownError(
        ctx,
        new ApiError(
          'invalid_request',
          `The proxy does not forward a method override (${override}): send the method itself.`,
        ),
      )
    }
    // Two `Authorization` headers (read joined with ", ") are refused, as the mock refuses them,
    // rather than forwarded joined for the upstream to pick one.
    if (request.headers.get('authorization')?.includes(',')) {
      return ownError(
        ctx,
        new ApiError('unauthorized', DUPLICATE_AUTHORIZATION, {
          'www-authenticate': WWW_AUTHENTICATE,
        }),
      )
    }
    return deps.force(ctx, async () => {
      const sentAt = clock.now()
      const headers = forwardedHeaders(ctx)
      let answer: UpstreamAnswer
      try {
        answer = await upstream({
          method: request.method,
          path: upstreamPath(target, ctx),
          headers,
          body:
            typeof request.body === 'string'
              ? new TextEncoder().encode(request.body)
              : request.body,
          signal: request.signal,
          whenDone: request.whenDone?.bind(request),
          cutOff: request.cutOff?.bind(request),
        })
      } catch (error) {
        // Only a request the upstream cannot have acted on: a safe method, or
        // one that failed before it was sent (a create the upstream received
        // and then dropped is never carried out a second time by the mock).
        if (
          fallback &&
          error instanceof ApiError &&
          error.code === 'upstream_unreachable' &&
          (SAFE_METHODS.has(request.method) || wasNotSent(error))
        ) {
          ctx.fallback = 'unreachable'
          return mock(ctx)
        }
        return ownError(ctx, error)
      }
      // A body over the bound is passed on but not read as JSON (judged as
      // cut short, not recorded): reading it would stall every other request.
      const unread = answer.textTruncated || answer.text.length > MAX_JUDGED_BYTES
      if (fallback && hasNoSuchRoute(answer, ctx, unread)) {
        ctx.fallback = 'no-route'
        return mock(ctx)
      }
      const receivedAt = clock.now()
      const exchange: JudgedExchange = {
        method: request.method,
        path: ctx.path,
        query: rawQueryOf(ctx),
        requestHeaders: headers,
        status: answer.status,
        responseHeaders: answer.headers,
        // Cut too, so that no rule reads more of it whatever it does with the flag.
        responseBody: unread ? answer.text.slice(0, MAX_JUDGED_BYTES) : answer.text,
        responseTruncated: unread,
        receivedAt,
        sentAt,
      }
      if (requestText !== null) exchange.requestBody = requestText
      ctx.upstream = {
        violations: [...judgeRequest(ctx), ...judgedResponse(judge(exchange))],
        body: answer.text === '' ? null : answer.text,
        bodyTruncated: answer.textTruncated,
        code: answer.status >= 400 && !unread ? errorCodeOf(answer.text) : null,
        waitMs: answer.waitMs,
        receiveMs: answer.receiveMs,
      }
      deps.onUpstreamAnswer?.(unread ? { ...answer, textTruncated: true } : answer, ctx)
      // Nothing served from the upstream may act as the mock's origin.
      const answerHeaders = confinedHeaders(answer.headers)
      // The mock answers CORS for the page that calls it: its headers replace the upstream's.
      if (ctx.headers['access-control-allow-origin'] !== undefined) {
        for (const name of Object.keys(answerHeaders)) {
          if (name.startsWith('access-control-')) delete answerHeaders[name]
        }
      }
      const answered: MockResponse = { status: answer.status, headers: answerHeaders }
      if (answer.setCookie.length > 0) {
        // One line each on the wire (RFC 6265 §3), not the record's joined value.
        delete answerHeaders['set-cookie']
        answered.setCookie = answer.setCookie.map(hostOnlyCookie)
      }
      if (carriesBody(request.method, answer.status)) answered.body = answer.body
      return answered
    })
  }
}

/** The judge's verdict on the upstream's answer: each violation is the upstream's (`source: 'response'`). */
function judgedResponse(violations: Array<Violation>): Array<AnsweredViolation> {
  return violations.map((violation) => ({ ...violation, source: 'response' }))
}

/**
 * The upstream's path for a request: the API root's path, the path under
 * `/v1` (`/` when both are empty: an upstream at its origin's root), the query.
 */
function upstreamPath(target: ProxyTarget, ctx: Context): string {
  const query = rawQueryOf(ctx)
  const path = `${target.rootPath}${ctx.path.slice(API_PREFIX.length)}`
  return `${path === '' ? '/' : path}${query === '' ? '' : `?${query}`}`
}

/** The query as the caller sent it, minus `__code` / `__delay` when the mock used them. */
function rawQueryOf(ctx: Context): string {
  const { request } = ctx
  const raw = request.rawQuery ?? request.query.toString()
  if (ctx.forced !== 'query') return raw
  return raw
    .split('&')
    .filter((part) => !SIMULATION_PARAMS.includes(paramName(part)))
    .join('&')
}

/** The decoded name of one `name=value` part of a query (as written, when it does not decode). */
function paramName(part: string): string {
  const name = (part.split('=')[0] ?? '').replace(/\+/g, ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/**
 * The caller's headers that the proxy forwards: those of
 * `FORWARDED_REQUEST_HEADERS` that are end-to-end (a header `Connection`
 * names is not), minus `Prefer` when the mock used it.
 */
function forwardedHeaders(ctx: Context): Record<string, string> {
  const { headers } = ctx.request
  const entries = headers.entries?.() ?? []
  const forwarded = endToEndHeaders(entries, ctx.forced === 'prefer' ? USED_PREFER : undefined)
  for (const name of Object.keys(forwarded)) {
    if (!FORWARDED_REQUEST_HEADERS.has(name)) delete forwarded[name]
  }
  return forwarded
}

/**
 * Whether an answer says the upstream has no such route (so the mock may
 * answer instead): 405 or 501; or a 404 that cannot mean a missing record:
 * on a route without a path parameter, on a path no route of the spec has,
 * with a body that is not JSON (a framework's page) or too large to read, or with an Error `code`
 * that names a route or path.
 */
function hasNoSuchRoute(answer: UpstreamAnswer, ctx: Context, unread: boolean): boolean {
  if (answer.status === 405 || answer.status === 501) return true
  if (answer.status !== 404) return false
  if (ctx.route === undefined || !ctx.route.path.includes('{')) return true
  if (unread) return true
  const json = parseJsonBody(answer.text)
  if (!json.ok) return true
  const code = (json.value as { code?: unknown } | null)?.code
  return typeof code === 'string' && /route|path|endpoint/i.test(code)
}

/** What an Error `code` is shaped like (the spec's are `snake_case`): anything else is not kept. */
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,64}$/

/**
 * The `code` of an Error body, or `null` when the text is none or its code is
 * not shaped like one (so no upstream's control bytes reach a log line).
 */
function errorCodeOf(text: string): string | null {
  const json = parseJsonBody(text)
  if (!json.ok) return null
  const code = (json.value as { code?: unknown } | null)?.code
  return typeof code === 'string' && ERROR_CODE.test(code) ? code : null
}
