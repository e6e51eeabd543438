import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../src/adapter/node/create-request-listener.ts'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { type RawServer, startRawServer } from '../src/test-utils/raw-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * A hostile upstream behind `--proxy` answers with a page whose script
 * tries to own the mock: read `/__mock/requests` and `POST /__mock/reset`,
 * as a page of the mock's own origin could. Served by the mock, the page is
 * sandboxed: its script does not run, and code run in it anyway (as the
 * devtools run it) has an opaque origin, which the control API refuses.
 * In real Chromium (see browser.test.ts).
 */

const ATTACK = `<!doctype html><title>hostile</title>
<script>
  document.title = 'ran'
  fetch('/__mock/requests').then((r) => r.text()).then((t) => { document.title = 'read ' + t.length })
  fetch('/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
</script>`

describe.runIf(BROWSER_TESTS)('a page from the upstream, in Chromium', () => {
  let upstream: RawServer
  let mock: RunningServer
  const log: Array<RequestLogEntry> = []

  beforeAll(async () => {
    upstream = await startRawServer((_req, res) => {
      // An upstream's own policy allows everything: the mock's sandbox still holds.
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "script-src * 'unsafe-inline'",
          'clear-site-data': '"storage"',
        })
        .end(ATTACK)
    })
    mock = await startServer({
      port: 0,
      host: '127.0.0.1',
      proxy: `${upstream.url}/v1`,
      log: (entry) => log.push(entry),
    })
  })

  afterAll(async () => {
    await mock?.close({ timeoutMs: 0 })
    await upstream?.close()
  })

  it('runs no script, and what runs in it anyway can neither read the journal nor reset the mock', async () => {
    mock.petstore.simulate({ status: 503, times: 5, path: '/v1/store/orders' })
    const browser = await launchChromium()
    try {
      const tab = await browser.newPage()
      const response = await tab.goto(`${mock.url}/v1/pets/page`)
      expect(response?.status()).toBe(200)
      // Its script never ran (it would have renamed the page at once).
      await tab.waitForLoadState('load')
      const title = await tab.title()
      // Code run in the page all the same has an opaque origin: the control API is another origin's.
      const result = await tab.evaluate(async () => {
        const attempt = async (run: () => Promise<Response>) => {
          try {
            const answer = await run()
            return { status: answer.status, text: await answer.text() }
          } catch (error) {
            return { blocked: String(error) }
          }
        }
        return {
          origin: self.origin,
          requests: await attempt(() => fetch('/__mock/requests')),
          reset: await attempt(() =>
            fetch('/__mock/reset', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            }),
          ),
        }
      })
      expect({ title, origin: result.origin }).toEqual({ title: 'hostile', origin: 'null' })
      expect(result.requests).toMatchObject({ blocked: expect.stringMatching(/Failed to fetch/) })
      expect(result.reset).toMatchObject({ blocked: expect.stringMatching(/Failed to fetch/) })
      // Nothing was read or reset: the journal and the queued scenario are still there.
      expect(mock.petstore.requests().map((entry) => entry.path)).toContain('/v1/pets/page')
      expect(mock.petstore.state().scenarios).toHaveLength(1)
      expect(
        log.filter((entry) => entry.path.startsWith('/__mock/') && entry.status < 400),
      ).toEqual([])
      expect(response?.headers()['content-security-policy']).toContain('sandbox')
      await tab.screenshot({ path: '/tmp/upstream-page.png' })
    } finally {
      await browser.close()
    }
  }, 60_000)
})
