import type { Context, Middleware, MockResponse, Operation } from './types.ts'

/**
 * Wraps an operation in middleware, outermost first.
 *
 * @example
 * const run = compose([rateLimit, auth], listPets)
 * const response = await run(ctx)
 */
export function compose(
  middleware: ReadonlyArray<Middleware>,
  operation: Operation,
): (ctx: Context) => Promise<MockResponse> {
  return (ctx) => {
    const dispatch = (index: number): MockResponse | Promise<MockResponse> => {
      const current = middleware[index]
      if (current === undefined) return operation(ctx)
      return current(ctx, () => dispatch(index + 1))
    }
    // Synchronous layers run in one go; what they throw becomes the rejection.
    try {
      return Promise.resolve(dispatch(0))
    } catch (error) {
      return Promise.reject(error)
    }
  }
}
