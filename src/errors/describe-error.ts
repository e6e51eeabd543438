/**
 * A thrown value as the reason of a message: `Name: message` for an `Error`,
 * the value as text otherwise.
 *
 * @example
 * describeError(new TypeError('x is not a function')) // 'TypeError: x is not a function'
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}
