import { pathWithQuery } from '../journal/journal-entry.ts'
import {
  DASHBOARD_LOGIC,
  type DashboardEntry,
  type DashboardLogic,
  type QueuedScenario,
  type RowFilter,
  type RowMark,
} from './dashboard-logic.ts'

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
 * The page's logic: `DASHBOARD_LOGIC` and the journal's `pathWithQuery`.
 *
 * @example
 * const logic: PageLogic = { ...DASHBOARD_LOGIC, pathWithQuery }
 */
export type PageLogic = DashboardLogic & { pathWithQuery: typeof pathWithQuery }

/**
 * The dashboard's script as the page gets it, one script with no build step:
 * the source text of each pure function of `DASHBOARD_LOGIC` (and the
 * journal's `pathWithQuery`), then `dashboardMain` called with the config
 * and those functions, all in one function scope.
 *
 * @example
 * const script = dashboardScript({ routes: [], statuses: [503], maxRows: 500 })
 */
export function dashboardScript(config: DashboardConfig): string {
  const logic: PageLogic = { ...DASHBOARD_LOGIC, pathWithQuery }
  const functions = Object.values(logic)
  const given = functions.map((fn) => fn.name).join(', ')
  return [
    '(() => {',
    "'use strict'",
    ...functions.map((fn) => fn.toString()),
    `;(${dashboardMain.toString()})(${JSON.stringify(config)}, { ${given} })`,
    '})()',
    '',
  ].join('\n')
}

/**
 * The dashboard's script, run in the page: the DOM around the pure logic it
 * is given. It is sent as its own source text (`toString()`, by
 * `dashboardScript`), so it must not reference anything outside itself and
 * `logic`. It reads the journal, follows `events` (streamed with `fetch`, so
 * that an admin token from the page's `#token=` fragment can be sent as a
 * bearer), polls `state` for quota and scenarios, and drives the scenario
 * form.
 *
 * @example
 * const script = dashboardScript(config) // calls dashboardMain(config, logic) in the page
 */
