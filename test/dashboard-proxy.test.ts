import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ReferenceServer,
  startReferenceServer,
} from '../conformance/test-utils/reference-server.ts'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * The dashboard of a mock in front of a faulty upstream (`--proxy`, with
 * `--proxy-fallback mock` for the routes it lacks), in Chromium: the row of
 * the answer that broke a rule is marked red, a caller's mistake gets a
 * neutral `your request` badge instead, "Violations" keeps either or the
 * upstream's only, a fallback answer is tagged, and opening a row shows the
 * check, its level (or `your request`), section and message, and who
 * answered. Screenshots go to SCREENSHOT_DIR (default: none).
 */
const SCREENSHOTS = process.env.SCREENSHOT_DIR

describe.runIf(BROWSER_TESTS)('the dashboard shows a violation from a faulty upstream', () => {
  let upstream: ReferenceServer
  let mock: RunningServer
  let browser: Browser
  let page: Page
  const errors: Array<string> = []

  beforeAll(async () => {
    upstream = await startReferenceServer({
      fault: 'error-status-as-string-on-404',
      ordersStatus: 404,
      tokens: ['sk_ref', 'sk_test_free'],
    })
    mock = await startServer({
      port: 0,
      host: '127.0.0.1',
      proxy: upstream.baseUrl,
      proxyFallback: 'mock',
    })
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

    await page.locator('#filter select[name=violations]').selectOption('upstream')
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

  it("shows a caller's mistake with a neutral badge, apart from the upstream's, and tags a fallback answer", async () => {
    const cleared = await fetch(`${mock.url}/__mock/requests`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    })
    expect(cleared.status).toBe(204)
    await page.goto(`${mock.url}/__mock/`)
    await expect.poll(() => page.locator('#live').textContent()).toBe('live')
    const headers = { authorization: 'Bearer sk_test_free' }
    expect((await fetch(`${mock.url}/v1/pets?limit=0`, { headers })).status).toBe(400)
    expect((await fetch(`${mock.url}/v1/pets/424242`, { headers })).status).toBe(404)
    expect((await fetch(`${mock.url}/v1/store/orders?limit=2`, { headers })).status).toBe(200)
    expect((await fetch(`${mock.url}/v1/pets?limit=2`, { headers })).status).toBe(200)
    const rows = page.locator('#rows tr')
    await expect.poll(() => rows.count()).toBe(4)

    const mistaken = page.locator('#rows tr.mistaken')
    expect(await mistaken.count()).toBe(1)
    expect(await mistaken.innerText()).toMatch(/GET\s+\/v1\/pets\?limit=0\s+400/)
    expect(await mistaken.locator('.mark').count()).toBe(0)
    const badge = mistaken.locator('.c-code .tag.caller')
    expect(await badge.innerText()).toBe('your request')
    expect(await badge.getAttribute('aria-label')).toBe(
      "1 mistake in your request, not the server's",
    )
    // The neutral badge and bar are not the red ones of the upstream's violation.
    const colors = await page.$$eval('#rows .mark, #rows .c-code .tag.caller', (marks) =>
      marks.map((mark) => getComputedStyle(mark).backgroundColor),
    )
    expect(new Set(colors).size).toBe(2)
    const bars = await page.$$eval('#rows tr.violating, #rows tr.mistaken', (marked) =>
      marked.map((row) => getComputedStyle(row).boxShadow),
    )
    expect(new Set(bars).size).toBe(2)
    expect(await page.locator('#rows tr.violating').innerText()).toMatch(/424242/)
    const fallback = page.locator('#rows tr', { hasText: '/v1/store/orders' })
    expect(await fallback.locator('.c-code .tag.fallback').isVisible()).toBe(true)
    expect(await fallback.locator('.c-code .tag.fallback').getAttribute('title')).toMatch(
      /the upstream has no such route/,
    )
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/proxy-both-kinds.png` })

    await page.locator('#filter select[name=violations]').selectOption('any')
    await expect.poll(() => rows.count()).toBe(2)
    await page.locator('#filter select[name=violations]').selectOption('upstream')
    await expect.poll(() => rows.count()).toBe(1)
    await page.locator('#filter select[name=violations]').selectOption('')
    await expect.poll(() => rows.count()).toBe(4)

    await mistaken.click()
    const dialog = page.locator('#details')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(await dialog.locator('section.found h3').innerText()).toBe("Your request's mistakes (1)")
    const item = dialog.locator('.violations li')
    expect(await item.getAttribute('class')).toBe('request')
    expect(await item.textContent()).toMatch(/request\.limit\s*your request\s*spec §4\.1, §8/)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/proxy-caller-opened.png` })
    await page.keyboard.press('Escape')
    await fallback.click()
    expect(await dialog.locator('section.response h3').innerText()).toMatch(
      /Response\s*200\s*answered by the mock \(fallback, the mock's own data\)/,
    )
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
  }, 60_000)
})
