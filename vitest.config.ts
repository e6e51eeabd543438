import { defineConfig } from 'vitest/config'
import { SummaryReporter } from './test/summary-reporter.ts'

/** The packed-install test: `npm pack`, fresh installs beside msw 3 and msw 2.12, the bins. */
const PACKAGE_TESTS = ['test/package.test.ts']
/** The test StrykerJS runs per mutant (`npm run mutation`, configured in `conformance/mutation/`). */
const MUTATION_TESTS = ['conformance/mutation/**']

export default defineConfig({
  test: {
    reporters: ['default', new SummaryReporter()],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page polls the mock (the dashboard reads its state every 1.25 s at
    // most) and a loaded machine runs it late: `expect.poll` waits up to 10 s
    // instead of its default 1 s before it fails.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'conformance/**/*.test.ts',
            'bin/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: [...PACKAGE_TESTS, ...MUTATION_TESTS],
        },
      },
      {
        extends: true,
        // Packing and installing take minutes; the file bounds each step itself.
        test: { name: 'package', include: PACKAGE_TESTS },
      },
    ],
  },
})
