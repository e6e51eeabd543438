import type { JournalEntry } from '../journal/journal-entry.ts'

/**
 * What the dashboard's script is told by the server: the routes a scenario
 * can target and the statuses it can force.
 */
export interface DashboardConfig {
  routes: Array<{ method: string; path: string }>
  statuses: Array<number>
  /** Entries kept in the page's log. */
  maxRows: number
}

/**
 * The dashboard's script, run in the page. It is sent as its own source text
 * (`toString()`), so it must not reference anything outside itself. It reads
 * the journal, follows `events` (streamed with `fetch`, so that an admin
 * token from the page's `#token=` fragment can be sent as a bearer), polls
 * `state` for quota and scenarios, and drives the scenario form.
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

  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  const token = new URLSearchParams(location.hash.slice(1)).get('token')
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  })
  const entries: Array<JournalEntry> = []
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

  const fullPath = (entry: JournalEntry) => {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(entry.query)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, item)
    }
    const text = search.toString()
    return text === '' ? entry.path : `${entry.path}?${text}`
  }

  const passes = (entry: JournalEntry) => {
    const data = new FormData(filterForm)
    const method = String(data.get('method') ?? '')
    const path = String(data.get('path') ?? '').trim()
    const status = String(data.get('status') ?? '').trim()
    if (method && entry.method !== method) return false
    if (path && entry.route !== path && !fullPath(entry).includes(path)) return false
    if (/^[1-5]xx$/i.test(status)) return String(entry.status)[0] === status[0]
    if (status) return String(entry.status).startsWith(status)
    return true
  }

  const details = $<HTMLDialogElement>('details')
  const rowOf = (entry: JournalEntry, fresh: boolean) => {
    const row = el('tr', fresh ? { class: 'fresh' } : {})
    const time = new Date(entry.time)
    row.append(el('td', { class: 'time' }, time.toLocaleTimeString([], { hour12: false })))
    row.append(el('td', { class: 'method' }, entry.method))
    const cell = el('td')
    const open = el(
      'button',
      { type: 'button', class: 'open', title: 'Show the whole entry' },
      fullPath(entry),
    )
    // The whole row opens the entry; the button makes that reachable by keyboard.
    row.addEventListener('click', () => {
      $('details-title').textContent =
        `#${entry.id} ${entry.method} ${fullPath(entry)} → ${entry.status}`
      $('details-body').textContent = JSON.stringify(entry, null, 2)
      details.showModal()
    })
    cell.append(open)
    row.append(cell)
    const status = el('td')
    status.append(el('span', { class: `badge s${String(entry.status)[0]}` }, String(entry.status)))
    row.append(status)
    const code = el('td', { class: 'code' }, entry.code ?? '')
    if (entry.forced) code.append(el('span', { class: 'tag' }, `forced: ${entry.forced}`))
    row.append(code)
    row.append(el('td', { class: 'plan' }, entry.plan ?? '—'))
    row.append(el('td', { class: 'num' }, entry.durationMs.toFixed(1)))
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
    const shown = rows.children.length
    $('count').textContent =
      shown === entries.length ? `(${entries.length})` : `(${shown} of ${entries.length})`
    $('empty').hidden = shown > 0 || entries.length > 0
    $('no-match').hidden = shown > 0 || entries.length === 0
  }
  const add = (entry: JournalEntry) => {
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
    const missed: Array<JournalEntry> = await call('GET', `requests?since=${lastId}`)
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
        const name = client.client.replace(/^(key|address):/, '')
        head.append(el('span', { class: 'client-name' }, name))
        const known = state?.keys.find((key) => `key:${key.key}` === client.client)
        head.append(
          el(
            'span',
            { class: 'plan' },
            client.client.startsWith('address:') ? 'no key (Free)' : (known?.plan ?? ''),
          ),
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
            'aria-label': `${name}: ${window.used} of ${window.limit} this ${label}`,
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
        const what = [
          scenario.status === undefined ? 'delay only' : String(scenario.status),
          scenario.delay ? `+${scenario.delay} ms` : '',
          `${scenario.method ?? 'any method'} ${scenario.path ?? 'any path'}`,
          scenario.match ? 'when matched' : '',
          `× ${scenario.remaining}`,
        ]
          .filter(Boolean)
          .join(' · ')
        item.append(el('span', { class: 'mono' }, what))
        const remove = el(
          'button',
          { type: 'button', class: 'button small ghost', 'aria-label': `Remove scenario ${what}` },
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
      error.textContent = failure instanceof Error ? failure.message : String(failure)
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
      const initial: Array<JournalEntry> = await call('GET', `requests?limit=${config.maxRows}`)
      for (const entry of initial) {
        entries.push(entry)
        lastId = entry.id
      }
      render()
      await refresh()
    } catch (error) {
      live.textContent = error instanceof Error ? error.message : String(error)
    }
    await follow()
  })()
}
