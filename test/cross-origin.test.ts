import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../src/adapter/node/create-request-listener.ts'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * A page in real Chromium, on another origin than the mock (http://localhost:P2
 * against http://127.0.0.1:P1: both loopback, different sites), tries what a
 * malicious page would: reset the mock with a request that needs no preflight,
 * queue failures with a JSON one, and read /__mock/state. The API stays usable
 * from that page through CORS. Runs where Chromium is (see browser.test.ts).
 */
describe.runIf(BROWSER_TESTS)('a page on another origin, in Chromium', () => {
  let mock: RunningServer
  let page: http.Server
  let pageOrigin: string
  const log: Array<RequestLogEntry> = []

  beforeAll(async () => {
    mock = await startServer({ port: 0, host: '127.0.0.1', log: (entry) => log.push(entry) })
    page = http.createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>elsewhere</title>')
    })
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
    pageOrigin = `http://localhost:${(page.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => page?.close(resolve))
    await mock?.close({ timeoutMs: 0 })
  })

  it('cannot reset the mock, queue failures or read its state; it can still call the API', async () => {
    const marker = await fetch(`${mock.url}/v1/pets`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_free', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Marker', categoryId: 1 }),
    })
    expect(marker.status).toBe(201)
    const before = mock.petstore.state().data

    const browser = await launchChromium()
    try {
      const tab = await browser.newPage()
      await tab.goto(pageOrigin)
      const result = await tab.evaluate(async (target) => {
        const attempt = async (run: () => Promise<Response>) => {
          try {
            const response = await run()
            return { type: response.type, status: response.status, text: await response.text() }
          } catch (error) {
            return { blocked: String(error) }
          }
        }
        return {
          // A "simple" request: the browser sends it without asking first.
          reset: await attempt(() =>
            fetch(`${target}/__mock/reset`, {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': 'text/plain' },
              body: '{}',
            }),
          ),
          scenario: await attempt(() =>
            fetch(`${target}/__mock/scenarios`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ status: 503, times: 10_000 }),
            }),
          ),
          state: await attempt(() => fetch(`${target}/__mock/state`)),
          api: await attempt(() =>
            fetch(`${target}/v1/pets?limit=1`, {
              headers: { authorization: 'Bearer sk_test_free' },
            }),
          ),
        }
      }, mock.url)

      // The reset went out (opaque to the page) and was refused: nothing was reset.
      expect(result.reset).toMatchObject({ type: 'opaque', status: 0 })
      expect(log).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/__mock/reset', status: 403 }),
      )
      expect(mock.petstore.state().data).toEqual(before)
      // The JSON request needed a preflight; it was refused, so the POST never went out.
      expect(result.scenario).toMatchObject({ blocked: expect.stringMatching(/Failed to fetch/) })
      expect(log).toContainEqual(
        expect.objectContaining({ method: 'OPTIONS', path: '/__mock/scenarios', status: 403 }),
      )
      expect(
        log.filter((entry) => entry.method === 'POST' && entry.path === '/__mock/scenarios'),
      ).toEqual([])
      expect(mock.petstore.state().scenarios).toEqual([])
      // The state reached the page as nothing readable.
      expect(result.state).toMatchObject({ blocked: expect.stringMatching(/Failed to fetch/) })
      // The API keeps its CORS for frontends on other origins.
      expect(result.api).toMatchObject({ type: 'cors', status: 200 })
    } finally {
      await browser.close()
    }
  }, 60_000)
})
