/**
 * The `limit` query parameter of the list operations (spec §4.1, §8): its
 * bounds and the page size when it is absent.
 *
 * @example
 * LIST_LIMIT.default // 20
 */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const

/**
 * The largest request body accepted, in bytes. The spec sets no size limit on
 * bodies (§8); this is the mock's bound.
 *
 * @example
 * MAX_BODY_BYTES // 1048576
 */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * How long a request body may stall (no bytes arriving) before it is answered
 * with 408 `request_timeout`, in ms. The mock's bound; the spec sets none.
 *
 * @example
 * BODY_IDLE_TIMEOUT_MS // 10000
 */
export const BODY_IDLE_TIMEOUT_MS = 10_000

/**
 * The deepest nesting of arrays and objects accepted in a JSON body: deeper
 * bodies are answered with 400 before they are parsed. A NewPet needs 1, a
 * scenario 2. The mock's bound; the spec sets none.
 *
 * @example
 * MAX_JSON_DEPTH // 32
 */
export const MAX_JSON_DEPTH = 32

/**
 * The proxy's bounds on one exchange with the upstream (`--proxy`), in ms and
 * bytes: to open the connection (TCP and TLS), to receive the status line and
 * headers after sending, to receive the whole body after the headers, and the
 * most body bytes read. Past a timeout the caller gets 504 `upstream_timeout`;
 * a refused or failed connection 502 `upstream_unreachable`; a larger body
 * 502 `upstream_too_large`. At most `maxConnections` connections to the
 * upstream, and `maxInFlight` proxied requests at once (each may hold up to
 * twice `maxResponseBytes`: the body and its decoded copy); past that 503
 * `service_unavailable` with `Retry-After: busyRetryAfterS`. The upstream
 * bodies read and not yet written whole to their callers (a caller that does
 * not read holds its answer) take at most `maxHeldBytes` together: past that,
 * a request is 503 `service_unavailable` with `Retry-After` too, before it is
 * sent. Each is held at most `maxHoldMs` (the time the upstream has to send a
 * whole body, `bodyTimeoutMs`, is the time its caller has to read it): a
 * caller still reading then has its connection closed and its bytes let go
 * of, so slow readers hold the others at 503 for at most that long. The
 * mock's bounds; the spec sets none.
 *
 * @example
 * PROXY_LIMITS.maxResponseBytes // 8388608
 */
export const PROXY_LIMITS = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxResponseBytes: 8 * 1024 * 1024,
  maxConnections: 32,
  maxInFlight: 32,
  maxHeldBytes: 64 * 1024 * 1024,
  maxHoldMs: 30_000,
  busyRetryAfterS: 1,
} as const

/**
 * The largest upstream body (decoded, in UTF-16 code units) that the proxy
 * reads as JSON, to judge it against the spec and to record it. A larger one
 * is passed on all the same, but the judge takes it as cut short (the rules
 * that need the whole body decide nothing) and the recorder skips it:
 * reading a body that large (its JSON, each number exactly, each item
 * against the schema) would stall every other request. A page of the spec's
 * at most 100 pets is a few KiB. The mock's bound; the spec sets none.
 *
 * @example
 * MAX_JUDGED_BYTES // 262144
 */
export const MAX_JUDGED_BYTES = 256 * 1024
