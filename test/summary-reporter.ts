import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { formatMessage } from '../src/errors/format-message.ts'
import {
  BROWSER_TEST_REQUIRED,
  BROWSER_TESTS,
  CHROMIUM_PATH,
  isBrowserTest,
} from './browser-tests.ts'

/**
 * Prints one plain closing line after vitest's own report,
 * `tests: N passed, N failed, N skipped`, for tools that read a run's result
 * from its last line. Where there is no Chromium, the line before it names
 * the browser tests that were skipped and how to run them.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { reporters: ['default', new SummaryReporter()] } })
 */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    /** Browser test files with skipped tests, and how many each. */
    const skippedInBrowser = new Map<string, number>()
    for (const module of testModules) {
      let skipped = 0
      for (const test of module.children.allTests()) {
        const { state } = test.result()
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else skipped++
      }
      counts.skipped += skipped
      if (!BROWSER_TESTS && skipped > 0 && isBrowserTest(sourceOf(module.moduleId))) {
        skippedInBrowser.set(relative(process.cwd(), module.moduleId), skipped)
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0)
        counts.failed++
    }
    counts.failed += unhandledErrors.length
    if (skippedInBrowser.size > 0) {
      const total = [...skippedInBrowser.values()].reduce((sum, count) => sum + count, 0)
      process.stdout.write(
        `\n${formatMessage(
          'run the browser tests',
          `no Chromium at ${CHROMIUM_PATH}, so ${total} ${total === 1 ? 'test was' : 'tests were'} skipped in ${[...skippedInBrowser.keys()].join(', ')}; install chromium (or set CHROMIUM_PATH) to run them, and ${BROWSER_TEST_REQUIRED} to make them required`,
        )}\n`,
      )
    }
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    )
  }
}

/** A test file's source ('' when it cannot be read: then it is not taken for a browser test). */
function sourceOf(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
