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
