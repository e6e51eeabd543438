import { existsSync } from 'node:fs'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'

/**
 * The handlers in a real browser under msw's `setupWorker`: Debian's Chromium,
 * driven by playwright-core. CI installs Chromium (`.ci/run`); elsewhere the
 * test runs where `/usr/bin/chromium` exists (or CHROMIUM_PATH), and is
 * required when PETSTORE_BROWSER_TEST=required.
 */

describe.runIf(BROWSER_TESTS)('createPetstore in a browser (setupWorker)', () => {
  let outDir: string
  let server: http.Server
  let origin: string

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'petstore-browser-'))
    await build({
      root: join(import.meta.dirname, 'browser'),
      configFile: false,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
    })
    const require = createRequire(import.meta.url)
    const mswDir = join(require.resolve('msw/package.json'), '..')
    await copyFile(
      join(mswDir, 'lib', 'mockServiceWorker.js'),
      join(outDir, 'mockServiceWorker.js'),
    )
    server = http.createServer(async (req, res) => {
      const path = normalize(
        join(outDir, req.url === '/' ? 'index.html' : ((req.url ?? '').split('?')[0] ?? '')),
      )
      if (!path.startsWith(outDir) || !existsSync(path)) {
        res.writeHead(404).end()
        return
      }
      const type =
        { '.html': 'text/html', '.js': 'text/javascript' }[extname(path)] ??
        'application/octet-stream'
      res.writeHead(200, { 'content-type': type }).end(await readFile(path))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, 120_000)

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  it('answers fetch calls from the page with the same behaviour as the server', async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const errors: Array<string> = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(origin)
      await page.waitForFunction(() => 'petstoreResult' in window, null, { timeout: 30_000 })
      const result = await page.evaluate(
        () => (window as unknown as { petstoreResult: unknown }).petstoreResult,
      )
      expect(errors).toEqual([])
      expect(result).toMatchObject({
        list: { status: 200, remaining: '59' },
        created: { status: 201, body: { name: 'Browser Rex', categoryId: 1, status: 'available' } },
        got: {
          status: 200,
          sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
          body: { name: 'Browser Rex' },
        },
        anonymous: { status: 401, body: { code: 'unauthorized', status: 401 } },
        forced: { status: 503, body: { code: 'service_unavailable', status: 503 } },
        // The seeded 100 and the one created: loaded into the collections on `ready`.
        db: { pets: 101 },
      })
      expect((result as { list: { body: Array<unknown> } }).list.body).toHaveLength(2)
    } finally {
      await browser.close()
    }
  }, 60_000)
})
