/**
 * msw's option that fails every request no handler answers, under the name
 * each major reads: `onUnhandledRequest` (msw 2) and `onUnhandledFrame`
 * (msw 3). Passed to `listen()` or `start()` as it is (not copied into an
 * object literal, which TypeScript would hold to one major's option names),
 * it type-checks and works with either msw the package allows.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createPetstore, failOnUnhandled } from 'petstore-mock'
 *
 * const server = setupServer(...createPetstore().handlers)
 * server.listen(failOnUnhandled)
 */
export const failOnUnhandled: {
  readonly onUnhandledRequest: 'error'
  readonly onUnhandledFrame: 'error'
} = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' }
