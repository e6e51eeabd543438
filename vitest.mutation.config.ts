import { defineConfig } from 'vitest/config'

/**
 * The test StrykerJS runs for each mutant of the reference server
 * (`npm run mutation`, see `stryker.config.json`): the kit against the
 * mutated server. Not part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['conformance/mutation/*.test.ts'],
    testTimeout: 60_000,
    // One file, its runs one after another: the machine is shared.
    fileParallelism: false,
  },
})
