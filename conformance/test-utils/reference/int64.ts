/**
 * The int64 range (§2: ids and category ids are `integer, format int64`).
 *
 * @example
 * inInt64(2n ** 63n) // false
 */
export function inInt64(value: bigint): boolean {
  return value >= -(2n ** 63n) && value <= 2n ** 63n - 1n
}
