/**
 * `try`/`catch` as an expression: `run()`, or `otherwise(error)` when it
 * throws. A language helper, left out of mutation testing like the types.
 *
 * @example
 * const value = attempt(() => JSON.parse(text), () => undefined)
 */
export function attempt<T>(run: () => T, otherwise: (error: unknown) => T): T {
  try {
    return run()
  } catch (error) {
    return otherwise(error)
  }
}
