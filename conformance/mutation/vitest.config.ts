import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * The test StrykerJS runs for each mutant of the reference server
 * (`npm run mutation`, see `stryker.config.json` beside this file): the kit
 * against the mutated server. Not part of `npm test`.
 */
export default defineConfig({
  test: {
    // The project's root, where Stryker runs: paths below are read from it.
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['conformance/mutation/*.test.ts'],
    testTimeout: 60_000,
    // One file, its runs one after another: the machine is shared.
    fileParallelism: false,
  },
})
