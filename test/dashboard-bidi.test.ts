import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { type RawServer, startRawServer } from '../src/test-utils/raw-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * The dashboard in real Chromium, fed bidi controls from outside: an
 * upstream whose pets are named with an unterminated U+202E (and a stray
 * U+2069 before it, which would close an isolate), and a path holding
 * them (query values from outside are not shown). Every text from outside is isolated and shows its
 * controls as escapes: no raw bidi control reaches the page, and none of the
 * page's own words is drawn reversed. Screenshots go to SCREENSHOT_DIR.
 */
const SCREENSHOTS = process.env.SCREENSHOT_DIR

/** The bidi controls that reorder text, and the C1 controls. */
const RAW_CONTROL = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

const EVIL = 'Rex\u2069\u202e reversed'

describe.runIf(BROWSER_TESTS)('the dashboard and bidi controls from outside', () => {
  let upstream: RawServer
  let mock: RunningServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    upstream = await startRawServer((_, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify([
          { id: 1, name: EVIL, categoryId: 1, status: 'available' },
          // Not a PetStatus: the judge's message quotes it.
          { id: 2, name: 'Tom', categoryId: 1, status: `\u202eodd` },
        ]),
      ),
    )
    mock = await startServer({ port: 0, host: '127.0.0.1', proxy: `${upstream.url}/v1` })
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1360, height: 820 } })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await mock?.close()
    await upstream?.close()
  })

  /**
   * The page's own text nodes (not inside a `<bdi>` or a `data-outside` element) whose characters on one
   * line are drawn right to left: each is a word of the page that something
   * reordered.
   */
  const reversedOwnText = () =>
    page.evaluate(() => {
      const reversed: Array<string> = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node as Text
        if (
          text.parentElement?.closest('bdi, [data-outside], script, style') ||
          !/[A-Za-z]{2}/.test(text.data)
        ) {
          continue
        }
        const boxes: Array<DOMRect> = []
        for (let index = 0; index < text.data.length; index++) {
          if (!/[A-Za-z]/.test(text.data[index] as string)) continue
          const range = document.createRange()
          range.setStart(text, index)
          range.setEnd(text, index + 1)
          const box = range.getBoundingClientRect()
          if (box.width > 0) boxes.push(box)
        }
        for (let index = 1; index < boxes.length; index++) {
          const [before, after] = [boxes[index - 1] as DOMRect, boxes[index] as DOMRect]
          if (Math.abs(before.top - after.top) < 2 && after.left < before.left) {
            reversed.push(text.data)
            break
          }
        }
      }
      return reversed
    })

  /** Whether `words`, inside the first element that `selector` finds to hold them, are drawn left to right. */
  const drawnInOrder = (selector: string, words: string) =>
    page.evaluate(
      ([selector, words]) => {
        for (const element of document.querySelectorAll(selector)) {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            const text = node as Text
            const at = text.data.indexOf(words)
            if (at === -1) continue
            const lefts: Array<number> = []
            for (let index = at; index < at + words.length; index++) {
              if (text.data[index] === ' ') continue
              const range = document.createRange()
              range.setStart(text, index)
              range.setEnd(text, index + 1)
              lefts.push(range.getBoundingClientRect().left)
            }
            return lefts.every((left, index) => index === 0 || left > (lefts[index - 1] as number))
          }
        }
        return undefined
      },
      [selector, words] as const,
    )

  it('shows every outside text isolated, its controls as escapes, and reverses none of its own words', async () => {
    // The upstream answers a list where a Pet is expected: the judge's message quotes the body.
    // (A query value from outside is not shown at all, so the name comes from the upstream only.)
    const response = await fetch(`${mock.url}/v1/pets/1`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    expect(response.status).toBe(200)
    await response.text()

    await page.goto(`${mock.url}/__mock/`)
    const rows = page.locator('#rows tr')
    await expect.poll(() => rows.count()).toBe(1)
    await rows.first().click()
    await expect.poll(() => page.locator('#details').isVisible()).toBe(true)
    await page.locator('details.raw summary').click()

    const text = await page.locator('body').innerText()
    expect(text).toContain('Rex\\u2069\\u202e reversed')
    expect(text).not.toMatch(RAW_CONTROL)
    expect(await page.locator('#details-title').innerText()).toMatch(/^#1 GET \/v1\/pets\/1 → 200$/)
    const messages = await page.locator('#details .violations p').allInnerTexts()
    expect(messages.join('\n')).toMatch(/not a Pet: .*\\u202e.*\(expected 200 with a Pet of id 1\)/)
    expect(await drawnInOrder('#details .violations p', 'expected 200 with a Pet of id 1')).toBe(
      true,
    )
    expect(await reversedOwnText()).toEqual([])
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-bidi.png` })
  }, 60_000)

  it("isolates a scenario's method and path, in its line and its Remove button's label, and a caller's mistake in the log", async () => {
    const created = await fetch(`${mock.url}/__mock/scenarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, times: 2, method: 'GET', path: '/v1/pets/\u202e7' }),
    })
    expect(created.ok).toBe(true)
    // A caller's mistake (an id that is no integer) whose path holds the name; a query value
    // from outside would not be shown at all.
    const response = await fetch(`${mock.url}/v1/pets/${encodeURIComponent(EVIL)}`, {
      headers: { authorization: 'Bearer sk_test_free' },
    })
    await response.text()

    await page.goto(`${mock.url}/__mock/`)
    await expect.poll(() => page.locator('#rows tr').count()).toBe(2)
    await expect.poll(() => page.locator('#scenarios li').first().innerText()).toMatch(/^503/)
    const scenario = await page.locator('#scenarios li .mono').innerText()
    expect(scenario).toBe('503 · GET /v1/pets/\\u202e7 · × 2')
    expect(await page.locator('#scenarios li bdi').allInnerTexts()).toEqual([
      'GET',
      '/v1/pets/\\u202e7',
    ])
    expect(await page.locator('#scenarios li button').getAttribute('aria-label')).toBe(
      'Remove scenario 503 · \u2068GET\u2069 \u2068/v1/pets/\\u202e7\u2069 · × 2',
    )
    const row = page.locator('#rows tr').first()
    expect(await row.locator('.c-code .tag.caller').isVisible()).toBe(true)
    expect(await row.locator('button.open').getAttribute('data-outside')).toBe('')
    // The path is shown percent-encoded; the whole path sits between U+2068 and U+2069.
    expect(await row.locator('button.open').getAttribute('title')).toMatch(
      /^\u2068\/v1\/pets\/Rex[^\u2066-\u2069]+\u2069: show the whole exchange$/,
    )
    expect(await page.locator('body').innerText()).not.toMatch(RAW_CONTROL)
    expect(await reversedOwnText()).toEqual([])
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-bidi-log.png` })
    await row.click()
    await expect.poll(() => page.locator('#details').isVisible()).toBe(true)
    expect(await page.locator('#details .violations li.request').count()).toBeGreaterThan(0)
    expect(await page.locator('body').innerText()).not.toMatch(RAW_CONTROL)
    expect(await reversedOwnText()).toEqual([])
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-bidi-mistake.png` })
  }, 60_000)
})