export function dashboardMain(config: DashboardConfig, logic: PageLogic): void {
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
    scenarios: Array<QueuedScenario & { id: number }>
  }

  type Entry = DashboardEntry

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

  const fullPath = (entry: Entry) => logic.pathWithQuery(entry)
  const violationsOf = (entry: Entry) => entry.violations ?? []
  const passes = (entry: Entry) => {
    const data = new FormData(filterForm)
    const filter: RowFilter = {
      method: String(data.get('method') ?? ''),
      path: String(data.get('path') ?? ''),
      status: String(data.get('status') ?? ''),
      violations: String(data.get('violations') ?? ''),
    }
    return logic.passesFilter(entry, fullPath(entry), filter)
  }
  const markOf = (mark: RowMark) =>
    el(
      'span',
      {
        class: mark.className,
        ...(mark.title === undefined ? {} : { title: mark.title }),
        ...(mark.label === undefined ? {} : { 'aria-label': mark.label }),
      },
      mark.text,
    )

  const details = $<HTMLDialogElement>('details')
  const clockTime = (entry: Entry) => new Date(entry.time).toLocaleTimeString([], { hour12: false })
  const statusBadge = (status: number) =>
    el('span', { class: `badge s${String(status)[0]}` }, String(status))
  const headerList = (headers: Record<string, string>) => {
    const list = el('dl', { class: 'headers' })
    for (const [name, value] of Object.entries(headers)) {
      list.append(el('dt', {}, name), el('dd', {}, value))
    }
    return list
  }
  const bodyBlock = (body: string | null, truncated: boolean, what: string) => {
    if (body === null || body === '') return [el('p', { class: 'note' }, `No ${what} body.`)]
    return [
      el('pre', {}, logic.prettyBody(body, truncated)),
      ...(truncated
        ? [el('p', { class: 'note' }, `Cut: the journal keeps the start of the ${what} body.`)]
        : []),
    ]
  }
  /** The whole exchange of an entry: what was wrong with it, the request, the response. */
  const showExchange = (entry: Entry) => {
    // The query is on the request's own line below.
    $('details-title').textContent = `#${entry.id} ${entry.method} ${entry.path} → ${entry.status}`
    const parts: Array<HTMLElement> = []
    const violations = violationsOf(entry)
    if (violations.length > 0) {
      const section = el('section', { class: 'found' })
      section.append(el('h3', {}, logic.violationsHeading(entry)))
      const list = el('ul', { class: 'violations' })
      for (const violation of violations) {
        const item = el('li', {
          class: violation.source === 'request' ? 'request' : violation.level,
        })
        item.append(
          el('span', { class: 'check' }, violation.check),
          el('span', { class: 'level' }, logic.violationLevel(violation)),
          el('span', { class: 'section' }, `spec ${violation.section}`),
          el('p', {}, violation.message),
        )
        list.append(item)
      }
      section.append(list)
      parts.push(section)
    }
    const request = el('section', { class: 'request' })
    request.append(el('h3', {}, 'Request'))
    request.append(el('p', { class: 'line' }, `${entry.method} ${fullPath(entry)}`))
    request.append(headerList(entry.headers))
    request.append(...bodyBlock(entry.body, entry.bodyTruncated, 'request'))
    parts.push(request)
    const response = el('section', { class: 'response' })
    const head = el('h3', {}, 'Response')
    head.append(statusBadge(entry.status))
    if (entry.code) head.append(el('span', { class: 'code-text' }, entry.code))
    head.append(
      el(
        'span',
        {
          class: `tag${entry.answeredBy === 'upstream' ? ' upstream' : entry.fallback ? ' fallback' : ''}`,
          ...(entry.fallback ? { title: logic.fallbackReason(entry.fallback) } : {}),
        },
        logic.answeredByText(entry),
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
    raw.append(el('pre', { id: 'details-json' }, JSON.stringify(entry, null, 2)))
    parts.push(raw)
    $('details-body').replaceChildren(...parts)
    details.showModal()
  }

  const rowOf = (entry: Entry, fresh: boolean) => {
    const row = el('tr', { class: logic.rowClasses(entry, fresh) })
    row.append(el('td', { class: 'c-time time' }, clockTime(entry)))
    row.append(el('td', { class: 'c-method method' }, entry.method))
    const cell = el('td', { class: 'c-path' })
    const open = el(
      'button',
      { type: 'button', class: 'open', title: `${fullPath(entry)}: show the whole exchange` },
      fullPath(entry),
    )
    // The whole row opens the entry; the button makes that reachable by keyboard.
    row.addEventListener('click', () => showExchange(entry))
    const within = el('div', { class: 'path' })
    within.append(open)
    // Where the code column is hidden, the path says who answered in proxy mode.
    for (const tag of logic.rowTags(entry)) {
      if (tag.className !== 'tag') {
        within.append(markOf({ ...tag, className: `${tag.className} narrow-only` }))
      }
    }
    cell.append(within)
    row.append(cell)
    const status = el('td', { class: 'c-status' })
    status.append(statusBadge(entry.status))
    status.append(...logic.statusMarks(entry).map(markOf))
    row.append(status)
    const code = el('td', { class: 'c-code' })
    const tags = el('div', { class: 'tags' })
    tags.append(...logic.rowTags(entry).map(markOf))
    if (entry.code) tags.prepend(el('span', { class: 'code-text', title: entry.code }, entry.code))
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
    const shown = rows.children.length
    $('count').textContent = logic.countText(shown, entries.length)
    $('empty').hidden = shown > 0 || entries.length > 0
    $('no-match').hidden = shown > 0 || entries.length === 0
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
          const { events, rest } = logic.readEvents(buffer + value)
          buffer = rest
          for (const { event, data } of events) {
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
  const countdown = (until: number) => logic.countdown(until, Math.floor(Date.now() / 1000))
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
        const { name, plan } = logic.clientLabel(client.client, state?.keys ?? [])
        head.append(el('span', { class: 'client-name' }, name))
        head.append(el('span', { class: 'plan' }, plan))
        card.append(head)
        for (const [label, window] of [
          ['minute', client.minute],
          ['day', client.day],
        ] as const) {
          const row = el('div', { class: 'window' })
          row.append(el('span', {}, label))
          const { share, className } = logic.quotaShare(window.used, window.limit)
          const bar = el('div', {
            class: className,
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
        const what = logic.scenarioText(scenario)
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
    const scenario = logic.scenarioOfForm({
      times: String(data.get('times') ?? ''),
      status: String(data.get('status') ?? ''),
      delay: String(data.get('delay') ?? ''),
      route: String(data.get('route') ?? ''),
    })
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
      const initial: Array<Entry> = await call('GET', `requests?limit=${config.maxRows}`)
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
