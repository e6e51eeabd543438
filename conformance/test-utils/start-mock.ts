import { type RunningServer, startServer } from '../../src/server/start-server.ts'

/** Keys of the test mock: a Free-plan key per rate-limit test, so none shares a window. */
export const TEST_KEYS = {
  sk_tiny_1: 'free',
  sk_tiny_2: 'free',
  sk_tiny_3: 'free',
  sk_tiny_4: 'free',
} as const

/**
 * Starts the project's mock on a free port with windows 60 times shorter
 * (a "minute" lasts one second), for integration tests.
 *
 * @example
 * const mock = await startMock()
 * await mock.close()
 */
export function startMock(scale = 60): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    seed: 1,
    rateLimit: { scale },
    keys: { ...TEST_KEYS },
  })
}
