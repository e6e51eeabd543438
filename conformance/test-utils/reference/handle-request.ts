import { errorReply } from './error-reply.ts'
import { HttpError } from './http-error.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { RateDecision } from './rate-limiter.ts'
import type { ReferenceOptions } from './reference-options.ts'

// Stryker disable next-line all: the removal date of getPet (§4.3, §9); deprecation headers are not required
const SUNSET = new Date(Date.UTC(2030, 11, 5))
// Stryker disable next-line all: deprecation headers are not required (§9); deprecated with 1.0.0, years before the sunset
const DEPRECATED_AT = new Date(Date.UTC(SUNSET.getUTCFullYear() - 5, 0, 1))
// Stryker disable next-line all: deprecation is marked on the operation (§9); no header is required
const DEPRECATION = {
  // Stryker disable next-line all: deprecation headers are not required (§9)
  Deprecation: `@${DEPRECATED_AT.getTime() / 1000}`,
  // Stryker disable next-line all: deprecation headers are not required (§9)
  Sunset: SUNSET.toUTCString(),
}

function rateHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.reset),
  }
}

function retryAfter(decision: RateDecision, style: 'seconds' | 'date' | undefined, nowMs: number) {
  // Stryker disable next-line all: Retry-After as seconds or an HTTP-date are both valid (RFC 9110 §10.2.3)
  return style === 'date'
    ? // Stryker disable next-line all: the HTTP-date variant (an allowed difference); its value is not judged beyond being a date
      new Date((Math.ceil(nowMs / 1000) + decision.retryAfterS) * 1000).toUTCString()
    : String(decision.retryAfterS)
}

/**
 * Creates the request handler: rate limit (every request counts, 429 past
 * the limit), route, key check (401 before anything else), the operation,
 * and every error turned into an Error body in one place. Every reply
 * carries the rate-limit headers (§8).
 *
 * @example
 * const handle = createHandler(parts, options, Date.now)
 * const reply = await handle(request)
 */
export function createHandler(
  parts: ReferenceParts,
  options: ReferenceOptions,
  now: () => number,
): (request: ParsedRequest) => Promise<Reply> {
  // Stryker disable next-line all: the base path is used only in Location and Link, which the spec does not require
  const base = options.basePath ?? '/v1'
  // Stryker disable next-line all: the default status when none is sent is not shown (§3)
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus

  const listPets = (request: ParsedRequest): Reply => {
    const query = parts.parseListQuery(request.query)
    return { status: 200, headers: {}, body: parts.store.list(query).map(parts.present) }
  }

  const createPet = async (request: ParsedRequest): Promise<Reply> => {
    const input = parts.parseNewPet(request.body)
    const status = input.status ?? defaultStatus
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: whether a pet created without status has one is not shown (§3)
    const pet = await parts.store.insert({ ...input, ...(status === null ? {} : { status }) })
    return {
      status: 201,
      // Stryker disable next-line all: §4.2 requires no Location header
      headers: { Location: `${base}/pets/${pet.id}` },
      body: parts.present(pet),
    }
  }

  const getPet = (text: string): Reply => {
    const pet = parts.store.find(parts.parsePetId(text))
    if (pet === undefined) {
      // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
      throw new HttpError(404, 'not_found', `No pet ${text}.`)
    }
    return {
      status: 200,
      headers:
        // Stryker disable next-line all: deprecation headers are not required (§9)
        options.deprecationHeaders === false
          ? // Stryker disable next-line all: deprecation headers are not required (§9)
            {}
          : // Stryker disable next-line all: deprecation headers are not required (§9)
            { ...DEPRECATION, Link: `<${base}/pets>; rel="successor-version"` },
      body: parts.present(pet),
    }
  }

  // Stryker disable all: GET /store/orders exists, but its parameters, payloads and responses are not shown (§4.4)
  const listOrders = (): Reply => {
    const status = options.ordersStatus ?? 200
    if (status !== 200) {
      throw new HttpError(status, status === 403 ? 'forbidden' : 'not_found', 'No orders.')
    }
    return { status: 200, headers: {}, body: [] }
  }

  // Stryker restore all
  const route = async (request: ParsedRequest): Promise<Reply> => {
    const { method, path } = request
    // Stryker disable next-line EqualityOperator,BlockStatement: what a path outside the base answers is not shown (§1, §9)
    if (path === undefined) {
      // Stryker disable next-line all: what a path outside the base answers is not shown (§1, §9)
      throw new HttpError(404, 'not_found', 'No such route.')
    }
    // Stryker disable next-line all: a correct server has no middleware before the key check
    for (const middleware of parts.beforeAuth) {
      // Stryker disable next-line all: a correct server has no middleware before the key check
      middleware(request)
    }
    if (parts.keyOf(request) === undefined) {
      throw new HttpError(
        401,
        // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
        'unauthorized',
        // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
        'A valid bearer key is required.',
        // Stryker disable next-line all: §5 requires no WWW-Authenticate header (advisory in the kit)
        options.wwwAuthenticate === false ? {} : { 'WWW-Authenticate': 'Bearer realm="reference"' },
      )
    }
    // Stryker disable next-line Regex: paths other than those of §4 are not shown; what they answer is open
    const petId = /^\/pets\/([^/]*)$/.exec(path)?.[1]
    // Stryker disable all: other methods and paths are not shown (§4 lists GET/POST /pets and GET /pets/{petId}); what they answer is open
    const allowed =
      path === '/pets' ? 'GET, POST' : petId !== undefined || path === '/store/orders' ? 'GET' : ''
    // Stryker restore all
    // The route table: an operation per method and path template.
    const operations: Record<string, (() => Reply | Promise<Reply>) | undefined> = {
      'GET /pets': () => listPets(request),
      'POST /pets': () => createPet(request),
      'GET /pets/{petId}': () => getPet(petId as string),
    }
    const operation = operations[`${method} ${petId === undefined ? path : '/pets/{petId}'}`]
    if (operation) return operation()
    // Stryker disable all: other methods and paths are not shown (§4); what they answer is open
    if (method === 'GET' && path === '/store/orders') return listOrders()
    if (allowed !== '' && options.otherMethods !== 404) {
      throw new HttpError(405, 'method_not_allowed', `${method} is not allowed here.`, {
        Allow: allowed,
      })
    }
    throw new HttpError(404, 'not_found', 'No such route.')
  }

  // Stryker restore all
  return async (request) => {
    let limits: Record<string, string> = {}
    let reply: Reply
    try {
      const decision = await parts.count(request)
      limits = rateHeaders(decision)
      if (decision.over) {
        // Stryker disable next-line StringLiteral: §7 fixes no value of `code` or `message`
        throw new HttpError(429, 'rate_limited', 'Too many requests.', {
          'Retry-After': retryAfter(decision, options.retryAfter, now()),
        })
      }
      // Stryker disable next-line BlockStatement: no size limit on bodies is shown (§8)
      if (request.bodyTooLarge) {
        // Stryker disable next-line all: no size limit on bodies is shown (§8)
        throw new HttpError(413, 'payload_too_large', 'The body is too large.')
      }
      reply = await route(request)
    } catch (error) {
      // Stryker disable next-line all: §7 fixes no value of `code`
      reply = errorReply(error, options.codes ?? 'snake')
    }
    return parts.finish({ ...reply, headers: { ...limits, ...reply.headers } }, request)
  }
}
