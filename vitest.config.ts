import { defineConfig } from 'vitest/config'
import { SummaryReporter } from './test/summary-reporter.ts'

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'conformance/**/*.test.ts',
      'bin/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    reporters: ['default', new SummaryReporter()],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
