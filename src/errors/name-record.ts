/**
 * A record keyed by names that come from outside (query names, header names,
 * JSON keys, check ids): an object without a prototype, so that a name such
 * as `constructor`, `toString` or `__proto__` is an entry like any other,
 * never an inherited member nor the prototype's setter. With `entries`, it
 * holds them (a later entry of the same name replaces an earlier one, as with
 * `Object.fromEntries`). Every such record in the mock and the kit is made
 * here (`hostile-names.fuzz.test.ts` sends those names to every route).
 *
 * @example
 * const query = nameRecord<string>()
 * query.constructor // undefined
 * nameRecord([['__proto__', 'x']]).__proto__ // 'x'
 */
export function nameRecord<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>
  if (entries !== undefined) for (const [name, value] of entries) record[name] = value
  return record
}
