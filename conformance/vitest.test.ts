import { afterAll, beforeAll } from 'vitest'
import type { RunningServer } from '../src/server/start-server.ts'
import { startMock } from './test-utils/start-mock.ts'
import { defineConformanceSuite } from './vitest.ts'

let mock: RunningServer

beforeAll(async () => {
  mock = await startMock()
})

afterAll(async () => {
  await mock?.close()
})

defineConformanceSuite({
  name: 'the vitest adapter against the project mock',
  baseUrl: () => `${mock.url}/v1`,
  token: 'sk_test_enterprise',
  seed: 1,
  fallbackPerMinute: 3600,
})
