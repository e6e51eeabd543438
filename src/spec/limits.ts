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
