import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Whether the browser tests run here: where Chromium exists, and always when
 * PETSTORE_BROWSER_TEST=required (CI installs it; see `.ci/run`).
 */
export const BROWSER_TESTS =
  existsSync(CHROMIUM_PATH) || process.env.PETSTORE_BROWSER_TEST === 'required'

/**
 * Launches headless Chromium with playwright-core, quiet and off the network.
 * `scrollbars: true` draws scrollbars as a desktop browser does (headless
 * Chromium hides them by default), for tests and screenshots of layout.
 *
 * @example
 * const browser = await launchChromium()
 * const page = await browser.newPage()
 */
export function launchChromium({
  scrollbars = false,
}: {
  scrollbars?: boolean
} = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
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
