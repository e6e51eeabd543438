interface JsonWithSource {
  rawJSON: (text: string) => unknown
}

/**
 * Parses JSON keeping every integer literal exact: integers become bigints,
 * other numbers stay numbers (the way a server backed by int64 columns must
 * read `categoryId`).
 *
 * @example
 * parseExactJson('{"categoryId":9007199254740993}') // { categoryId: 9007199254740993n }
 */
export function parseExactJson(text: string): unknown {
  // An integer literal is a whole number written without a fraction or an exponent.
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    Number.isInteger(value) &&
    !/[.eE]/.test(
      // Stryker disable next-line OptionalChaining,StringLiteral,LogicalOperator: Node's reviver always gets a context, and a number's has its source; with `&&` a whole number written `1.0` or `1e2` makes the body unreadable (400), which changes only a field §2 does not list (`categoryId`, `name` and `status` so written are refused either way), and a create with such a field may be accepted or refused (§4.2: 400 for invalid values)
      context?.source ?? '',
    )
      ? // Stryker disable next-line OptionalChaining: Node's reviver always gets a context
        BigInt(context?.source as string)
      : value,
  )
}

/**
 * Serialises JSON with bigints written as exact integer literals.
 *
 * @example
 * stringifyExactJson({ id: 2n ** 63n - 1n }) // '{"id":9223372036854775807}'
 */
export function stringifyExactJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? (JSON as unknown as JsonWithSource).rawJSON(item.toString()) : item,
  )
}
