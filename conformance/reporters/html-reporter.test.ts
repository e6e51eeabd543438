import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROWSER_TESTS, launchChromium } from '../../test/launch-chromium.ts'
import { expectNoOverflow, pageOverflow, WIDTHS } from '../../test/page-overflow.ts'
import { runConformance } from '../run/run-conformance.ts'
import { fetchTransport } from '../test-utils/fetch-transport.ts'
import { sampleResult } from '../test-utils/sample-result.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'
import { htmlReport } from './html-reporter.ts'

// The HTML report as a person sees it, in Debian's Chromium driven by
// playwright-core (test/launch-chromium.ts): runs where Chromium exists, and
// is required when PETSTORE_BROWSER_TEST=required. Screenshots go to
// SCREENSHOT_DIR (default: none).
const SCREENSHOTS = process.env.SCREENSHOT_DIR

describe('htmlReport (text)', () => {
  it('is one self-contained file: no external resource, a CSP that forbids fetching', () => {
    const html = htmlReport(sampleResult())
    expect(html).not.toMatch(/\b(src|href)=/)
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"`,
    )
    expect(html.match(/<script>/g)).toHaveLength(1)
  })

  it('escapes everything the server sent', () => {
    const html = htmlReport(sampleResult())
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<b>x</b>')
  })

  it('shows the response once where what was received is the response', () => {
    const result = sampleResult()
    const failure = result.results[0]?.failures[0]
    if (failure === undefined) throw new Error('the sample has a failure')
    failure.actual = failure.response ?? ''
    const html = htmlReport(result)
    const card = html.slice(html.indexOf('<article'), html.indexOf('</article>'))
    expect(card.match(/<dt>Received<\/dt>/g)).toHaveLength(2)
    expect(card.match(/<dt>Response<\/dt>/g)).toHaveLength(1)
  })

  it('boxes each curl argument, an option with its value, and keeps the text as it is', () => {
    const html = htmlReport(sampleResult())
    const [, curl = ''] = /<div class="curl"><pre>(.*?)<\/pre>/.exec(html) ?? []
    expect(curl).toBe(
      `<span class="arg">curl</span> <span class="arg">-i &#39;http://h/v1/pets?limit=1&#39;</span> <span class="arg">-H &quot;Authorization: Bearer $PETSTORE_API_KEY&quot;</span>`,
    )
  })

  it('colours a count only when it is not zero', () => {
    const html = htmlReport(sampleResult())
    expect(html).toMatch(/<li class="failed"><b>[1-9]/)
    expect(html).toMatch(/<li class="not-run zero"><b>0<\/b>|<li class="not-run"><b>[1-9]/)
  })

  it("shows a catalogue title's `backtick` spans as code", () => {
    expect(htmlReport(sampleResult())).toContain(
      '<span><code>limit</code> 1 and 100 are honoured</span>',
    )
  })
})

