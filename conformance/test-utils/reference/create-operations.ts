import { HttpError } from './http-error.ts'
import type { ParsedRequest, ReferenceParts, Reply } from './parts.ts'
import type { ReferenceOptions } from './reference-options.ts'

const SUNSET = new Date(Date.UTC(2030, 11, 5))
// Deprecated with 1.0.0, years before the sunset.
const DEPRECATED_AT = new Date(Date.UTC(SUNSET.getUTCFullYear() - 5, 0, 1))
// Stryker disable next-line ObjectLiteral: §9 marks the deprecation on the operation and requires no header; a server may send none
const DEPRECATION = {
  Deprecation: `@${DEPRECATED_AT.getTime() / 1000}`,
  Sunset: SUNSET.toUTCString(),
}

/** The four operations of the spec (§4), each answering a request past the key check. */
export interface ReferenceOperations {
  listPets: (request: ParsedRequest) => Reply
  createPet: (request: ParsedRequest) => Promise<Reply>
  getPet: (petId: string) => Reply
  listOrders: () => Reply
}

/**
 * The reference server's operations: the list, the create (with its
 * `Location`), the get (with the deprecation headers of §9) and the orders,
 * each throwing an {@link HttpError} where it refuses.
 *
 * @example
 * const operations = createOperations(parts, options, '/v1')
 * operations.listPets(request) // { status: 200, headers: {}, body: [...] }
 */
export function createOperations(
  parts: ReferenceParts,
  options: ReferenceOptions,
  base: string,
): ReferenceOperations {
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

  return { listPets, createPet, getPet, listOrders }
}
