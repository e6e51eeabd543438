import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Whether the browser tests run here: where Chromium exists, and always when
 * PETSTORE_BROWSER_TEST=required (CI installs it; a missing one then fails).
 */
export const BROWSER_TESTS_RUN =
  existsSync(CHROMIUM_PATH) || process.env.PETSTORE_BROWSER_TEST === 'required'

/**
 * Launches headless Chromium the way every browser test does: no sandbox, no
 * GPU, QUIC, first-run, background networking, component updates or sync.
 *
 * @example
 * const browser = await launchChromium()
 * try { await (await browser.newPage()).goto(url) } finally { await browser.close() }
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}