describe.runIf(BROWSER_TESTS)('htmlReport in Chromium', () => {
  const mock = withTestMock()
  let server: http.Server
  let origin: string
  let browser: Browser
  const pages = new Map<string, string>()

  beforeAll(async () => {
    // A real run with failures (a default page of 30 pets) and skips (--read-only).
    const result = await runConformance({
      baseUrl: `${mock.current.url}/v1`,
      token: 'sk_test_enterprise',
      seed: 1,
      readOnly: true,
      fallbackPerMinute: 3600,
      transport: (request) =>
        fetchTransport({ ...request, url: request.url.replace(/\/pets$/, '/pets?limit=30') }),
    })
    pages.set('/run.html', htmlReport(result))
    pages.set('/hostile.html', htmlReport(sampleResult()))
    server = http.createServer((request, response) => {
      const page = pages.get(request.url ?? '')
      if (page === undefined) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await launchChromium({ scrollbars: true })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('shows the verdict and the first failure without scrolling, copies its curl, folds the rest', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    const page = await context.newPage()
    const requests: Array<string> = []
    const errors: Array<string> = []
    page.on('request', (request) => requests.push(request.url()))
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${origin}/run.html`)

    const verdict = page.locator('.verdict')
    await expect
      .poll(() => verdict.textContent())
      .toMatch(/^FAIL: \d+ required checks? failed \(exit 1\)$/)
    const firstFailure = page.locator('article.card.failure').first()
    expect(await firstFailure.isVisible()).toBe(true)
    const box = await firstFailure.boundingBox()
    expect(box && box.y < 900).toBe(true)
    expect(await firstFailure.getAttribute('data-check')).toBe('list.default-limit')
    expect(await firstFailure.textContent()).toMatch(/spec §4\.1/)
    expect(await firstFailure.locator('dt').allTextContents()).toEqual(
      expect.arrayContaining(['Expected', 'Received', 'Response']),
    )
    // Failures come before the folded passed and skipped checks.
    const order = await page.evaluate(() => {
      const card = document.querySelector('article.card')
      const fold = document.querySelector('details.fold')
      return card && fold ? card.compareDocumentPosition(fold) : 0
    })
    expect(order & 4).toBe(4)

    const curl = (await firstFailure.locator('.curl pre').first().textContent()) ?? ''
    expect(curl).toMatch(/^curl .*\$PETSTORE_API_KEY/)
    expect(curl).not.toContain('sk_test_enterprise')
    const button = firstFailure.locator('button.copy').first()
    await button.click()
    await expect.poll(() => button.textContent()).toBe('Copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl)

    const passed = page.locator('details[data-fold="passed"]')
    expect(await passed.getAttribute('open')).toBeNull()
    const firstPassedRow = passed.locator('tbody tr').first()
    expect(await firstPassedRow.isVisible()).toBe(false)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/report-run.png` })
    await passed.locator('summary').click()
    expect(await firstPassedRow.isVisible()).toBe(true)
    const skipped = page.locator('details[data-fold="skipped"]')
    expect(await skipped.locator('summary').textContent()).toMatch(/^Skipped \(\d+\)$/)
    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/report-run-full.png`, fullPage: true })
    }

    expect(requests).toEqual([`${origin}/run.html`])
    expect(errors).toEqual([])
    await context.close()
  })

  it.each(WIDTHS)(
    'at %i px: nothing sticks out, curls break between arguments, folded tables stay narrow',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      await page.goto(`${origin}/run.html`)
      if (SCREENSHOTS) {
        await page.screenshot({ path: `${SCREENSHOTS}/report-${width}.png` })
        await page
          .locator('article.card')
          .first()
          .screenshot({ path: `${SCREENSHOTS}/report-${width}-failure.png` })
      }
      for (const summary of await page.locator('details.fold > summary').all()) {
        await summary.click()
      }
      if (SCREENSHOTS) {
        await page
          .locator('details[data-fold="passed"]')
          .screenshot({ path: `${SCREENSHOTS}/report-${width}-passed.png` })
      }
      expectNoOverflow(await pageOverflow(page), width)
      // Every curl argument on one line, unless it is wider than the whole block.
      const broken = await page.$$eval('.curl .arg', (args) =>
        args
          .filter(
            (arg) => arg.getClientRects().length > 1 || arg.getBoundingClientRect().height > 24,
          )
          .filter(
            (arg) => arg.getBoundingClientRect().width < (arg.parentElement?.clientWidth ?? 0) - 1,
          )
          .map((arg) => arg.textContent),
      )
      expect(broken).toEqual([])
      // The curl's text is the command itself, one space between arguments.
      const curl = page.locator('.curl pre').first()
      const args = await curl.locator('.arg').allTextContents()
      expect(args).toContain('--compressed')
      expect(await curl.textContent()).toBe(args.join(' '))
      if (width >= 1024) {
        // The passed table: the spec column narrow, each title on one line.
        const passed = page.locator('details[data-fold="passed"]')
        const spec = await passed.locator('thead th').nth(3).boundingBox()
        expect(spec?.width ?? 0).toBeLessThanOrEqual(180)
        const wrapped = await passed.locator('td.text').evaluateAll((cells) =>
          cells
            .filter((cell) => {
              // The title's text is taller than one line when it wraps.
              const range = document.createRange()
              range.selectNodeContents(cell)
              const line = Number.parseFloat(getComputedStyle(cell).lineHeight)
              return range.getBoundingClientRect().height > 1.5 * line
            })
            .map((cell) => cell.textContent),
        )
        expect(wrapped).toEqual([])
      }
      await page.close()
    },
  )

  it('shows hostile server text as text: no markup from it, no script from it runs', async () => {
    const page = await browser.newPage()
    const dialogs: Array<string> = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    await page.goto(`${origin}/hostile.html`)
    const received = page.locator('article.card.failure dd.received pre').first()
    expect(await received.textContent()).toContain('<script>alert(1)</script>')
    expect(await page.locator('main b:text("x")').count()).toBe(0)
    expect(await page.evaluate(() => document.scripts.length)).toBe(1)
    expect(dialogs).toEqual([])
    await page.close()
  })
})
