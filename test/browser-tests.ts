import { existsSync } from 'node:fs'

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** What makes the browser tests required: without Chromium, they then fail instead of skipping. */
export const BROWSER_TEST_REQUIRED = 'PETSTORE_BROWSER_TEST=required'

/**
 * Whether the browser tests run here: where Chromium exists, and always when
 * PETSTORE_BROWSER_TEST=required (CI installs it; see `.ci/run`). Where they
 * do not, the run's closing lines say which were skipped and how to run them
 * (`SummaryReporter`).
 *
 * @example
 * describe.runIf(BROWSER_TESTS)('the dashboard in Chromium', () => {})
 */
export const BROWSER_TESTS =
  existsSync(CHROMIUM_PATH) ||
  process.env.PETSTORE_BROWSER_TEST === BROWSER_TEST_REQUIRED.split('=')[1]

/**
 * Whether a test file's source is a browser test: it launches Chromium
 * through `launch-chromium.ts`, the only way the tests reach a browser.
 *
 * @example
 * isBrowserTest("import { launchChromium } from './launch-chromium.ts'") // true
 */
export function isBrowserTest(source: string): boolean {
  return /from\s+['"][./]*(?:[\w-]+\/)*launch-chromium(?:\.ts)?['"]/.test(source)
}
