/**
 * Whether a middleware's or an operation's result is still to come: any
 * thenable, as `await` reads it (a promise of another realm or library
 * included), not only this realm's `Promise`.
 *
 * @example
 * const response = isThenable(result) ? await result : result
 */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}
