import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceServer } from '../conformance/test-utils/reference-server.ts'
import { startServer } from '../src/adapter/node/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * A HAR exported by the mock (`GET /__mock/requests.har`) of exchanges it
 * proxied to an independent upstream replays in Chromium with Playwright's
 * `routeFromHAR`, with both servers gone.
 */
describe.runIf(BROWSER_TESTS)('the HAR export in a browser', () => {
  let directory: string
  let harFile: string
  let origin: string
  let listed: unknown
  let created: unknown

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'petstore-har-'))
    harFile = join(directory, 'recorded.har')
    const upstream = await startReferenceServer({ compression: 'gzip' })
    const mock = await startServer({ port: 0, proxy: upstream.baseUrl })
    origin = mock.url
    try {
      const headers = { authorization: 'Bearer sk_ref', 'accept-encoding': 'gzip', origin }
      const list = await request(`${origin}/v1/pets?limit=2`, { headers })
      expect(list.headers['content-encoding']).toBe('gzip')
      await list.body.dump()
      const post = await request(`${origin}/v1/pets`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"name":"Replayed","categoryId":1}',
      })
      expect(post.statusCode).toBe(201)
      await post.body.dump()
      const har = await request(`${origin}/__mock/requests.har?answeredBy=upstream`)
      const text = await har.body.text()
      expect(text).not.toContain('sk_ref')
      await writeFile(harFile, text)
      const entries = (
        JSON.parse(text) as { log: { entries: Array<{ response: { content: { text: string } } }> } }
      ).log.entries
      listed = JSON.parse(entries[0]?.response.content.text ?? 'null')
      created = JSON.parse(entries[1]?.response.content.text ?? 'null')
    } finally {
      await mock.close()
      await upstream.close()
    }
  }, 60_000)

  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true })
  })

  it('replays the recorded answers with routeFromHAR, both servers gone', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      await page.routeFromHAR(harFile, { url: '**/v1/**', notFound: 'abort' })
      await page.route(`${origin}/`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>app</title>',
        }),
      )
      await page.goto(`${origin}/`)
      const result = await page.evaluate(async () => {
        const headers = { authorization: 'Bearer sk_ref' }
        const list = await fetch('/v1/pets?limit=2', { headers })
        const post = await fetch('/v1/pets', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{"name":"Replayed","categoryId":1}',
        })
        return {
          list: {
            status: list.status,
            limit: list.headers.get('x-ratelimit-limit'),
            body: await list.json(),
          },
          post: { status: post.status, body: await post.json() },
        }
      })
      expect(result.list).toEqual({ status: 200, limit: '100000', body: listed })
      expect(listed).toEqual([
        { id: 1, name: 'Pet 1', categoryId: 1, status: 'available' },
        { id: 2, name: 'Pet 2', categoryId: 2, status: 'pending' },
      ])
      expect(result.post).toEqual({ status: 201, body: created })
      expect(created).toMatchObject({ name: 'Replayed', categoryId: 1 })
    } finally {
      await browser.close()
    }
  })
})
