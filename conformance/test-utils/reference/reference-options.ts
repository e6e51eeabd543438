import type { ReferenceFault } from './apply-fault.ts'
import type { Status } from './pet-store.ts'

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
   * with the error parameters of RFC 6750 §3.1 (quoted, with commas), or
   * `params`: the scheme in lower case (RFC 9110 §11.1: case-insensitive) with
   * `realm` and a `scope` of two space-separated values (RFC 6750 §3). A bare
   * `Bearer` is no choice: RFC 6750 §3 has one or more auth-params follow it.
   */
  challenge?: 'realm' | 'error' | 'params'
  /**
   * A path that is an operation's path with a slash added (`/pets/`) is
   * redirected to it, before the key check (Starlette's `redirect_slashes`,
   * on by default in FastAPI): 307 with an absolute `Location` and no body.
   */
  slashRedirect?: boolean
  /**
   * Another spelling of an operation's path (RFC 3986 §6): `strict` 404 to
   * any path not sent as the spec writes it, before the key check;
   * `redirect` 301 (308 for a POST) to the operation's path, before the key
   * check; `lenient` served as the operation (slashes merged, a trailing
   * slash dropped, the case ignored), behind the key check. Without it: dot
   * segments removed and unreserved characters decoded, as the URL parser does.
   */
  pathSpellings?: 'strict' | 'redirect' | 'lenient'
  /** Names stored and shown in Unicode NFC (a database or ORM that normalises text). */
  nfcNames?: boolean
  /** The 201's `Location` as an absolute URL (`http://host/v1/pets/7`) rather than a path. */
  absoluteLocation?: boolean
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
