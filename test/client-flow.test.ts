import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { connectPetstore } from '../src/client/index.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * A Playwright-style end-to-end flow: an app page in Chromium calls a
 * standalone mock (another origin, through CORS); the test process steers
 * the mock with `petstore-mock/client` and asserts on its journal.
 */

/** The app under test: one button that lists pets and shows the status it got. */
function appPage(mockUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Adopt</title>
<button id="load">Load pets</button><output id="status"></output>
<script>
document.getElementById('load').addEventListener('click', async () => {
  const response = await fetch(${JSON.stringify(`${mockUrl}/v1/pets?limit=2`)}, {
    headers: { authorization: 'Bearer sk_test_free' },
  })
  document.getElementById('status').textContent = String(response.status)
})
</script>`
}

describe.runIf(BROWSER_TESTS)(
  'a browser app against the standalone mock, steered by the client',
  () => {
    let mock: RunningServer
    let app: http.Server
    let appUrl: string
    let browser: Browser

    beforeAll(async () => {
      mock = await startServer({ port: 0, host: '127.0.0.1' })
      const html = appPage(mock.url)
      app = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
      })
      await new Promise<void>((done) => app.listen(0, '127.0.0.1', done))
      appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
      browser = await launchChromium()
    }, 60_000)

    afterAll(async () => {
      await browser?.close()
      await new Promise((done) => app?.close(done))
      await mock?.close()
    })

    it('forces a 429 through the client and finds both calls in the journal', async () => {
      const petstore = connectPetstore(mock.url)
      await petstore.reset()
      const page = await browser.newPage()
      const errors: Array<string> = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(appUrl)

      // The browser's CORS preflight is journaled too (OPTIONS, 204): wait for the GET.
      const first = petstore.waitForRequest({ method: 'GET', path: '/v1/pets' })
      await page.getByRole('button', { name: 'Load pets' }).click()
      await expect.poll(() => page.locator('#status').textContent()).toBe('200')
      expect(await first).toMatchObject({ status: 200, forced: null, plan: 'free' })

      await petstore.simulate({ status: 429, method: 'GET', path: '/v1/pets' })
      const limited = petstore.waitForRequest({ path: '/v1/pets', status: 429 })
      await page.getByRole('button', { name: 'Load pets' }).click()
      await expect.poll(() => page.locator('#status').textContent()).toBe('429')
      expect(await limited).toMatchObject({
        method: 'GET',
        query: { limit: '2' },
        status: 429,
        code: 'rate_limited',
        forced: 'scenario',
        headers: { origin: appUrl, authorization: 'Bearer sk_tes...' },
      })

      const journal = await petstore.requests({ path: '/v1/pets', method: 'GET' })
      expect(journal.map((entry) => entry.status)).toEqual([200, 429])
      expect((await petstore.state()).scenarios).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    }, 60_000)
  },
)
