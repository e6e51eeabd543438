import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ReferenceServer,
  startReferenceServer,
} from '../conformance/test-utils/reference-server.ts'
import { type RunningServer, startServer } from '../src/server/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * The dashboard of a mock in front of a faulty upstream (`--proxy`), in
 * Chromium: the row of the answer that broke a rule is marked, "Violations
 * only" keeps it alone, and opening it shows the check, its level, section
 * and message, and that the upstream answered. Screenshots go to
 * SCREENSHOT_DIR (default: none).
 */
const SCREENSHOTS = process.env.SCREENSHOT_DIR

describe.runIf(BROWSER_TESTS)('the dashboard shows a violation from a faulty upstream', () => {
  let upstream: ReferenceServer
  let mock: RunningServer
  let browser: Browser
  let page: Page
  const errors: Array<string> = []

  beforeAll(async () => {
    upstream = await startReferenceServer({ fault: 'error-status-as-string-on-404' })
    mock = await startServer({ port: 0, host: '127.0.0.1', proxy: upstream.baseUrl })
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } })
    page.on('pageerror', (error) => errors.push(error.message))
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await mock?.close()
    await upstream?.close()
  })

  it('marks the row, filters on it, and opens the failing check with its message and section', async () => {
    await page.goto(`${mock.url}/__mock/`)
    await expect.poll(() => page.locator('#live').textContent()).toBe('live')
    const headers = { authorization: 'Bearer sk_ref' }
    expect((await fetch(`${mock.url}/v1/pets?limit=2`, { headers })).status).toBe(200)
    expect((await fetch(`${mock.url}/v1/pets/424242`, { headers })).status).toBe(404)
    expect((await fetch(`${mock.url}/v1/pets?limit=1`, { headers })).status).toBe(200)

    const rows = page.locator('#rows tr')
    await expect.poll(() => rows.count()).toBe(3)
    const marked = page.locator('#rows tr.violating')
    expect(await marked.count()).toBe(1)
    expect(await marked.innerText()).toMatch(/GET\s+\/v1\/pets\/424242\s+404/)
    expect(await marked.locator('.mark').getAttribute('aria-label')).toBe('1 spec violation')
    expect(await page.locator('#rows .tag.upstream').count()).toBeGreaterThan(0)

    await page.getByLabel('Violations only').check()
    await expect.poll(() => rows.count()).toBe(1)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/proxy-violation-row.png` })

    await marked.click()
    const dialog = page.locator('#details')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    const violations = dialog.locator('.violations li')
    expect(await violations.count()).toBe(1)
    expect(await violations.first().textContent()).toMatch(
      /error\.body\s*required\s*spec §2 Error, §4, §7\s*not an Error body: `status` is a string \("404"\), expected a number/,
    )
    expect(await dialog.locator('section.response h3').innerText()).toMatch(
      /Response\s*404\s*not_found\s*answered by upstream/,
    )
    expect(await dialog.locator('section.response pre').innerText()).toContain('"status": "404"')
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/proxy-violation-opened.png` })
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  }, 60_000)
})
