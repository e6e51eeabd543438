import { type Browser, chromium } from 'playwright-core'
import { CHROMIUM_PATH } from './browser-tests.ts'

export { BROWSER_TESTS, CHROMIUM_PATH } from './browser-tests.ts'

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
