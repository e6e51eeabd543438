import type { AnsweredRequest, Context, MockResponse } from '../base/http/types.ts'

/**
 * The answer as the transport writes it: the context's headers under the
 * response's own, the journal told of it (`onAnswer`, outside the control
 * API), and a HEAD's body dropped, its length said instead (RFC 9110 §9.3.2).
 *
 * @example
 * finishAnswer(ctx, { status: 200, headers: {}, body: '[]' }, journal.add, clock.now(), performance.now())
 */
export function finishAnswer(
  ctx: Context,
  response: MockResponse,
  onAnswer: ((answered: AnsweredRequest) => void) | undefined,
  /** When the request came, by the mock's clock (what the journal says). */
  startedAt: number,
  /** The same moment by `performance.now()` (what its duration is measured from). */
  started: number,
): MockResponse {
  const { request } = ctx
  const headers = { ...ctx.headers, ...response.headers }
  if (onAnswer && ctx.zone !== 'admin')
    onAnswer(answered(ctx, response, headers, startedAt, started))
  if (response.status === 499) return response
  // A HEAD is routed as the GET of its path; here it loses the body, and
  // says how long the GET's would be.
  if (request.method === 'HEAD') {
    const length =
      response.body === undefined
        ? undefined
        : typeof response.body === 'string'
          ? utf8Length(response.body)
          : response.body.byteLength
    return {
      status: response.status,
      headers: length === undefined ? headers : { ...headers, 'content-length': String(length) },
      setCookie: response.setCookie,
    }
  }
  return {
    status: response.status,
    headers,
    setCookie: response.setCookie,
    body: response.body,
    stream: response.stream,
  }
}

/** What the journal is told of an answered request. */
function answered(
  ctx: Context,
  response: MockResponse,
  headers: Record<string, string>,
  startedAt: number,
  started: number,
): AnsweredRequest {
  const { request, upstream } = ctx
  return {
    method: request.method,
    path: ctx.path,
    query: request.query,
    rawQuery: request.rawQuery,
    headers: request.headers,
    body: request.body,
    startedAt,
    durationMs: performance.now() - started,
    status: response.status,
    route: ctx.route?.path ?? null,
    code: upstream === undefined ? (response.errorCode ?? null) : upstream.code,
    forced: ctx.forced ?? null,
    cell: ctx.cell,
    fallback: ctx.fallback,
    plan: ctx.apiKey?.plan ?? null,
    answeredBy: upstream === undefined ? 'mock' : 'upstream',
    violations: upstream?.violations ?? [],
    response: {
      headers,
      body:
        request.method === 'HEAD'
          ? null
          : upstream === undefined
            ? (response.body ?? null)
            : upstream.body,
      // The items of the mock's own list as the client got it: none of a HEAD.
      items: request.method === 'HEAD' || upstream !== undefined ? undefined : response.items,
    },
    upstream,
  }
}

const encoder = new TextEncoder()

/** The length of a text in UTF-8 bytes. */
function utf8Length(text: string): number {
  return encoder.encode(text).byteLength
}
