import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'
import { BROWSER_TESTS, launchChromium } from './launch-chromium.ts'
import { expectNoOverflow, pageOverflow, WIDTHS } from './page-overflow.ts'

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
    await form.getByLabel('Respond with').selectOption('503')
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
    const shown = JSON.parse((await page.locator('#details-json').textContent()) ?? '')
    expect(shown).toMatchObject({ status: 503, forced: 'scenario', route: '/v1/pets' })
    await shoot('details')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    // And by a click anywhere on the row.
    await page.locator('#rows tr').nth(2).locator('td.num').click()
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect(JSON.parse((await page.locator('#details-json').textContent()) ?? '')).toMatchObject({
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

    await form.getByLabel('Respond with').selectOption('500')
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

  it('names each control apart: getByLabel finds every one alone, as a screen reader tells them apart', async () => {
    await mock.petstore.reset()
    await page.goto(`${mock.url}/__mock/`)
    await expect.poll(() => page.locator('#live').textContent()).toBe('live')
    // A row, a quota and a scenario on the page, whose own labels must not match either.
    expect((await api('/v1/pets')).status).toBe(200)
    await form.getByLabel('Respond with').selectOption('503')
    await form.getByLabel('Route').selectOption('GET /v1/store/orders')
    await page.getByRole('button', { name: 'Add scenario' }).click()
    await expect.poll(() => page.locator('#rows tr').count()).toBe(1)
    await expect.poll(() => page.locator('#scenarios li button').count()).toBe(1)
    const controls = page.locator('input, select, textarea')
    const names = await controls.evaluateAll((elements) =>
      elements
        .filter((element) => element.closest('[hidden]') === null)
        .map((element) =>
          (element as HTMLInputElement).labels?.[0]?.firstChild?.textContent?.trim(),
        ),
    )
    expect(names).toEqual([
      'Method',
      'Path',
      'Status',
      'Violations',
      'Respond with',
      'Delay (ms)',
      'Times',
      'Route',
      'Session',
    ])
    // Each name, matched as Playwright matches a label (any case, as a part of a longer
    // one), finds its control alone: no two controls share a name or hold one another's.
    // (Other elements, such as the coverage panel's cells, may say "status" in theirs.)
    const control = (name: string) => page.getByLabel(name).and(controls)
    for (const name of names) expect(await control(name ?? '').count(), name).toBe(1)
    expect(await control('Status').getAttribute('name')).toBe('status')
    expect(await control('Status').evaluate((element) => element.tagName)).toBe('INPUT')
    await shoot('labels')
    await page.getByRole('button', { name: 'Reset mock' }).click()
    await expect.poll(() => page.locator('#rows tr').count()).toBe(0)
    expect(errors).toEqual([])
  }, 60_000)

  it('opens the root in a browser: a page whose link leads to the dashboard', async () => {
    const root = await browser.newPage({ viewport: { width: 390, height: 844 } })
    try {
      const response = await root.goto(`${mock.url}/`)
      expect(response?.status()).toBe(200)
      expect(await root.locator('h1').innerText()).toBe('petstore-mock')
      expectNoOverflow(await pageOverflow(root), 390)
      if (SCREENSHOTS) await root.screenshot({ path: `${SCREENSHOTS}/root-390.png` })
      await root.getByRole('link', { name: 'The dashboard' }).click()
      await root.waitForURL(`${mock.url}/__mock/`)
      await expect.poll(() => root.locator('#live').textContent()).toBe('live')
    } finally {
      await root.close()
    }
  }, 60_000)
})

/**
 * The dashboard at a phone's width, a narrow window, a small and a common
 * laptop: nothing sticks out sideways, the log's columns keep their widths
 * when a filter applies, badges stay on one line, the log shows its
 * scrollbar, and an opened row shows the whole exchange. The journal records
 * `answeredBy`, `violations` and `response` of each entry; the test makes one
 * entry an upstream's answer and gives two entries violations, in the page's
 * initial read of the journal, as a mock in front of a faulty upstream would
 * send them (test/dashboard-proxy.test.ts has a real one).
 */
