import type { Violation } from '../contract/judge-exchange.ts'
import type { JournalEntry } from '../journal/journal-entry.ts'

/**
 * What the dashboard's script is told by the server: the routes a scenario
 * can target and the statuses it can force.
 *
 * @example
 * const config: DashboardConfig = { routes: [{ method: 'GET', path: '/v1/pets' }], statuses: [503], maxRows: 500, clientPrefixes: { key: 'key:', address: 'address:' } }
 */
export interface DashboardConfig {
  routes: Array<{ method: string; path: string }>
  statuses: Array<number>
  /** Entries kept in the page's log. */
  maxRows: number
  /** How the rate limiter names a client with a key and one without. */
  clientPrefixes: { key: string; address: string }
  /**
   * The characters shown as `\uXXXX` escapes in every text that came from
   * outside (`showControls`' own, as a regular expression's source).
   */
  controls: string
}

/**
 * The dashboard's script, run in the page. It is sent as its own source text
 * (`toString()`), so it must not reference anything outside itself. It reads
 * the journal, follows `events` (streamed with `fetch`, so that an admin
 * token from the page's `#token=` fragment can be sent as a bearer), polls
 * `state` for quota and scenarios, and drives the scenario form. Every text
 * that came from outside (a method, a path and its query, a header, a body,
 * an Error code or message, a client's name, a scenario's path) is shown in
 * its own `<bdi>` or element marked `data-outside` (which the page's CSS
 * isolates; an attribute's between U+2068 and U+2069), with its
 * control characters, bidi controls included, shown as `\uXXXX` escapes: so
 * it cannot reorder the page's own words (an unterminated U+202E in a pet's
 * name reverses nothing after it; a stray U+2069 closes no isolate).
 *
 * @example
 * const source = `(${dashboardMain.toString()})(${JSON.stringify(config)})`
 */
