import type { RunningServer, StartServerOptions } from '../../src/adapter/node/start-server.ts'
import { withMockServer } from '../../src/test-utils/with-mock-server.ts'

/** Keys of the test mock: a Free-plan key per rate-limit test, so none shares a window. */
export const TEST_KEYS = {
  sk_tiny_1: 'free',
  sk_tiny_2: 'free',
  sk_tiny_3: 'free',
  sk_tiny_4: 'free',
} as const

/**
 * Starts the project's mock on a free port for the tests of one file, with
 * seed 1, the {@link TEST_KEYS} and windows 60 times shorter (a "minute"
 * lasts one second), and closes it after. Read `.current` inside tests.
 * Pass a `clock` to run the mock's windows on a fake clock.
 *
 * @example
 * const mock = withTestMock()
 * it('runs', async () => {
 *   await runConformance({ baseUrl: `${mock.current.url}/v1`, token: 'sk_test_enterprise' })
 * })
 */
export function withTestMock(options: Pick<StartServerOptions, 'clock'> = {}): {
  current: RunningServer
} {
  return withMockServer({ seed: 1, rateLimit: { scale: 60 }, keys: { ...TEST_KEYS }, ...options })
}
