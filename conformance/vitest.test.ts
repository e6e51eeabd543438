import { withTestMock } from './test-utils/with-test-mock.ts'
import { defineConformanceSuite } from './vitest.ts'

const mock = withTestMock()

defineConformanceSuite({
  name: 'the vitest adapter against the project mock',
  baseUrl: () => `${mock.current.url}/v1`,
  token: 'sk_test_enterprise',
  seed: 1,
  fallbackPerMinute: 3600,
})
