import { pathWithQuery } from '../../core/journal/journal-entry.ts'
import { COVERAGE_VIEWS } from './coverage-panel.ts'
import {
  DASHBOARD_LOGIC,
  type DashboardEntry,
  type QueuedScenario,
  type RowFilter,
  type ShownTexts,
} from './dashboard-logic.ts'
import { DASHBOARD_VIEWS, type QuotaState, type ViewLogic } from './dashboard-views.ts'

/** The views the page's script is given: the dashboard's and the coverage panel's. */
const PAGE_VIEWS = { ...DASHBOARD_VIEWS, ...COVERAGE_VIEWS }

/**
 * What the dashboard's script is told by the server: the routes a scenario
 * can target, the statuses it can force, the entries its log keeps, and
 * (`ShownTexts`) the characters it escapes in every text from outside and
 * the rate limiter's client prefixes.
 *
 * @example
 * const config: DashboardConfig = { routes: [{ method: 'GET', path: '/v1/pets' }], statuses: [503], maxRows: 500, controls: CONTROL_SOURCE, clientPrefixes: { key: KEY_CLIENT_PREFIX, address: ADDRESS_CLIENT_PREFIX } }
 */
export interface DashboardConfig extends ShownTexts {
  routes: Array<{ method: string; path: string }>
  statuses: Array<number>
  /** Entries kept in the page's log. */
  maxRows: number
}

/**
 * The dashboard's script as the page gets it, one script with no build step:
 * the source text of each function of `DASHBOARD_LOGIC` (pure, tested in
 * Node), of the journal's `pathWithQuery` and of `DASHBOARD_VIEWS` (which
 * build elements), then `dashboardMain` called with the config, the logic and
 * the views, all in one function scope.
 *
 * @example
 * const script = dashboardScript(config)
 */
export function dashboardScript(config: DashboardConfig): string {
  const logic: ViewLogic = { ...DASHBOARD_LOGIC, pathWithQuery }
  const named = (functions: Record<string, { name: string }>) =>
    `{ ${Object.values(functions)
      .map((fn) => fn.name)
      .join(', ')} }`
  return [
    '(() => {',
    "'use strict'",
    ...[...Object.values(logic), ...Object.values(PAGE_VIEWS)].map((fn) => fn.toString()),
    `;(${dashboardMain.toString()})(${JSON.stringify(config)}, ${named(logic)}, ${named(PAGE_VIEWS)})`,
    '})()',
    '',
  ].join('\n')
}

/**
 * The dashboard's script, run in the page: it wires the page's elements,
 * requests and events to the logic and views it is given. It is sent as its
 * own source text (`toString()`, by `dashboardScript`), so it must not
 * reference anything outside itself, `logic` and `views`. It reads the
 * journal, follows `events` (streamed with `fetch`, so that an admin token
 * from the page's `#token=` fragment can be sent as a bearer), polls `state`
 * for quota and scenarios, and drives the scenario form. Every text from
 * outside goes through the views' `outsideText` and `outsideElement`
 * (isolated, controls escaped), the Error messages it shows included.
 *
 * @example
 * const script = dashboardScript(config) // calls dashboardMain(config, logic, views) in the page
 */
export function dashboardMain(
  config: DashboardConfig,
  logic: ViewLogic,
  views: typeof PAGE_VIEWS,
): void {
  interface State extends QuotaState {
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

  const el = views.element
  const passes = (entry: Entry) => {
    const data = new FormData(filterForm)
    const filter: RowFilter = {
      method: String(data.get('method') ?? ''),
      path: String(data.get('path') ?? ''),
      status: String(data.get('status') ?? ''),
      violations: String(data.get('violations') ?? ''),
    }
    return logic.passesFilter(entry, logic.pathWithQuery(entry), filter)
  }

  const details = $<HTMLDialogElement>('details')
  /** The whole exchange of an entry: what was wrong with it, the request, the response. */
  const showExchange = (entry: Entry) => {
    $('details-title').replaceChildren(...views.exchangeTitle(entry, logic, config))
    $('details-body').replaceChildren(...views.exchangeView(entry, logic, config))
    details.showModal()
  }
  const rowOf = (entry: Entry, fresh: boolean) =>
    views.rowView(entry, fresh, logic, config, () => showExchange(entry))

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
    coverage.changed()
  }
  filterForm.addEventListener('input', render)
  const coverage = views.coveragePanel(config, logic, views, {
    call,
    showRequests(route, status) {
      const fields = filterForm.elements as unknown as Record<string, HTMLInputElement>
      for (const [name, value] of Object.entries({
        method: '',
        path: route,
        status,
        violations: '',
      })) {
        const field = fields[name]
        if (field) field.value = String(value)
      }
      render()
      $('log-title').scrollIntoView({ block: 'start' })
      $<HTMLElement>('rows').closest<HTMLElement>('.table-wrap')?.focus()
    },
  })
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
  const renderQuota = () => {
    if (state === undefined) return
    $('quota').replaceChildren(
      ...views.quotaView(state, logic, config, Math.floor(Date.now() / 1000)),
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
      ...state.scenarios.map((scenario) =>
        views.scenarioView(scenario, logic, config, async () => {
          await call('DELETE', `scenarios/${scenario.id}`)
          await refresh()
        }),
      ),
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
      const message = failure instanceof Error ? failure.message : String(failure)
      error.replaceChildren(views.outsideText(message, logic, config))
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
    coverage.changed()
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
      const message = error instanceof Error ? error.message : String(error)
      live.replaceChildren(views.outsideText(message, logic, config))
    }
    await follow()
  })()
}
