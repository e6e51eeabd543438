import { pathWithQuery } from '../../core/journal/journal-entry.ts'
import { COVERAGE_VIEWS } from './coverage-panel.ts'
import { DASHBOARD_LOGIC, type DashboardEntry } from './dashboard-logic.ts'
import { type ControlCall, DASHBOARD_PANELS, type DashboardConfig } from './dashboard-panels.ts'
import { DASHBOARD_VIEWS, type ViewLogic } from './dashboard-views.ts'

/** The views the page's script is given: the dashboard's, its panels and the coverage panel. */
const PAGE_VIEWS = { ...DASHBOARD_VIEWS, ...DASHBOARD_PANELS, ...COVERAGE_VIEWS }

/**
 * The dashboard's script as the page gets it, one script with no build step:
 * the source text of each function of `DASHBOARD_LOGIC` (pure, tested in
 * Node), of the journal's `pathWithQuery`, of `DASHBOARD_VIEWS` (which build
 * elements) and of the panels (`DASHBOARD_PANELS`, the coverage panel), then
 * `dashboardMain` called with the config, the logic and the views, all in one
 * function scope.
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
 * The dashboard's script, run in the page: it makes the control API's
 * `call` (with the admin token from the page's `#token=` fragment as a
 * bearer), wires the panels it is given with the views (the request log, the
 * coverage panel, quota and scenarios), the reset button and the example, reads
 * the journal, then follows its `events`. It is sent as its own source text
 * (`toString()`, by `dashboardScript`), so it must not reference anything
 * outside itself, `logic` and `views`. Every text from outside goes through
 * the views' `outsideText` and `outsideElement` (isolated, controls escaped),
 * the Error messages it shows included.
 *
 * @example
 * const script = dashboardScript(config) // calls dashboardMain(config, logic, views) in the page
 */
export function dashboardMain(
  config: DashboardConfig,
  logic: ViewLogic,
  views: typeof PAGE_VIEWS,
): void {
  const $ = (id: string) => document.getElementById(id) as HTMLElement
  const token = new URLSearchParams(location.hash.slice(1)).get('token')
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  })
  const call: ControlCall = async (method, path, body) => {
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

  const log = views.requestLog(config, logic, views, { onAdd: () => coverage.changed() })
  const coverage = views.coveragePanel(config, logic, views, {
    call,
    showRequests: log.showRequests,
  })
  const panel = views.controlPanel(config, logic, views, { call })
  $('reset').addEventListener('click', async () => {
    if (
      !confirm(
        'Reset the mock? Seeded data back; counters, bans, scenarios and the journal cleared.',
      )
    ) {
      return
    }
    await call('POST', 'reset', {})
    log.clear()
    coverage.changed()
    await panel.refresh()
  })

  const origin = new URL('..', location.href).href.replace(/\/$/, '')
  $('origin').textContent = origin
  $('try').textContent = `curl -H 'Authorization: Bearer sk_test_free' ${origin}/v1/pets?limit=3`
  setInterval(() => {
    panel.renderQuota()
    panel.scheduleState()
  }, 1_000)
  void (async () => {
    try {
      log.load((await call('GET', `requests?limit=${config.maxRows}`)) as Array<DashboardEntry>)
      await panel.refresh()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      $('live').replaceChildren(views.outsideText(message, logic, config))
    }
    await views.followJournal(logic, log, {
      headers: headers(false),
      call,
      onChunk: panel.scheduleState,
    })
  })()
}
