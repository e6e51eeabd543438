import { errorReply } from './error-reply.ts'
import { HttpError } from './http-error.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { RateDecision } from './rate-limiter.ts'
import type { ReferenceOptions } from './reference-options.ts'

const DEPRECATION = {
  Deprecation: '@1924992000',
  Sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
}

function rateHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.reset),
  }
}

function retryAfter(decision: RateDecision, style: 'seconds' | 'date' | undefined, nowMs: number) {
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
 * const handle = createHandler(parts, options, Date.now)
 * const reply = await handle(request)
 */
export function createHandler(
  parts: ReferenceParts,
  options: ReferenceOptions,
  now: () => number,
): (request: ParsedRequest) => Promise<Reply> {
  const base = options.basePath ?? '/v1'
  const defaultStatus = options.defaultStatus === undefined ? 'available' : options.defaultStatus

  const listPets = (request: ParsedRequest): Reply => {
    const query = parts.parseListQuery(request.query)
    return { status: 200, headers: {}, body: parts.store.list(query).map(parts.present) }
  }

  const createPet = async (request: ParsedRequest): Promise<Reply> => {
    const input = parts.parseNewPet(request.body, request.headers['content-type'])
    const status = input.status ?? defaultStatus
    const pet = await parts.store.insert({ ...input, ...(status === null ? {} : { status }) })
    return {
      status: 201,
      headers: { Location: `${base}/pets/${pet.id}` },
      body: parts.present(pet),
    }
  }

  const getPet = (text: string): Reply => {
    const pet = parts.store.find(parts.parsePetId(text))
    if (pet === undefined) {
      throw new HttpError(404, 'not_found', `No pet ${text}.`)
    }
    return {
      status: 200,
      headers:
        options.deprecationHeaders === false
          ? {}
          : { ...DEPRECATION, Link: `<${base}/pets>; rel="successor-version"` },
      body: parts.present(pet),
    }
  }

  const listOrders = (): Reply => {
    const status = options.ordersStatus ?? 200
    if (status !== 200) {
      throw new HttpError(status, status === 403 ? 'forbidden' : 'not_found', 'No orders.')
    }
    return { status: 200, headers: {}, body: [] }
  }

  const route = async (request: ParsedRequest): Promise<Reply> => {
    const { method, path } = request
    if (path === undefined) {
      throw new HttpError(404, 'not_found', 'No such route.')
    }
    for (const middleware of parts.beforeAuth) {
      middleware(request)
    }
    if (parts.keyOf(request) === undefined) {
      throw new HttpError(
        401,
        'unauthorized',
        'A valid bearer key is required.',
        options.wwwAuthenticate === false ? {} : { 'WWW-Authenticate': 'Bearer realm="reference"' },
      )
    }
    const petId = /^\/pets\/([^/]*)$/.exec(path)?.[1]
    const allowed =
      path === '/pets' ? 'GET, POST' : petId !== undefined || path === '/store/orders' ? 'GET' : ''
    if (method === 'GET' && path === '/pets') return listPets(request)
    if (method === 'POST' && path === '/pets') return createPet(request)
    if (method === 'GET' && petId !== undefined) return getPet(petId)
    if (method === 'GET' && path === '/store/orders') return listOrders()
    if (allowed !== '' && options.otherMethods !== 404) {
      throw new HttpError(405, 'method_not_allowed', `${method} is not allowed here.`, {
        Allow: allowed,
      })
    }
    throw new HttpError(404, 'not_found', 'No such route.')
  }

  return async (request) => {
    let decision: RateDecision | undefined
    let reply: Reply
    try {
      decision = parts.count(request)
      if (decision.over) {
        throw new HttpError(429, 'rate_limited', 'Too many requests.', {
          'Retry-After': retryAfter(decision, options.retryAfter, now()),
        })
      }
      if (request.bodyTooLarge) {
        throw new HttpError(413, 'payload_too_large', 'The body is too large.')
      }
      reply = await route(request)
    } catch (error) {
      reply = errorReply(error, options.codes ?? 'snake')
    }
    const limits = decision === undefined ? {} : rateHeaders(decision)
    return parts.finish({ ...reply, headers: { ...limits, ...reply.headers } }, request)
  }
}
