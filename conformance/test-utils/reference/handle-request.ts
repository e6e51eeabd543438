import { errorReply } from './error-reply.ts'
import { HttpError } from './http-error.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { RateDecision } from './rate-limiter.ts'
import { readSpelling } from './read-spelling.ts'
import type { ReferenceOptions } from './reference-options.ts'
import { runBeforeAuth } from './run-before-auth.ts'

const SUNSET = new Date(Date.UTC(2030, 11, 5))
// Deprecated with 1.0.0, years before the sunset.
const DEPRECATED_AT = new Date(Date.UTC(SUNSET.getUTCFullYear() - 5, 0, 1))
// Stryker disable next-line ObjectLiteral: §9 marks the deprecation on the operation and requires no header; a server may send none
const DEPRECATION = {
  Deprecation: `@${DEPRECATED_AT.getTime() / 1000}`,
  Sunset: SUNSET.toUTCString(),
}

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
  // Stryker disable next-line ConditionalExpression,EqualityOperator: §3 "Default status when `status` is omitted on creation: not shown": `available`, another or none
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus

  const listPets = (request: ParsedRequest): Reply => {
    const query = parts.parseListQuery(request.query)
    return { status: 200, headers: {}, body: parts.store.list(query).map(parts.present) }
  }

  const createPet = async (request: ParsedRequest): Promise<Reply> => {
    const contentType =
      request.headers['content-type'] ??
      // Stryker disable next-line StringLiteral: indistinguishable: no Content-Type and any label other than `application/json` are read alike
      ''
    // Stryker disable next-line OptionalChaining: indistinguishable: `split` always gives a first item
    const label = contentType.split(';')[0]?.trim().toLowerCase()
    // Stryker disable next-line BlockStatement: a server may read a body under any label as JSON (§4.2 documents no 415)
    if (options.jsonOnly && label !== 'application/json') {
      // Stryker disable next-line CallExpression: a body under any label read as JSON (§4.2 documents no 415)
      throw new HttpError(
        415,
        // Stryker disable next-line StringLiteral: a body under any label read as JSON (§4.2 documents no 415); §7 shows no values of `code`
        'unsupported_media_type',
        'Send application/json.',
      )
    }
    const parsed = parts.parseNewPet(request.body)
    // Stryker disable next-line all: a variant's switch (names normalised to NFC, which the kit reads as the same name)
    const input = options.nfcNames ? { ...parsed, name: parsed.name.normalize('NFC') } : parsed
    const status = input.status ?? defaultStatus
    const pet = await parts.store.insert({
      ...input,
      ...(status === null
        ? {}
        : // Stryker disable next-line ObjectLiteral: a create without `status` stored without one, which §2 allows ("Field `status` is optional") and §3 leaves open ("Default status when `status` is omitted on creation: not shown")
          { status }),
    })
    // Stryker disable next-line all: a variant's switch (an absolute Location, RFC 9110 §10.2.2 allows either)
    const origin = options.absoluteLocation ? `http://${request.headers.host}` : ''
    return {
      status: 201,
      // Stryker disable next-line ObjectLiteral: §4.2 requires no Location header (RFC 9110 §10.2.2 makes it optional); what one says is judged
      headers: { Location: `${origin}${base}/pets/${pet.id}` },
      body: parts.present(pet),
    }
  }

  const getPet = (text: string): Reply => {
    const pet = parts.store.find(parts.parsePetId(text))
    if (pet === undefined) {
      throw new HttpError(
        404,
        // Stryker disable next-line StringLiteral: §7 shows no values of `code`
        'not_found',
        `No pet ${text}.`,
      )
    }
    return {
      status: 200,
      headers:
        // Stryker disable next-line all: §9 marks the deprecation on the operation and requires no header; a server may send them or not
        options.deprecationHeaders === false
          ? {}
          : // Stryker disable next-line ObjectLiteral,StringLiteral: §9 requires no header; an empty Link is an empty list, no link (RFC 9110 §5.6.1)
            { ...DEPRECATION, Link: `<${base}/pets>; rel="successor-version"` },
      body: parts.present(pet),
    }
  }

  const listOrders = (): Reply => {
    const status = options.ordersStatus ?? 200
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: §4.4 shows no response of GET /store/orders: 200 or 403 (with an Error body) after the key check are allowed (404 says it is missing; a setting for the proxy's tests)
    if (status !== 200) {
      // Stryker disable next-line CallExpression: §4.4 shows no response of GET /store/orders
      throw new HttpError(
        status,
        // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: §4.4 shows no response of GET /store/orders, §7 shows no values of `code`
        status === 403 ? 'forbidden' : 'not_found',
        'No orders.',
      )
    }
    // Stryker disable next-line ArrayDeclaration: §4.4 shows no payload of GET /store/orders
    return { status: 200, headers: {}, body: [] }
  }

  const route = async (request: ParsedRequest): Promise<Reply> => {
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
    const operations: Record<string, (() => Reply | Promise<Reply>) | undefined> = {
      'GET /pets': () => listPets(request),
      'POST /pets': () => createPet(request),
      'GET /pets/{petId}': () => getPet(petId as string),
      'GET /store/orders': () => listOrders(),
    }
    const operation = operations[`${method} ${petId === undefined ? path : '/pets/{petId}'}`]
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
