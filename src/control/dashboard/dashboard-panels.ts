import type { DashboardEntry, QueuedScenario, RowFilter, ShownTexts } from './dashboard-logic.ts'
import type { DASHBOARD_VIEWS, QuotaState, ViewLogic } from './dashboard-views.ts'

// The panels of the dashboard's page. Each function here is sent to the page
// as its own source text (`dashboardScript`), like the views: it must use
// nothing but its parameters and the browser's globals.

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
 * The control API as the page calls it: the admin token and JSON handled, a
 * failure thrown as an `Error` with the Error body's message.
 *
 * @example
 * const state = await call('GET', 'state')
 */
export type ControlCall = (method: string, path: string, body?: unknown) => Promise<unknown>

/**
 * The page's request log, as the other panels use it.
 *
 * @example
 * log.add(entry) // shown at the top when it passes the filter
 */
export interface RequestLog {
  /** The id of the newest entry held (0 before the first). */
  readonly lastId: number
  /** Adds a journaled entry (once: an id already seen is ignored), dropping the oldest past `maxRows`. */
  add(entry: DashboardEntry): void
  /** Holds `initial` (the journal's last entries, oldest first) and draws them. */
  load(initial: Array<DashboardEntry>): void
  /** Forgets every entry (the mock was reset). */
  clear(): void
  /** Filters the log to a route and status, and scrolls to it. */
  showRequests(route: string, status: number): void
}

/**
 * The request log in the page: the table of journaled requests, newest
 * first, at most `config.maxRows`, filtered by the filter form, each row
 * opening its whole exchange in the details dialog. `onAdd` is told of each
 * added entry (the coverage panel refreshes).
 *
 * @example
 * const log = views.requestLog(config, logic, views, { onAdd: () => coverage.changed() })
 */
export function requestLog(
  config: DashboardConfig,
  logic: ViewLogic,
  views: typeof DASHBOARD_VIEWS,
  wiring: { onAdd(): void },
): RequestLog {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  const entries: Array<DashboardEntry> = []
  let lastId = 0
  const rows = $<HTMLTableSectionElement>('rows')
  const filterForm = $<HTMLFormElement>('filter')
  const passes = (entry: DashboardEntry) => {
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
  const showExchange = (entry: DashboardEntry) => {
    $('details-title').replaceChildren(...views.exchangeTitle(entry, logic, config))
    $('details-body').replaceChildren(...views.exchangeView(entry, logic, config))
    details.showModal()
  }
  const rowOf = (entry: DashboardEntry, fresh: boolean) =>
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
  filterForm.addEventListener('input', render)
  filterForm.addEventListener('submit', (event) => event.preventDefault())

  return {
    get lastId() {
      return lastId
    },
    add(entry) {
      if (entry.id <= lastId) return
      lastId = entry.id
      entries.push(entry)
      if (entries.length > config.maxRows) {
        entries.shift()
        rows.lastElementChild?.remove()
      }
      if (passes(entry)) rows.prepend(rowOf(entry, true))
      update()
      wiring.onAdd()
    },
    load(initial) {
      for (const entry of initial) {
        entries.push(entry)
        lastId = entry.id
      }
      render()
    },
    clear() {
      entries.length = 0
      render()
    },
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
  }
}

/**
 * The quota and scenarios panel in the page: the rate limiter's clients
 * (from `state`), the queued scenarios with their "Remove" buttons, and the
 * form that queues one. `scheduleState()` asks for `state` again at most
 * every 250 ms; `renderQuota()` redraws the countdowns.
 *
 * @example
 * const panel = views.controlPanel(config, logic, views, { call })
 * await panel.refresh()
 */
export function controlPanel(
  config: DashboardConfig,
  logic: ViewLogic,
  views: typeof DASHBOARD_VIEWS,
  wiring: { call: ControlCall },
): { refresh(): Promise<void>; scheduleState(): void; renderQuota(): void } {
  const { call } = wiring
  const el = views.element
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  let state: (QuotaState & { scenarios: Array<QueuedScenario & { id: number }> }) | undefined

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
    state = (await call('GET', 'state')) as typeof state
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
  return { refresh, scheduleState, renderQuota }
}

/**
 * Follows the journal's `events` for ever: streamed with `fetch` (so that
 * the admin token can be sent as a bearer), resumed after the log's last id,
 * each `request` added to the log, a `dropped` caught up from `requests`,
 * `onChunk` told of each chunk read; after a failure or the stream's end it
 * says "reconnecting…" and connects again 2 s later.
 *
 * @example
 * void views.followJournal(logic, log, { headers: headers(false), call, onChunk: panel.scheduleState })
 */
export async function followJournal(
  logic: ViewLogic,
  log: RequestLog,
  wiring: { headers: Record<string, string>; call: ControlCall; onChunk(): void },
): Promise<never> {
  const live = document.getElementById('live') as HTMLElement
  const catchUp = async () => {
    const missed = (await wiring.call(
      'GET',
      `requests?since=${log.lastId}`,
    )) as Array<DashboardEntry>
    for (const entry of missed) log.add(entry)
  }
  for (;;) {
    try {
      const response = await fetch(`events?since=${log.lastId}`, { headers: wiring.headers })
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
          if (event === 'request') log.add(JSON.parse(data))
          else if (event === 'dropped') void catchUp()
        }
        wiring.onChunk()
      }
    } catch {
      // Reconnect below.
    }
    live.textContent = 'reconnecting…'
    live.classList.remove('on')
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
}

/**
 * The dashboard's panels, by name: what `dashboardMain` is given with the
 * views, and what the page's script declares (each function's own source text).
 *
 * @example
 * DASHBOARD_PANELS.requestLog.name // 'requestLog'
 */
export const DASHBOARD_PANELS = { requestLog, controlPanel, followJournal }
