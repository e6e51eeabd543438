import { reviveExactInteger } from '../spec/int64.ts'

type RawJsonApi = {
  rawJSON: (text: string) => unknown
}

/**
 * Parses JSON text without losing integers: a number literal that is an
 * integer outside JavaScript's safe range becomes a `bigint` with its exact
 * value (`reviveExactInteger`: the one reading of integer literals), every
 * other value is what `JSON.parse` gives. Throws like `JSON.parse`.
 *
 * @example
 * parseExactJson('{"id":9007199254740993}') // { id: 9007199254740993n }
 * parseExactJson('{"id":7}') // { id: 7 }
 */
export function parseExactJson(text: string): unknown {
  return JSON.parse(
    text,
    reviveExactInteger as (this: unknown, key: string, value: unknown) => unknown,
  )
}

/**
 * `JSON.stringify` that writes a `bigint` as its exact decimal number
 * (via `JSON.rawJSON`), so int64 ids go back to the server as they came.
 *
 * @example
 * stringifyExact({ categoryId: 9223372036854775807n }) // '{"categoryId":9223372036854775807}'
 */
export function stringifyExact(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? (JSON as unknown as RawJsonApi).rawJSON(item.toString()) : item,
  )
}