export function dashboardMain(config: DashboardConfig): void {
  interface Quota {
    limit: number
    used: number
    reset: number
  }
  interface State {
    keys: Array<{ key: string; plan: string }>
    rateLimit: {
      enabled: boolean
      clients: Array<{ client: string; minute: Quota; day: Quota; bannedUntil?: number }>
    }
    scenarios: Array<{
      id: number
      status?: number
      delay?: number
      method?: string
      path?: string
      match?: unknown
      remaining: number
    }>
  }

  /**
   * A journal entry as the page reads it: a mock that judges what it answers
   * or proxies adds `answeredBy`, `violations` and `response`; an entry
   * without them still shows.
   */
  type Entry = JournalEntry & {
    answeredBy?: 'mock' | 'upstream'
    violations?: Array<Violation>
    response?: { headers: Record<string, string>; body: string | null; bodyTruncated: boolean }
  }

  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  const token = new URLSearchParams(location.hash.slice(1)).get('token')
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  })
  const entries: Array<Entry> = []
  let lastId = 0
  let state: State | undefined
  const rows = $<HTMLTableSectionElement>('rows')
  const filterForm = $<HTMLFormElement>('filter')
  const live = $('live')

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(path, {
      method,
      headers: headers(method !== 'GET'),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    const value = text === '' ? undefined : JSON.parse(text)
    if (!response.ok) throw new Error(value?.message ?? `HTTP ${response.status}`)
    return value
  }

  const el = (tag: string, attributes: Record<string, string> = {}, text?: string) => {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
    if (text !== undefined) node.textContent = text
    return node
  }
  const controls = new RegExp(config.controls, 'g')
  /** A text from outside with its control characters shown as `\uXXXX` escapes. */
  const shown = (text: string) =>
    text.replace(
      controls,
      (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
    )
  /** A text from outside in an element of its own that isolates it (`<bdi>`). */
  const bidi = (text: string) => el('bdi', {}, shown(text))
  /** A text from outside inside an attribute: isolated by U+2068 and U+2069. */
  const isolated = (text: string) => `\u2068${shown(text)}\u2069`
  /** An element of the page whose content is all from outside, isolated by its `data-outside` (CSS). */
  const outside = (tag: string, attributes: Record<string, string>, text: string) =>
    el(tag, { ...attributes, 'data-outside': '' }, shown(text))

  const fullPath = (entry: Entry) => {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(entry.query)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, item)
    }
    const text = search.toString()
    return text === '' ? entry.path : `${entry.path}?${text}`
  }

  const violationsOf = (entry: Entry) => entry.violations ?? []
  const passes = (entry: Entry) => {
    const data = new FormData(filterForm)
    const method = String(data.get('method') ?? '')
    const path = String(data.get('path') ?? '').trim()
    const status = String(data.get('status') ?? '').trim()
    if (data.get('violations') !== null && violationsOf(entry).length === 0) return false
    if (method && entry.method !== method) return false
    if (path && entry.route !== path && !fullPath(entry).includes(path)) return false
    if (/^[1-5]xx$/i.test(status)) return String(entry.status)[0] === status[0]
    if (status) return String(entry.status).startsWith(status)
    return true
  }

  const details = $<HTMLDialogElement>('details')
  const clockTime = (entry: Entry) => new Date(entry.time).toLocaleTimeString([], { hour12: false })
  const statusBadge = (status: number) =>
    el('span', { class: `badge s${String(status)[0]}` }, String(status))
  const headerList = (headers: Record<string, string>) => {
    const list = el('dl', { class: 'headers' })
    for (const [name, value] of Object.entries(headers)) {
      list.append(outside('dt', {}, name), outside('dd', {}, value))
    }
    return list
  }
  const bodyBlock = (body: string | null, truncated: boolean, what: string) => {
    if (body === null || body === '') return [el('p', { class: 'note' }, `No ${what} body.`)]
    const text = /^\s*[[{]/.test(body) && !truncated ? pretty(body) : body
    return [
      outside('pre', {}, text),
      ...(truncated
        ? [el('p', { class: 'note' }, `Cut: the journal keeps the start of the ${what} body.`)]
        : []),
    ]
  }
  const pretty = (body: string) => {
    try {
      return JSON.stringify(JSON.parse(body), null, 2)
    } catch {
      return body
    }
  }
  /** The whole exchange of an entry: what was wrong with it, the request, the response. */
  const showExchange = (entry: Entry) => {
    // The query is on the request's own line below.
    $('details-title').replaceChildren(
      `#${entry.id} `,
      bidi(entry.method),
      ' ',
      bidi(entry.path),
      ` → ${entry.status}`,
    )
    const parts: Array<HTMLElement> = []
    const violations = violationsOf(entry)
    if (violations.length > 0) {
      const section = el('section', { class: 'found' })
      section.append(el('h3', {}, `Spec violations (${violations.length})`))
      const list = el('ul', { class: 'violations' })
      for (const violation of violations) {
        const item = el('li', { class: violation.level })
        item.append(
          outside('span', { class: 'check' }, violation.check),
          el('span', { class: 'level' }, violation.level),
          el('span', { class: 'section' }, `spec ${violation.section}`),
          outside('p', {}, violation.message),
        )
        list.append(item)
      }
      section.append(list)
      parts.push(section)
    }
    const request = el('section', { class: 'request' })
    request.append(el('h3', {}, 'Request'))
    const line = el('p', { class: 'line' })
    line.append(bidi(entry.method), ' ', bidi(fullPath(entry)))
    request.append(line)
    request.append(headerList(entry.headers))
    request.append(...bodyBlock(entry.body, entry.bodyTruncated, 'request'))
    parts.push(request)
    const response = el('section', { class: 'response' })
    const head = el('h3', {}, 'Response')
    head.append(statusBadge(entry.status))
    if (entry.code) head.append(outside('span', { class: 'code-text' }, entry.code))
    head.append(
      el(
        'span',
        { class: `tag${entry.answeredBy === 'upstream' ? ' upstream' : ''}` },
        entry.answeredBy === 'upstream' ? 'answered by upstream' : 'answered by the mock',
      ),
    )
    if (entry.forced) head.append(el('span', { class: 'tag' }, `forced: ${entry.forced}`))
    response.append(head)
    response.append(
      el(
        'p',
        { class: 'line' },
        `${clockTime(entry)} · ${entry.durationMs.toFixed(1)} ms${entry.plan ? ` · plan ${entry.plan}` : ''}`,
      ),
    )
    if (entry.response) {
      response.append(headerList(entry.response.headers))
      response.append(...bodyBlock(entry.response.body, entry.response.bodyTruncated, 'response'))
    } else {
      response.append(el('p', { class: 'note' }, 'This mock journals no response headers or body.'))
    }
    parts.push(response)
    const raw = el('details', { class: 'raw' })
    raw.append(el('summary', {}, 'Journal entry (JSON)'))
    raw.append(el('pre', { id: 'details-json' }, shown(JSON.stringify(entry, null, 2))))
    parts.push(raw)
    $('details-body').replaceChildren(...parts)
    details.showModal()
  }

  const rowOf = (entry: Entry, fresh: boolean) => {
    const violations = violationsOf(entry)
    const classes = [fresh ? 'fresh' : '', violations.length > 0 ? 'violating' : '']
    const row = el('tr', { class: classes.filter(Boolean).join(' ') })
    row.append(el('td', { class: 'c-time time' }, clockTime(entry)))
    row.append(outside('td', { class: 'c-method method' }, entry.method))
    const cell = el('td', { class: 'c-path' })
    const open = outside(
      'button',
      {
        type: 'button',
        class: 'open',
        title: `${isolated(fullPath(entry))}: show the whole exchange`,
      },
      fullPath(entry),
    )
    // The whole row opens the entry; the button makes that reachable by keyboard.
    row.addEventListener('click', () => showExchange(entry))
    const within = el('div', { class: 'path' })
    within.append(open)
    // Where the code column is hidden, the path says that a proxied server answered.
    if (entry.answeredBy === 'upstream') {
      within.append(el('span', { class: 'tag upstream narrow-only' }, 'upstream'))
    }
    cell.append(within)
    row.append(cell)
    const status = el('td', { class: 'c-status' })
    status.append(statusBadge(entry.status))
    if (violations.length > 0) {
      const required = violations.some((violation) => violation.level === 'required')
      const label = `${violations.length} spec violation${violations.length === 1 ? '' : 's'}`
      status.append(
        el(
          'span',
          {
            class: `mark${required ? '' : ' advisory'}`,
            title: `${label}: ${violations.map((violation) => violation.check).join(', ')}`,
            'aria-label': label,
          },
          `! ${violations.length}`,
        ),
      )
    }
    row.append(status)
    const code = el('td', { class: 'c-code' })
    const tags = el('div', { class: 'tags' })
    if (entry.answeredBy === 'upstream')
      tags.append(el('span', { class: 'tag upstream' }, 'upstream'))
    if (entry.forced) tags.append(el('span', { class: 'tag' }, `forced: ${entry.forced}`))
    if (entry.code) {
      tags.prepend(outside('span', { class: 'code-text', title: isolated(entry.code) }, entry.code))
    }
    code.append(tags)
    row.append(code)
    row.append(el('td', { class: 'c-plan plan' }, entry.plan ?? '—'))
    row.append(el('td', { class: 'c-ms num' }, entry.durationMs.toFixed(1)))
    return row
  }

  const render = () => {
    rows.replaceChildren(
      ...entries
        .filter(passes)
        .reverse()
        .map((entry) => rowOf(entry, false)),
    )
    update()
  }
  const update = () => {
    const visible = rows.children.length
    $('count').textContent =
      visible === entries.length ? `(${entries.length})` : `(${visible} of ${entries.length})`
    $('empty').hidden = visible > 0 || entries.length > 0
    $('no-match').hidden = visible > 0 || entries.length === 0
  }
  const add = (entry: Entry) => {
    if (entry.id <= lastId) return
    lastId = entry.id
    entries.push(entry)
    if (entries.length > config.maxRows) {
      entries.shift()
      rows.lastElementChild?.remove()
    }
    if (passes(entry)) rows.prepend(rowOf(entry, true))
    update()
  }
  filterForm.addEventListener('input', render)
  filterForm.addEventListener('submit', (event) => event.preventDefault())

  // Live: the journal's events, resumed after the last id seen.
  const follow = async () => {
    for (;;) {
      try {
        const response = await fetch(`events?since=${lastId}`, { headers: headers(false) })
        if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`)
        live.textContent = 'live'
        live.classList.add('on')
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          buffer += value
          let end = buffer.indexOf('\n\n')
          while (end !== -1) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            end = buffer.indexOf('\n\n')
            let event = 'message'
            let data = ''
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7)
              else if (line.startsWith('data: ')) data += line.slice(6)
            }
            if (event === 'request') add(JSON.parse(data))
            else if (event === 'dropped') void catchUp()
          }
          scheduleState()
        }
      } catch {
        // Reconnect below.
      }
      live.textContent = 'reconnecting…'
      live.classList.remove('on')
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
  }
  const catchUp = async () => {
    const missed: Array<Entry> = await call('GET', `requests?since=${lastId}`)
    for (const entry of missed) add(entry)
  }

  // Quota and scenarios.
  const countdown = (until: number) => {
    const left = Math.max(0, until - Math.floor(Date.now() / 1000))
    if (left >= 3_600) return `${Math.floor(left / 3_600)} h ${Math.floor((left % 3_600) / 60)} min`
    return left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`
  }
  const renderQuota = () => {
    const box = $('quota')
    if (state === undefined) return
    const { clients, enabled } = state.rateLimit
    if (clients.length === 0) {
      box.replaceChildren(el('p', { class: 'empty' }, 'No requests counted yet.'))
      return
    }
    box.replaceChildren(
      ...clients.map((client) => {
        const card = el('div', { class: 'client' })
        const head = el('div', { class: 'client-head' })
        const { key: keyPrefix, address: addressPrefix } = config.clientPrefixes
        const byAddress = client.client.startsWith(addressPrefix)
        const prefix = byAddress ? addressPrefix : keyPrefix
        const name = client.client.startsWith(prefix)
          ? client.client.slice(prefix.length)
          : client.client
        head.append(outside('span', { class: 'client-name' }, name))
        const known = state?.keys.find((key) => `${keyPrefix}${key.key}` === client.client)
        head.append(
          el('span', { class: 'plan' }, byAddress ? 'no key (Free)' : (known?.plan ?? '')),
        )
        card.append(head)
        for (const [label, window] of [
          ['minute', client.minute],
          ['day', client.day],
        ] as const) {
          const row = el('div', { class: 'window' })
          row.append(el('span', {}, label))
          const share = Math.min(1, window.used / Math.max(1, window.limit))
          const bar = el('div', {
            class: `bar${share >= 1 ? ' full' : share >= 0.8 ? ' high' : ''}`,
            role: 'meter',
            'aria-valuemin': '0',
            'aria-valuemax': String(window.limit),
            'aria-valuenow': String(Math.min(window.used, window.limit)),
            'aria-label': `${isolated(name)}: ${window.used} of ${window.limit} this ${label}`,
          })
          const fill = el('span')
          fill.style.width = `${(share * 100).toFixed(1)}%`
          bar.append(fill)
          row.append(bar)
          row.append(
            el(
              'span',
              { class: 'num', title: 'used / limit · resets in' },
              `${window.used}/${window.limit} · ${countdown(window.reset)}`,
            ),
          )
          card.append(row)
        }
        if (client.bannedUntil !== undefined) {
          card.append(el('div', { class: 'ban' }, `Banned: ${countdown(client.bannedUntil)} left`))
        }
        return card
      }),
      ...(enabled ? [] : [el('p', { class: 'empty' }, 'Rate limiting is off: never 429.')]),
    )
  }
  const renderScenarios = () => {
    const list = $('scenarios')
    if (state === undefined) return
    if (state.scenarios.length === 0) {
      list.replaceChildren(el('li', { class: 'none' }, 'No scenario queued.'))
      return
    }
    list.replaceChildren(
      ...state.scenarios.map((scenario) => {
        const item = el('li')
        const route = (inside: (text: string) => string | Node) => [
          scenario.method === undefined ? 'any method' : inside(scenario.method),
          ' ',
          scenario.path === undefined ? 'any path' : inside(scenario.path),
        ]
        const parts = (inside: (text: string) => string | Node) => [
          scenario.status === undefined ? 'delay only' : String(scenario.status),
          ...(scenario.delay ? [' · ', `+${scenario.delay} ms`] : []),
          ' · ',
          ...route(inside),
          ...(scenario.match ? [' · ', 'when matched'] : []),
          ' · ',
          `× ${scenario.remaining}`,
        ]
        const what = el('span', { class: 'mono' })
        what.append(...parts(bidi))
        item.append(what)
        const remove = el(
          'button',
          {
            type: 'button',
            class: 'button small ghost',
            'aria-label': `Remove scenario ${parts(isolated).join('')}`,
          },
          'Remove',
        )
        remove.addEventListener('click', async () => {
          await call('DELETE', `scenarios/${scenario.id}`)
          await refresh()
        })
        item.append(remove)
        return item
      }),
    )
  }
  const refresh = async () => {
    state = await call('GET', 'state')
    renderQuota()
    renderScenarios()
  }
  let pending: ReturnType<typeof setTimeout> | undefined
  const scheduleState = () => {
    if (pending !== undefined) return
    pending = setTimeout(() => {
      pending = undefined
      void refresh().catch(() => {})
    }, 250)
  }

  // The scenario form.
  const statusSelect = $<HTMLSelectElement>('scenario-status')
  statusSelect.append(el('option', { value: '' }, 'none (delay only)'))
  for (const status of config.statuses) statusSelect.append(el('option', {}, String(status)))
  statusSelect.value = '503'
  const routeSelect = $<HTMLSelectElement>('scenario-route')
  routeSelect.append(el('option', { value: '' }, 'any route'))
  for (const route of config.routes) {
    routeSelect.append(el('option', {}, `${route.method} ${route.path}`))
  }
  const scenarioForm = $<HTMLFormElement>('add-scenario')
  scenarioForm.addEventListener('submit', async (event) => {
    event.preventDefault()
    const data = new FormData(scenarioForm)
    const scenario: Record<string, unknown> = { times: Number(data.get('times') || 1) }
    if (data.get('status')) scenario.status = Number(data.get('status'))
    if (data.get('delay')) scenario.delay = Number(data.get('delay'))
    const route = String(data.get('route') ?? '')
    if (route) {
      const [method, path] = route.split(' ')
      scenario.method = method
      scenario.path = path
    }
    const error = $('scenario-error')
    try {
      await call('POST', 'scenarios', scenario)
      error.textContent = ''
      await refresh()
    } catch (failure) {
      error.replaceChildren(bidi(failure instanceof Error ? failure.message : String(failure)))
    }
  })
  $('clear-scenarios').addEventListener('click', async () => {
    await call('DELETE', 'scenarios')
    await refresh()
  })
  $('reset').addEventListener('click', async () => {
    if (
      !confirm(
        'Reset the mock? Seeded data back; counters, bans, scenarios and the journal cleared.',
      )
    ) {
      return
    }
    await call('POST', 'reset', {})
    entries.length = 0
    render()
    await refresh()
  })

  const origin = new URL('..', location.href).href.replace(/\/$/, '')
  $('origin').textContent = origin
  $('try').textContent = `curl -H 'Authorization: Bearer sk_test_free' ${origin}/v1/pets?limit=3`
  setInterval(() => {
    renderQuota()
    scheduleState()
  }, 1_000)
  void (async () => {
    try {
      const initial: Array<Entry> = await call('GET', `requests?limit=${config.maxRows}`)
      for (const entry of initial) {
        entries.push(entry)
        lastId = entry.id
      }
      render()
      await refresh()
    } catch (error) {
      live.replaceChildren(bidi(error instanceof Error ? error.message : String(error)))
    }
    await follow()
  })()
}
