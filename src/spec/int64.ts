import { z } from 'zod'

/**
 * An integer in the int64 range that JavaScript can represent exactly.
 * The OpenAPI document describes it as `integer`, format `int64`.
 *
 * @example
 * int64.parse(42) // 42
 */
export const int64 = z.int().meta({ format: 'int64' })
