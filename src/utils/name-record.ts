/**
 * The prototype of every name record: an empty object without a prototype of
 * its own, frozen. A record made from it inherits nothing (no `constructor`,
 * no `toString`, no `__proto__` accessor), yet keeps V8's fast properties,
 * which an object made by `Object.create(null)` gives up (node:http keeps
 * `req.headers` the same way).
 */
export const NAME_RECORD_PROTOTYPE: object = Object.freeze(Object.create(null))

/** Makes name records: `new NameRecord()` is an empty one. */
function NameRecord(this: object): void {}
NameRecord.prototype = NAME_RECORD_PROTOTYPE

/**
 * A record keyed by names that come from outside (query names, header names,
 * JSON keys, check ids): an object that inherits nothing, so that a name
 * such as `constructor`, `toString` or `__proto__` is an entry like any
 * other, never an inherited member nor the prototype's setter. With
 * `entries`, it holds them (a later entry of the same name replaces an
 * earlier one, as with `Object.fromEntries`). Every such record in the mock
 * and the kit is made here (`hostile-names.fuzz.test.ts` sends those names
 * to every route).
 *
 * @example
 * const query = nameRecord<string>()
 * query.constructor // undefined
 * nameRecord([['__proto__', 'x']]).__proto__ // 'x'
 */
export function nameRecord<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const record = new (NameRecord as unknown as new () => Record<string, T>)()
  if (entries !== undefined) for (const [name, value] of entries) record[name] = value
  return record
}
