import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line after vitest's own report,
 * `tests: N passed, N failed, N skipped`, for tools that read a run's result
 * from its last line.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { reporters: ['default', new SummaryReporter()] } })
 */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const { state } = test.result()
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0)
        counts.failed++
    }
    counts.failed += unhandledErrors.length
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    )
  }
}
