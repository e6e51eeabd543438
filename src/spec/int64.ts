import { z } from 'zod'

/**
 * An integer in the int64 range that JavaScript can represent exactly.
 * The OpenAPI document describes it as `integer`, format `int64`.
 *
 * @example
 * int64.parse(42) // 42
 */
export const int64 = z.int().meta({ format: 'int64' })

/**
 * The smallest int64 (spec §2: `format: int64`), −2^63, as a bigint.
 *
 * @example
 * BigInt('-9223372036854775808') === INT64_MIN // true
 */
export const INT64_MIN = -(2n ** 63n)

/**
 * The largest int64 (spec §2: `format: int64`), 2^63 − 1, as a bigint.
 *
 * @example
 * BigInt('9223372036854775807') === INT64_MAX // true
 */
export const INT64_MAX = 2n ** 63n - 1n
