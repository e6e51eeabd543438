/**
 * The value at a path of keys (a schema issue's `path`) inside a parsed
 * value, or `undefined` where the path leaves objects and arrays.
 *
 * @example
 * valueAt({ tags: ['a', 'b'] }, ['tags', 1]) // 'b'
 * valueAt({ tags: null }, ['tags', 0]) // undefined
 */
export function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}
