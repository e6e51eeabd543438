import type { Middleware, Operation } from './types.ts'

/**
 * Wraps an operation in middleware, outermost first. The chain is built once
 * (each layer's `next` is the rest of it), so running it makes no closure. A
 * request that passes only synchronous layers is answered synchronously
 * (what they throw is thrown); one that meets a layer that waits gets a
 * promise.
 *
 * @example
 * const run = compose([authenticate(keyring), rateLimit(limiter)], listPets(store))
 * const response = await run(ctx)
 */
export function compose(middleware: ReadonlyArray<Middleware>, operation: Operation): Operation {
  let run = operation
  for (let index = middleware.length - 1; index >= 0; index--) {
    const layer = middleware[index] as Middleware
    const next = run
    run = (ctx) => layer(ctx, next)
  }
  return run
}
