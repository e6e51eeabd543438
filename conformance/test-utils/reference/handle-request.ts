import { createOperations, type ReferenceOperations } from './create-operations.ts'
import { errorReply } from './error-reply.ts'
import { HttpError } from './http-error.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { RateDecision } from './rate-limiter.ts'
import { readSpelling } from './read-spelling.ts'
import type { ReferenceOptions } from './reference-options.ts'
import { runBeforeAuth } from './run-before-auth.ts'

/** `/pets/` and the one segment after it, the `petId` of GET /pets/{petId}. */
const PET_SEGMENT = /\/pets\/([^/]*)/.source
/** The path below the base is `/pets/{petId}` whole. */
// Stryker disable next-line Regex: a path with more before `/pets/` or after the id, read as GET /pets/{petId}, is open (§4 shows no other path)
const PET_PATH = new RegExp(/^P$/.source.replace('P', PET_SEGMENT))

/** The 401's Bearer challenges (RFC 6750 §3): the scheme and one or more auth-params, whose values are the server's. */
const CHALLENGES = {
  realm: 'Bearer realm="reference"',
  // Stryker disable next-line StringLiteral: RFC 6750 §3 leaves the parameters' values to the server
  error:
    'Bearer realm="reference, v1", error="invalid_token", error_description="The key is missing, unknown or malformed."',
  // Stryker disable next-line StringLiteral: RFC 6750 §3 leaves the parameters' values to the server, RFC 9110 §11.1 the scheme's case
  params: 'bearer realm="reference", scope="pets orders"',
} as const

function rateHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.reset),
  }
}

function retryAfter(decision: RateDecision, style: 'seconds' | 'date' | undefined, nowMs: number) {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: §7 names Retry-After, which RFC 9110 §10.2.3 allows as seconds or as an HTTP-date
  return style === 'date'
    ? new Date((Math.ceil(nowMs / 1000) + decision.retryAfterS) * 1000).toUTCString()
    : String(decision.retryAfterS)
}

/**
 * Routes one request past the rate limit: outside the base 404, the faults'
 * middleware, a slash form redirected (a variant), the key check (401
 * before anything else), then the operation of its method and path, or 405
 * or 404.
 */
function createRoute(
  parts: ReferenceParts,
  options: ReferenceOptions,
  base: string,
  operations: ReferenceOperations,
): (request: ParsedRequest) => Promise<Reply> {
  return async (request) => {
    // Stryker disable next-line BlockStatement: the spec shows nothing outside its base path (§1), so what a path there answers is open
    if (request.path === undefined) {
      // Stryker disable next-line StringLiteral,CallExpression: the spec shows nothing outside its base path (§1), so what a path there answers is open, its body included
      throw new HttpError(404, 'not_found', 'No such route.')
    }
    // Stryker disable next-line CallExpression: indistinguishable: a correct server has no middleware before the key check (only faults fill `beforeAuth`)
    runBeforeAuth(parts, request)
    // Stryker disable next-line all: a variant's switch, off in the mutation settings (how a server reads another spelling of a path is its choice within RFC 3986 §6)
    const spelled = readSpelling(request, options, base)
    // Stryker disable next-line all: a variant's switch, off in the mutation settings
    if (spelled) return spelled
    // Read after the middleware: a fault's middleware may rewrite them (a correct server has none).
    // Stryker disable next-line StringLiteral: indistinguishable: the path is never undefined here (a request outside the base was answered above)
    const { method, path = '' } = request
    // Stryker disable all: a variant's switch, off in the mutation settings (a redirect of a slash form that is no operation is the server's choice)
    const slashless = path.replace(/\/+$/, '')
    if (
      options.slashRedirect &&
      slashless !== path &&
      /^\/(pets(\/[^/]+)?|store\/orders)$/.test(slashless)
    ) {
      const query = request.query.size ? `?${request.query}` : ''
      return {
        status: 307,
        headers: { Location: `http://${request.headers.host}${base}${slashless}${query}` },
        raw: { type: 'text/plain; charset=utf-8', text: '' },
      }
    }
    // Stryker restore all
    if (parts.keyOf(request) === undefined) {
      throw new HttpError(
        401,
        // Stryker disable next-line StringLiteral: §7 shows no values of `code`
        'unauthorized',
        'A valid bearer key is required.',
        { 'WWW-Authenticate': CHALLENGES[options.challenge ?? 'realm'] },
      )
    }
    const petId = PET_PATH.exec(path)?.[1]
    const allowed =
      // Stryker disable next-line all: read only for a method and path §4 does not show (after the three operations and GET /store/orders): 405 with any Allow, or 404, is open there (`method.not-allowed` is advisory)
      path === '/pets' ? 'GET, POST' : petId !== undefined || path === '/store/orders' ? 'GET' : ''
    // The route table: an operation per method and path template.
    const table: Record<string, (() => Reply | Promise<Reply>) | undefined> = {
      'GET /pets': () => operations.listPets(request),
      'POST /pets': () => operations.createPet(request),
      'GET /pets/{petId}': () => operations.getPet(petId as string),
      'GET /store/orders': () => operations.listOrders(),
    }
    const operation = table[`${method} ${petId === undefined ? path : '/pets/{petId}'}`]
    if (operation) return operation()
    // Stryker disable next-line all: a method or path §4 does not show: 405 or 404 is open (the `otherMethods` variant; `method.not-allowed` is advisory)
    if (allowed !== '' && options.otherMethods !== 404) {
      // Stryker disable next-line ObjectLiteral,CallExpression: a method §4 does not show: 405 or 404 is open (`method.not-allowed` is advisory)
      throw new HttpError(
        405,
        // Stryker disable next-line StringLiteral: §7 shows no values of `code`
        'method_not_allowed',
        `${method} is not allowed here.`,
        { Allow: allowed },
      )
    }
    throw new HttpError(
      404,
      // Stryker disable next-line StringLiteral: §7 shows no values of `code`
      'not_found',
      'No such route.',
    )
  }
}

/**
 * Creates the request handler: rate limit (every request counts, 429 past
 * the limit), route, key check (401 before anything else), the operation,
 * and every error turned into an Error body in one place. Every reply
 * carries the rate-limit headers (§8).
 *
 * @example
 * const handle = createHandler(parts, options, Date.now, '/v1')
 * const reply = await handle(request)
 */
export function createHandler(
  parts: ReferenceParts,
  options: ReferenceOptions,
  now: () => number,
  base: string,
): (request: ParsedRequest) => Promise<Reply> {
  const route = createRoute(parts, options, base, createOperations(parts, options, base))

  return async (request) => {
    let limits: Record<string, string> = {}
    let reply: Reply
    try {
      const decision = await parts.count(request)
      limits = rateHeaders(decision)
      if (decision.over) {
        throw new HttpError(
          429,
          // Stryker disable next-line StringLiteral: §7 shows no values of `code`
          'rate_limited',
          'Too many requests.',
          { 'Retry-After': retryAfter(decision, options.retryAfter, now()) },
        )
      }
      if (request.bodyTooLarge) {
        throw new HttpError(
          413,
          // Stryker disable next-line StringLiteral: §7 shows no values of `code`
          'payload_too_large',
          'The body is too large.',
        )
      }
      reply = await route(request)
    } catch (error) {
      // Stryker disable next-line LogicalOperator,StringLiteral: every style but SHOUTING leaves `code` as it is, and §7 shows no values of `code`
      reply = errorReply(error, options.codes ?? 'snake')
    }
    return parts.finish({ ...reply, headers: { ...limits, ...reply.headers } }, request)
  }
}