describe.runIf(BROWSER_TESTS)('the dashboard at every width', () => {
  let mock: RunningServer
  let browser: Browser
  let page: Page
  const errors: Array<string> = []
  /** What each request got back, by journal id: the response a judging mock journals. */
  const responses = new Map<number, { headers: Record<string, string>; body: string }>()

  const send = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${mock.url}${path}`, {
      ...init,
      headers: { authorization: 'Bearer sk_test_free', ...init.headers },
    })
    const body = await response.text()
    const [entry] = (await (await fetch(`${mock.url}/__mock/requests?limit=1`)).json()) as Array<{
      id: number
    }>
    responses.set(entry?.id ?? 0, { headers: Object.fromEntries(response.headers), body })
  }

  beforeAll(async () => {
    mock = await startServer({ port: 0, host: '127.0.0.1' })
    await send('/v1/pets?limit=3')
    await send('/v1/pets', { headers: { prefer: 'code=503' } })
    await send(
      `/v1/pets?status=available&limit=100&${'cursor=abcdefghij'.repeat(4)}&sort=name,-id&fields=id,name,categoryId,status`,
    )
    await send('/v1/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Biscuit', categoryId: 1, status: 'available' }),
    })
    await send('/v1/pets/999999')
    await send('/v1/store/orders?limit=2', { headers: { authorization: 'Bearer nope' } })
    browser = await launchChromium({ scrollbars: true })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.route(/\/__mock\/requests\?limit=/, async (route) => {
      const response = await route.fetch()
      const entries = (await response.json()) as Array<Record<string, unknown>>
      for (const entry of entries) {
        const id = entry.id as number
        entry.response ??= { ...responses.get(id), bodyTruncated: false }
        // The journal says the mock answered each; one stands for an answer of the upstream.
        if (id === 3) entry.answeredBy = 'upstream'
        if (id === 3 || id === 5) {
          entry.violations = [
            {
              check: 'list.default-limit',
              level: 'required',
              message: 'A list without limit has at most 20 pets; this one has 30.',
              section: '§4.1',
            },
            {
              check: 'headers.date',
              level: 'advisory',
              message: 'No Date header.',
              section: 'RFC 9110 §6.6.1',
            },
          ].slice(0, id === 3 ? 2 : 1)
        }
        // The first request stands for a caller's mistake the upstream answered.
        if (id === 1) {
          entry.answeredBy = 'upstream'
          entry.violations = [
            {
              check: 'request.limit',
              level: 'required',
              message: "The caller's request is not as the spec states: limit must be 1 to 100.",
              section: '§4.1, §8',
              source: 'request',
            },
          ]
        }
      }
      await route.fulfill({ response, json: entries })
    })
    await page.goto(`${mock.url}/__mock/`)
    await page.waitForFunction(() => document.querySelectorAll('#rows tr').length === 6)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await mock?.close()
  })

  it.each(WIDTHS)(
    'at %i px: no sideways overflow, steady columns, the whole exchange',
    async (width) => {
      await page.setViewportSize({ width, height: 900 })
      await page.keyboard.press('Escape')
      expectNoOverflow(await pageOverflow(page), width)

      // Badges and tags on one line each (those shown at this width).
      const wrapped = await page.$$eval('#rows .badge, #rows .tag, #rows .mark', (badges) =>
        badges
          .filter((badge) => badge.getClientRects().length > 0)
          .filter(
            (badge) =>
              badge.getClientRects().length > 1 || badge.getBoundingClientRect().height > 22,
          )
          .map((badge) => badge.textContent),
      )
      expect(wrapped).toEqual([])
      // Nothing in the status column is cut by the cell's edge.
      const cut = await page.$$eval('#rows td.c-status > *', (marks) =>
        marks
          .filter((mark) => mark.getClientRects().length > 0)
          .filter((mark) => {
            const cell = mark.parentElement?.getBoundingClientRect()
            return cell !== undefined && mark.getBoundingClientRect().right > cell.right + 0.5
          })
          .map((mark) => mark.textContent),
      )
      expect(cut).toEqual([])
      // An error code shows whole: its tags go below it where both do not fit.
      const clipped = await page.$$eval('#rows .code-text', (codes) =>
        codes
          .filter((code) => code.getClientRects().length > 0)
          .filter((code) => code.scrollWidth > code.clientWidth)
          .map((code) => code.textContent),
      )
      expect(clipped).toEqual([])
      // The log's scroll area draws its scrollbar.
      const scrollbar = await page.$eval(
        '.table-wrap',
        (wrap) => (wrap as HTMLElement).offsetWidth - wrap.clientWidth,
      )
      expect(scrollbar).toBeGreaterThan(0)

      // The proxied answer says so, in the code column or, where that is hidden, by its path.
      const upstream = page
        .locator('#rows tr', { hasText: 'status=available' })
        .locator('.tag.upstream')
      expect(
        await upstream.evaluateAll(
          (tags) => tags.filter((tag) => tag.getClientRects().length > 0).length,
        ),
      ).toBe(1)
      // A row with violations is marked; filters leave the columns where they were.
      const columns = () =>
        page.$$eval('thead th', (cells) =>
          cells.map((cell) => Math.round(cell.getBoundingClientRect().width)),
        )
      const before = await columns()
      const marked = page.locator('#rows tr.violating')
      expect(await marked.count()).toBe(2)
      expect(
        await marked
          .locator('.mark')
          .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('aria-label'))),
      ).toEqual(['1 spec violation', '2 spec violations'])
      // Every path keeps room beside its tags.
      const squeezed = await page.$$eval('#rows button.open', (paths) =>
        paths
          .filter((path) => path.getBoundingClientRect().width < 40)
          .map((path) => path.getAttribute('title')),
      )
      expect(squeezed).toEqual([])
      // The caller's mistake: a neutral badge (by the path where the code column is hidden).
      const mistaken = page.locator('#rows tr.mistaken')
      expect(await mistaken.count()).toBe(1)
      expect(
        await mistaken
          .locator('.tag.caller')
          .evaluateAll((tags) => tags.filter((tag) => tag.getClientRects().length > 0).length),
      ).toBe(1)
      await page.locator('#filter select[name=violations]').selectOption('any')
      await expect.poll(() => page.locator('#rows tr').count()).toBe(3)
      expect(await columns()).toEqual(before)
      await page.locator('#filter select[name=violations]').selectOption('upstream')
      await expect.poll(() => page.locator('#rows tr').count()).toBe(2)
      expect(await columns()).toEqual(before)
      await page.locator('#filter input[name=status]').fill('5xx')
      await expect.poll(() => page.locator('#rows tr').count()).toBe(0)
      expect(await columns()).toEqual(before)
      await page.locator('#filter input[name=status]').fill('')
      await page.locator('#filter select[name=violations]').selectOption('')
      await expect.poll(() => page.locator('#rows tr').count()).toBe(6)
      expect(await columns()).toEqual(before)
      await shoot(`dashboard-${width}`)

      // The proxied row with two violations: the checks, the request and the response.
      await page.locator('#rows tr.violating').last().click()
      const dialog = page.locator('#details')
      await expect.poll(() => dialog.isVisible()).toBe(true)
      const violations = dialog.locator('.violations li')
      expect(await violations.count()).toBe(2)
      expect(await violations.first().textContent()).toMatch(
        /list\.default-limit\s*required\s*spec §4\.1\s*A list without limit has at most 20 pets/,
      )
      const response = dialog.locator('section.response')
      expect(await response.locator('h3').innerText()).toMatch(
        /Response\s*200\s*answered by upstream/,
      )
      expect(await response.locator('dl.headers').innerText()).toMatch(
        /content-type\s*application\/json/,
      )
      expect(await response.locator('pre').innerText()).toMatch(/^\[\n {2}\{\n {4}"id": /)
      expect(await dialog.locator('section.request .line').innerText()).toMatch(
        /^GET \/v1\/pets\?status=available/,
      )
      expectNoOverflow(await pageOverflow(page), width)
      await shoot(`dashboard-${width}-opened`)
      await page.keyboard.press('Escape')
      await expect.poll(() => dialog.isVisible()).toBe(false)

      // A create: its request body and its 201 with Location.
      await page.locator('#rows tr', { hasText: 'POST' }).click()
      expect(await dialog.locator('section.request pre').innerText()).toContain('"name": "Biscuit"')
      expect(await dialog.locator('section.response dl.headers').innerText()).toMatch(
        /location\s*\/v1\/pets\/\d+/,
      )
      expect(await dialog.locator('section.response h3').innerText()).toMatch(
        /201\s*answered by the mock/,
      )
      await page.keyboard.press('Escape')
      expect(errors).toEqual([])
    },
  )

  const shoot = async (name: string) => {
    if (SCREENSHOTS) {
      await page.screenshot({
        path: `${SCREENSHOTS}/${name}.png`,
        fullPage: !name.endsWith('opened'),
      })
    }
  }
})
