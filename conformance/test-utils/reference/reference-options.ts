import type { Status } from './pet-store.ts'
import type { StackFault } from './stack-faults.ts'

/**
 * Rule breakers, one per fault class the kit must find: the server's own
 * code broken (`apply-fault.ts`) or a real stack's habit (`stack-faults.ts`).
 */
export type ReferenceFault =
  | StackFault
  | 'ids-as-doubles'
  | 'category-fraction-truncated'
  | 'lose-every-third-pet'
  | 'mislabel-status-after-5-creates'
  | 'concurrent-creates-share-an-id'
  | 'truncate-names-to-64'
  | 'echo-default-status-ignoring-sent'
  | 'limit-off-by-one'
  | 'limit-100-capped-at-50'
  | 'default-page-25-with-status'
  | 'status-filter-ignored-with-limit'
  | 'list-always-empty'
  | 'created-pets-never-listed'
  | 'status-filter-empty-without-limit'
  | 'not-found-before-auth'
  | 'orders-without-auth'
  | 'empty-token-accepted-on-get'
  | 'crash-on-int64-max-category'
  | 'crash-on-status-null'
  | 'crash-on-empty-name'
  | 'key-matched-by-prefix'
  | 'crash-on-limit-empty'
  | 'error-status-as-string-on-404'
  | 'plain-text-405'
  | 'plain-text-429'
  | 'no-rate-limit-headers-on-201'
  | 'reset-is-window-start'
  | 'remaining-never-changes'
  | 'orders-not-counted'
  | 'remaining-above-zero-on-429'
  | 'retry-after-invalid'
  | 'serves-after-remaining-0'
  | 'get-counted-twice'
  | 'overlapping-requests-counted-once'
  | 'orders-served-over-limit'
  | 'trims-names'
  | 'astral-characters-mangled'
  | 'numeric-names-as-numbers'
  | 'category-id-through-double'
  | 'path-ids-alias-beyond-32-bits'
  | 'overlapping-creates-lose-writes'
  | 'create-upserts-by-name'
  | 'key-read-as-first-word'
  | 'basic-scheme-accepted'
  | 'bearer-matched-without-anchor'
  | 'numeric-names-refused'
  | 'json-refused-for-wildcard-accept'
  | 'content-type-sent-twice'
  | 'no-remaining-on-get'
  | 'id-as-string'
  | 'body-parsed-up-to-the-limit'
  | 'location-outside-the-base-path'
  | 'deprecation-in-milliseconds'
  | 'problem-json-on-every-answer'
  | 'orders-get-not-routed'
  | 'orders-route-not-found'
  | 'no-www-authenticate'
  | 'basic-challenge'
  | 'limiter-keyed-by-address'

/**
 * The differences a correct server may have, each a switch, plus `fault`,
 * which breaks one rule.
 *
 * @example
 * const options: ReferenceOptions = { order: 'descending', codes: 'SHOUTING' }
 */
export interface ReferenceOptions {
  /** Where the API lives: `/v1` by default, e.g. `/api/v1`. */
  basePath?: string
  /** Accepted bearer keys; {@link REFERENCE_TOKENS} by default. */
  tokens?: Array<string>
  /** The first id assigned; e.g. 9007199254740993n for ids beyond 2^53. */
  firstId?: bigint
  /** Ids grow by this much (snowflake-like gaps). */
  idStep?: bigint
  /** The categories that exist. */
  categoryIds?: Array<bigint>
  /** Pets present at start. */
  seedPets?: number
  /** Status given to a pet created without one; `null`: none. */
  defaultStatus?: Status | null
  /** Seeded pets carry no `status`. */
  seededWithoutStatus?: boolean
  /** List order. */
  order?: 'ascending' | 'descending' | 'random'
  /** Error `code` style. */
  codes?: 'snake' | 'SHOUTING'
  /** An unknown categoryId: 400, or accepted. */
  unknownCategory?: 'reject' | 'accept'
  /** Longest name accepted (400 beyond); no limit when absent. */
  maxNameLength?: number
  /** Extra fields on pets (`tags`, `createdAt`). */
  extraFields?: boolean
  /** Requests per window and the window's length. */
  rateLimit?: { limit: number; windowS: number }
  /**
   * A temporary ban (§8: a client that keeps sending after a 429 may have
   * its key banned): more than `after` requests past the limit in one window
   * ban the key for `seconds`, every request answered 429 until then.
   */
  ban?: { after: number; seconds: number }
  /** `Retry-After` as seconds or an HTTP-date. */
  retryAfter?: 'seconds' | 'date'
  /** Compress bodies when the client accepts it. */
  compression?: 'gzip' | 'br' | 'deflate'
  /** Send `Deprecation`/`Sunset` on getPet. */
  deprecationHeaders?: boolean
  /** An out-of-range `limit`: 400, or clamped. */
  invalidLimit?: 'reject' | 'clamp'
  /**
   * Other notations read the same (the spec leaves the reading of
   * non-canonical shapes open): a `limit` or path id in another notation of
   * an integer (`+5`, `5.0`, `1e1`, `007`) read as it, a `limit` that is no
   * number ignored (the default), an unknown `status` matching no pet
   * instead of a 400, a path id that is no integer answered 404.
   */
  lenientShapes?: boolean
  /** `POST /pets` labelled other than `application/json` (any case, any parameters): 415. */
  jsonOnly?: boolean
  /**
   * The 401's Bearer challenge (RFC 6750 §3): with a realm (the default),
   * bare, or with the error parameters of RFC 6750 §3.1 (quoted, with commas).
   */
  challenge?: 'realm' | 'bare' | 'error'
  /** Send a `Date` header. */
  sendDate?: boolean
  /** Undocumented methods: 405 with Allow, or 404. */
  otherMethods?: 405 | 404
  /**
   * What a keyed `GET /store/orders` answers (the spec shows only its auth): 200 `[]` by default,
   * or 403. 404 says the operation is missing (§4.4 says it exists), which `orders.exists` fails:
   * only the proxy's tests of an upstream without the route use it.
   */
  ordersStatus?: 200 | 403 | 404
  /** Pets are shown without `status` everywhere (list, get, 201): §2 makes it optional. */
  omitStatus?: boolean
  /** Error bodies labelled `application/problem+json`. */
  problemJson?: boolean
  /** Break one rule. */
  fault?: ReferenceFault
  /** The server's clock (ms), for rate-limit windows and `Date`; injectable for tests. */
  clock?: () => number
}

/**
 * The keys the reference server accepts by default: the kit's key and the
 * second key of `ratelimit.keys-separate`.
 *
 * @example
 * REFERENCE_TOKENS[0] // 'sk_ref'
 */
export const REFERENCE_TOKENS: ReadonlyArray<string> = ['sk_ref', 'sk_ref_other']
