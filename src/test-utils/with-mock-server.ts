import { afterAll, beforeAll } from 'vitest'
import {
  type RunningServer,
  type StartServerOptions,
  startServer,
} from '../adapter/node/start-server.ts'

/**
 * Starts a real mock server on port 0 for the tests of one file and closes it after.
 * Read `.current` inside tests.
 *
 * @example
 * const mock = withMockServer({ seed: 1 })
 * it('lists pets', async () => {
 *   const response = await request(`${mock.current.url}/v1/pets`)
 * })
 */
export function withMockServer(options: StartServerOptions = {}): { current: RunningServer } {
  const holder = {} as { current: RunningServer }
  beforeAll(async () => {
    holder.current = await startServer({ port: 0, host: '127.0.0.1', ...options })
  })
  afterAll(async () => {
    await holder.current?.close()
  })
  return holder
}
