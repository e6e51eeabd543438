import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withMockServer } from '../test-utils/with-mock-server.ts'
import { homePage, prefersHtml } from './home-page.ts'

/** What Chromium and Firefox send when a page is opened. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'

describe('prefersHtml', () => {
  it("tells a browser's navigation from an API client", () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true)
    expect(prefersHtml('text/html')).toBe(true)
    expect(prefersHtml('TEXT/HTML; q=1, application/json;q=0.5')).toBe(true)
    expect(prefersHtml(null)).toBe(false)
    expect(prefersHtml('*/*')).toBe(false)
    expect(prefersHtml('application/json')).toBe(false)
    expect(prefersHtml('text/html, application/json')).toBe(false)
    expect(prefersHtml('text/html;q=0.5, */*')).toBe(false)
    expect(prefersHtml('text/html;q=0')).toBe(false)
    expect(prefersHtml('text/html;q=2')).toBe(false)
  })

  it('answers a boolean for any Accept, without throwing', () => {
    const part = fc.oneof(
      fc.constantFrom('text/html', '*/*', 'application/json', 'application/*', ';q=0.5', ','),
      fc.constantFrom('__proto__', 'constructor', ';q=', ' ', ';', 'toString'),
      fc.string({ maxLength: 12 }),
    )
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        expect(typeof prefersHtml(parts.join(''))).toBe('boolean')
      }),
      { numRuns: 1000, seed: 36 },
    )
  })
})

describe('the root of the mock, over HTTP', () => {
  const mock = withMockServer()
  const closed = withMockServer({ admin: false })

  it('gives a browser a page that links the dashboard, the OpenAPI document and an example', async () => {
    const response = await fetch(`${mock.current.url}/`, { headers: { accept: BROWSER_ACCEPT } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).toContain('<a href="/__mock/">The dashboard</a>')
    expect(page).toContain('<a href="/openapi.json">The OpenAPI document</a>')
    expect(page).toContain(`'${mock.current.url}/v1/pets?limit=3'`)
    const head = await fetch(`${mock.current.url}/`, {
      method: 'HEAD',
      headers: { accept: BROWSER_ACCEPT },
    })
    expect([head.status, await head.text()]).toEqual([200, ''])
  })

  it('gives an API client a JSON 404 that names the API, its document and the dashboard', async () => {
    for (const accept of ['*/*', 'application/json']) {
      const response = await fetch(`${mock.current.url}/`, { headers: { accept } })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({
        code: 'route_not_found',
        message:
          'No operation at /; the API lives under /v1, its OpenAPI document at /openapi.json, the dashboard at /__mock/.',
        status: 404,
      })
    }
    const post = await fetch(`${mock.current.url}/`, {
      method: 'POST',
      headers: { accept: BROWSER_ACCEPT },
    })
    expect(post.status).toBe(404)
  })

  it('names no dashboard when the control API is off', async () => {
    const page = await fetch(`${closed.current.url}/`, { headers: { accept: BROWSER_ACCEPT } })
    const text = await page.text()
    expect(text).not.toContain('href="/__mock/"')
    expect(text).toContain('The dashboard is off')
    const json = await fetch(`${closed.current.url}/favicon.ico`)
    expect(((await json.json()) as { message: string }).message).toBe(
      'No operation at /favicon.ico; the API lives under /v1, its OpenAPI document at /openapi.json.',
    )
  })

  it('escapes the origin and base path it shows, markup and controls alike', () => {
    const page = String(
      homePage({
        basePath: '/a"b',
        dashboard: true,
        origin: 'http://x"><script>alert(1)</script>\u202e',
      }).body,
    )
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('\u202e')
    expect(page).toContain('http://x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\\u202e')
    expect(page).toContain('/a&quot;b')
  })
})
