import { NAME_RECORD_PROTOTYPE } from './name-record.ts'

/**
 * Whether a value is a plain object, such as `JSON.parse` or `nameRecord`
 * makes (its prototype `Object.prototype`, a name record's or none): not an
 * array, `null`, a class instance or a built-in such as a `Map`.
 *
 * @example
 * isPlainObject({ a: 1 }) // true
 * isPlainObject(nameRecord()) // true
 * isPlainObject([]) // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === NAME_RECORD_PROTOTYPE || prototype === null
}
