import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../src/server/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * The dashboard at /__mock/ in real Chromium: a request shows up live, a 503
 * queued from the form fails the next request, rows open with the keyboard,
 * and reset empties it. Screenshots go to SCREENSHOT_DIR (default: none).
 */
const SCREENSHOTS = process.env.SCREENSHOT_DIR

describe.runIf(BROWSER_TESTS)('the dashboard in Chromium', () => {
  let mock: RunningServer
  let browser: Browser
  let page: Page
  const errors: Array<string> = []
  const api = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${mock.url}${path}`, { headers: { authorization: 'Bearer sk_test_free', ...headers } })
  const form = { getByLabel: (label: string) => page.locator('#add-scenario').getByLabel(label) }
  const shoot = async (name: string) => {
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-${name}.png` })
  }

  beforeAll(async () => {
    mock = await startServer({ port: 0, host: '127.0.0.1', rateLimit: { banAfter: 0 } })
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } })
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('dialog', (dialog) => void dialog.accept())
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await mock?.close()
  })

  it('shows requests live, queues a 503 from the form, and the next request fails', async () => {
    await page.goto(`${mock.url}/__mock/`)
    await expect.poll(() => page.locator('#live').textContent()).toBe('live')
    await expect.poll(() => page.locator('#empty').isVisible()).toBe(true)

    expect((await api('/v1/pets?limit=3')).status).toBe(200)
    const rows = page.locator('#rows tr')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().innerText()).toMatch(/GET\s+\/v1\/pets\?limit=3\s+200/)

    // Queue a 503 for GET /v1/pets from the form, with the keyboard.
    await form.getByLabel('Status').selectOption('503')
    await form.getByLabel('Route').selectOption('GET /v1/pets')
    await form.getByLabel('Times').fill('1')
    await page.getByRole('button', { name: 'Add scenario' }).focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator('#scenarios li').first().innerText())
      .toMatch(/503 · GET \/v1\/pets · × 1/)
    await shoot('queued')

    expect((await api('/v1/pets')).status).toBe(503)
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.first().innerText()).toMatch(
      /GET\s+\/v1\/pets\s+503\s+service_unavailable\s*forced: scenario/,
    )
    await expect
      .poll(() => page.locator('#scenarios li').first().innerText())
      .toBe('No scenario queued.')
    expect((await api('/v1/pets')).status).toBe(200)
    await expect.poll(() => rows.count()).toBe(3)

    // The quota of the key, in its windows.
    await expect
      .poll(() => page.locator('#quota').innerText())
      .toMatch(/sk_test_fr\.\.\.[\s\S]*minute[\s\S]*3\/60/)
    await shoot('log')

    // A row opens the whole entry, from the keyboard; Escape closes it.
    await page.locator('#rows tr').nth(1).getByRole('button').focus()
    await page.keyboard.press('Enter')
    const dialog = page.locator('#details')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    const shown = JSON.parse(await page.locator('#details-body').innerText())
    expect(shown).toMatchObject({ status: 503, forced: 'scenario', route: '/v1/pets' })
    await shoot('details')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    // And by a click anywhere on the row.
    await page.locator('#rows tr').nth(2).locator('td.num').click()
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(JSON.parse(await page.locator('#details-body').innerText())).toMatchObject({
      status: 200,
      query: { limit: '3' },
    })
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)

    // Filters: a status class and a route template.
    await page.locator('#filter input[name=status]').fill('5xx')
    await expect.poll(() => rows.count()).toBe(1)
    await page.locator('#filter input[name=status]').fill('')
    await page.locator('#filter input[name=path]').fill('/v1/pets/{petId}')
    await expect.poll(() => rows.count()).toBe(0)
    // Nothing matches: said so, not "no requests yet".
    expect(await page.locator('#no-match').isVisible()).toBe(true)
    expect(await page.locator('#empty').isVisible()).toBe(false)
    await page.locator('#filter input[name=path]').fill('')
    await expect.poll(() => rows.count()).toBe(3)

    expect(errors).toEqual([])
  }, 60_000)

  it('shows a ban with its countdown, removes one scenario, and resets', async () => {
    // Free: 60 a minute; with banAfter 0 the first refusal bans.
    for (let i = 0; i < 61; i++) await (await api('/v1/pets?limit=1')).arrayBuffer()
    await expect
      .poll(() => page.locator('#quota .ban').innerText())
      .toMatch(/^Banned: \d+ min \d+ s left$/)

    await form.getByLabel('Status').selectOption('500')
    await form.getByLabel('Route').selectOption('GET /v1/store/orders')
    await page.getByRole('button', { name: 'Add scenario' }).click()
    await expect.poll(() => page.locator('#scenarios li').count()).toBe(1)
    await shoot('ban')
    await page.getByRole('button', { name: /^Remove scenario 500/ }).click()
    await expect
      .poll(() => page.locator('#scenarios li').first().innerText())
      .toBe('No scenario queued.')

    await page.getByRole('button', { name: 'Reset mock' }).click()
    await expect.poll(() => page.locator('#rows tr').count()).toBe(0)
    await expect.poll(() => page.locator('#quota').innerText()).toBe('No requests counted yet.')
    expect((await api('/v1/pets')).status).toBe(200)
    await expect.poll(() => page.locator('#rows tr').count()).toBe(1)
    expect(await page.locator('a', { hasText: 'OpenAPI document' }).getAttribute('href')).toBe(
      '../openapi.json',
    )
    expect(errors).toEqual([])
  }, 60_000)
})
