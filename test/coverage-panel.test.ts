import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'
import { expectNoOverflow, pageOverflow } from './page-overflow.ts'

/**
 * The coverage panel in real Chromium, beside a small real app (a list of
 * pets with an error banner and a retry, `coverage-app/index.html`, served
 * from its own origin) that talks to the mock: the panel shows the states the
 * app met; "Force" on "rate limited", pressed by keyboard, makes the app's
 * next request a 429 with its headers, and the cell turns met. Screenshots at
 * 390 and 1280 px go to SCREENSHOT_DIR (default: none).
 */
const SCREENSHOTS = process.env.SCREENSHOT_DIR
const APP_PAGE = readFileSync(new URL('./coverage-app/index.html', import.meta.url), 'utf8')

describe.runIf(BROWSER_TESTS)('the coverage panel in Chromium', () => {
  let mock: RunningServer
  let appServer: Server
  let appUrl: string
  let browser: Browser
  let dashboard: Page
  let app: Page
  const errors: Array<string> = []

  beforeAll(async () => {
    mock = await startServer({ port: 0, host: '127.0.0.1' })
    appServer = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(APP_PAGE)
    })
    await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve))
    const { port } = appServer.address() as AddressInfo
    // Another origin than the mock's (localhost, not 127.0.0.1): the app reads the API over CORS.
    appUrl = `http://localhost:${port}/?api=${encodeURIComponent(mock.url)}`
    browser = await launchChromium()
    dashboard = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    app = await browser.newPage({ viewport: { width: 600, height: 500 } })
    for (const page of [dashboard, app]) {
      page.on('pageerror', (error) => errors.push(error.message))
    }
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => appServer?.close(resolve))
    await mock?.close()
  })

  /** A cell of the panel, by the request of its operation and its label. */
  const cell = (request: string, label: string) =>
    dashboard
      .getByRole('article', { name: request, exact: true })
      .locator('li.cell')
      .filter({ has: dashboard.getByText(label, { exact: true }) })

  it('shows what the app met, forces "rate limited" for its next request, and counts it', async () => {
    await app.goto(appUrl)
    await expect.poll(() => app.getByRole('list', { name: 'Pets' }).locator('li').count()).toBe(5)

    await dashboard.goto(`${mock.url}/__mock/`)
    const full = cell('GET /v1/pets', 'full page (more may follow)')
    await expect.poll(() => full.getAttribute('class')).toBe('cell met')
    expect(await full.getByRole('button').getAttribute('aria-label')).toBe(
      '"full page (more may follow)" met by 1 request: show them in the log',
    )
    const limited = cell('GET /v1/pets', 'rate limited')
    expect(await limited.getAttribute('class')).toBe('cell unmet')
    expect(await dashboard.locator('#coverage-session').innerText()).toContain('pets-page')
    if (SCREENSHOTS)
      await dashboard.screenshot({ path: `${SCREENSHOTS}/coverage-1280.png`, fullPage: true })

    // Force it by keyboard: the button says which request it answers.
    const force = dashboard.getByRole('button', {
      name: 'Force "rate limited": the next GET /v1/pets is answered 429',
    })
    await force.focus()
    await dashboard.keyboard.press('Enter')
    await expect.poll(() => limited.getAttribute('class')).toBe('cell armed')

    // The app's next request, its retry, gets the 429 with its headers.
    const answered = app.waitForResponse((response) => response.url().includes('/v1/pets'))
    await app.getByRole('button', { name: 'Refresh' }).click()
    const response = await answered
    expect(response.status()).toBe(429)
    const headers = response.headers()
    expect(Number(headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(headers['x-ratelimit-remaining']).toBe('0')
    expect(headers['x-ratelimit-limit']).toBe('60')
    expect(Number(headers['x-ratelimit-reset'])).toBeGreaterThan(0)
    await expect
      .poll(() => app.getByRole('alert').innerText())
      .toMatch(/Too many requests \(0 left\): retry in \d+ s\./)

    // Forced once: the banner's retry gets the list again.
    await app.getByRole('button', { name: 'Retry' }).click()
    await expect.poll(() => app.getByRole('alert').isVisible()).toBe(false)

    await expect.poll(() => limited.getAttribute('class')).toBe('cell met')
    expect(await dashboard.locator('#coverage-count').innerText()).toMatch(/^2 of \d+ states met$/)

    // A met cell links to its requests: the log shows the 429 only.
    await limited.getByRole('button').click()
    await expect.poll(() => dashboard.locator('#rows tr').count()).toBe(1)
    expect(await dashboard.locator('#rows tr').innerText()).toMatch(
      /GET\s+\/v1\/pets\?limit=5\s+429/,
    )
    expect(errors).toEqual([])
  })

  it('fits 390 px without sideways scrolling', async () => {
    await dashboard.setViewportSize({ width: 390, height: 844 })
    await dashboard.goto(`${mock.url}/__mock/`)
    await expect
      .poll(() => cell('GET /v1/pets', 'rate limited').getAttribute('class'))
      .toBe('cell met')
    await dashboard.locator('#coverage-title').evaluate((title) => title.scrollIntoView())
    if (SCREENSHOTS) await dashboard.screenshot({ path: `${SCREENSHOTS}/coverage-390.png` })
    expectNoOverflow(await pageOverflow(dashboard), 390)
    expect(errors).toEqual([])
  })
})
