import type { OperationId, RuleRequest } from './check-definition.ts'

/**
 * The one reading of a request that the rules of one exchange are given, for
 * the kit's own requests and the proxy's alike: `petId` is the path's last
 * segment, percent-decoded (a bad escape such as `%zz` is kept as sent, not
 * thrown), the query as parsed from its raw text. `authorized` is what the
 * caller knows of the request: the kit sends its valid key within the rate
 * limit; a proxy does not know.
 *
 * @example
 * ruleRequestOf({ operation: 'getPet', path: '/v1/pets/%31', query: '', authorized: false }).pathParams // { petId: '1' }
 */
export function ruleRequestOf(request: {
  operation: OperationId
  /** The path as sent, percent-encoded, without the query. */
  path: string
  /** The raw query, without `?`. */
  query: string
  body?: string | undefined
  authorized: boolean
}): RuleRequest {
  let petId = request.path.slice(request.path.lastIndexOf('/') + 1)
  try {
    petId = decodeURIComponent(petId)
  } catch {
    // Not percent-encoded as it should be: judged as sent.
  }
  return {
    pathParams: request.operation === 'getPet' ? { petId } : {},
    query: new URLSearchParams(request.query),
    body: request.body,
    authorized: request.authorized,
  }
}
