import type { CoverageReport, CoverageRow } from '../../core/coverage/create-coverage.ts'
import type { ShownTexts } from './dashboard-logic.ts'
import type { DASHBOARD_VIEWS, ViewLogic } from './dashboard-views.ts'

/**
 * The cells of one operation, as the coverage panel shows them: the request
 * its forced answers wait for and how many of its cells were met.
 *
 * @example
 * const [group]: Array<CoverageGroup> = coverageGroups(report)
 * group?.request // 'GET /v1/pets'
 */
export interface CoverageGroup {
  operation: string
  request: string
  met: number
  cells: Array<CoverageRow>
}

/**
 * The report's cells grouped by operation, in the report's order. Pure:
 * it runs in the page and in Node.
 *
 * @example
 * coverageGroups(report).map((group) => group.operation) // ['listPets', 'createPet', 'getPet', 'listOrders']
 */
export function coverageGroups(report: Pick<CoverageReport, 'cells'>): Array<CoverageGroup> {
  const groups: Array<CoverageGroup> = []
  for (const cell of report.cells) {
    let group = groups.find((candidate) => candidate.operation === cell.operation)
    if (group === undefined) {
      group = { operation: cell.operation, request: cell.request, met: 0, cells: [] }
      groups.push(group)
    }
    group.cells.push(cell)
    if (cell.met > 0) group.met++
  }
  return groups
}

/**
 * What the coverage panel says of a cell, for its button and screen
 * readers: what forcing it does, or which requests met it.
 *
 * @example
 * coverageCellText({ label: 'rate limited', status: 429, request: 'GET /v1/pets', met: 0 }, false)
 * // 'Force "rate limited": the next GET /v1/pets is answered 429'
 */
export function coverageCellText(
  cell: Pick<CoverageRow, 'label' | 'status' | 'request' | 'met'>,
  armed: boolean,
): string {
  if (cell.met > 0) {
    return `"${cell.label}" met by ${cell.met} ${cell.met === 1 ? 'request' : 'requests'}: show them in the log`
  }
  if (armed) return `"${cell.label}" is armed: the next ${cell.request} is answered ${cell.status}`
  return `Force "${cell.label}": the next ${cell.request} is answered ${cell.status}`
}

/** What the panel is given by the dashboard's script. */
interface PanelWiring {
  /** The control API call of the page (token and JSON handled). */
  call(method: string, path: string, body?: unknown): Promise<unknown>
  /** Shows the log filtered to a route and status. */
  showRequests(route: string, status: number): void
}

/**
 * The coverage panel in the page: fetches `coverage` (of the chosen
 * session) and `scenarios`, draws one card per operation with its cells,
 * and arms a cell with its "Force" button. Call the returned `changed()`
 * when a request was journaled or the mock was reset: it refreshes at most
 * every 250 ms. Sent as its source text (like `dashboardMain`), so it only
 * uses its parameters.
 *
 * @example
 * const panel = views.coveragePanel(config, logic, views, { call, showRequests })
 * panel.changed()
 */
export function coveragePanel(
  texts: ShownTexts,
  logic: ViewLogic,
  views: typeof DASHBOARD_VIEWS & typeof COVERAGE_VIEWS,
  wiring: PanelWiring,
): { changed(): void } {
  const el = views.element
  const $ = (id: string) => document.getElementById(id) as HTMLElement
  const root = $('coverage')
  const sessionSelect = $('coverage-session') as HTMLSelectElement
  const error = $('coverage-error')
  let armed = new Set<string>()

  const cellView = (cell: CoverageRow) => {
    const isArmed = armed.has(cell.id)
    const item = el('li', { class: `cell ${cell.met > 0 ? 'met' : isArmed ? 'armed' : 'unmet'}` })
    item.append(views.statusBadge(cell.status))
    item.append(el('span', { class: 'cell-label' }, cell.label))
    const text = views.coverageCellText(cell, isArmed)
    if (cell.met > 0) {
      const link = el(
        'button',
        { type: 'button', class: 'link', 'aria-label': text, title: text },
        `${cell.met}×`,
      )
      link.addEventListener('click', () =>
        wiring.showRequests(cell.request.slice(cell.request.indexOf(' ') + 1), cell.status),
      )
      item.append(link)
    } else if (isArmed) {
      item.append(el('span', { class: 'armed-note', title: text, 'aria-label': text }, 'armed'))
    } else {
      const force = el(
        'button',
        { type: 'button', class: 'button small force', 'aria-label': text, title: text },
        'Force',
      )
      force.addEventListener('click', async () => {
        try {
          await wiring.call('POST', 'coverage/force', { cell: cell.id, times: 1 })
          error.textContent = ''
          changed()
        } catch (failure) {
          const message = failure instanceof Error ? failure.message : String(failure)
          error.replaceChildren(views.outsideText(message, logic, texts))
        }
      })
      item.append(force)
    }
    return item
  }

  const draw = (report: CoverageReport) => {
    const groups = views.coverageGroups(report)
    const total = report.cells.length
    const met = report.cells.filter((cell) => cell.met > 0).length
    $('coverage-count').textContent = `${met} of ${total} states met`
    $('coverage-outside').textContent =
      report.outside === 0 ? '' : `${report.outside} outside the API`
    const chosen = sessionSelect.value
    sessionSelect.replaceChildren(el('option', { value: '' }, 'all requests'))
    for (const session of report.sessions) {
      const option = el('option', { value: session })
      option.append(views.outsideText(session, logic, texts))
      sessionSelect.append(option)
    }
    sessionSelect.value = report.sessions.includes(chosen) ? chosen : ''
    root.replaceChildren(
      ...groups.map((group) => {
        const card = el('article', { class: 'op', 'aria-label': group.request })
        const head = el('h3', {})
        const [method = '', path = ''] = group.request.split(' ')
        head.append(el('span', { class: 'method' }, method), el('code', {}, path))
        head.append(el('span', { class: 'count' }, `${group.met}/${group.cells.length}`))
        const list = el('ul', { class: 'cells' })
        list.append(...group.cells.map(cellView))
        card.append(head, list)
        return card
      }),
    )
  }

  const refresh = async () => {
    const session = sessionSelect.value
    const query = session === '' ? '' : `?session=${encodeURIComponent(session)}`
    const [report, scenarios] = (await Promise.all([
      wiring.call('GET', `coverage${query}`),
      wiring.call('GET', 'scenarios'),
    ])) as [CoverageReport, Array<{ cell?: string }>]
    armed = new Set(scenarios.flatMap((scenario) => (scenario.cell ? [scenario.cell] : [])))
    // A redraw would drop the focus of a Force button pressed by keyboard: keep it on the cell's place.
    const focused = document.activeElement?.closest('li.cell')
    const index = focused ? [...root.querySelectorAll('li.cell')].indexOf(focused) : -1
    draw(report)
    if (index >= 0) {
      const item = root.querySelectorAll('li.cell')[index]
      ;(item?.querySelector('button') ?? (item as HTMLElement | undefined))?.focus()
    }
  }

  let pending: ReturnType<typeof setTimeout> | undefined
  const changed = () => {
    if (pending !== undefined) return
    pending = setTimeout(() => {
      pending = undefined
      refresh().catch((failure: unknown) => {
        const message = failure instanceof Error ? failure.message : String(failure)
        error.replaceChildren(views.outsideText(message, logic, texts))
      })
    }, 250)
  }
  sessionSelect.addEventListener('change', changed)
  changed()
  return { changed }
}

/**
 * The coverage panel's functions, sent to the page beside `DASHBOARD_VIEWS`.
 *
 * @example
 * COVERAGE_VIEWS.coverageGroups(report)
 */
export const COVERAGE_VIEWS = { coverageGroups, coverageCellText, coveragePanel }

/**
 * The coverage panel's markup, filled by `coveragePanel`.
 *
 * @example
 * dashboardPage().includes(COVERAGE_SECTION) // true
 */
export const COVERAGE_SECTION = `<section class="panel coverage" aria-labelledby="coverage-title">
    <div class="panel-head">
      <h2 id="coverage-title">Coverage <span id="coverage-count" class="count"></span></h2>
      <div class="coverage-tools">
        <span id="coverage-outside" class="count"></span>
        <label>Session <select id="coverage-session"><option value="">all requests</option></select></label>
      </div>
    </div>
    <p class="coverage-note">The answers of the API your app has met. <strong>Force</strong> one it has not: the next matching request gets it.</p>
    <p id="coverage-error" class="error coverage-note" role="alert"></p>
    <div id="coverage" class="coverage-grid"></div>
  </section>`

/**
 * The coverage panel's CSS, added to the page's.
 *
 * @example
 * dashboardPage().includes(COVERAGE_STYLE) // true
 */
export const COVERAGE_STYLE = `
.coverage { grid-column: 1 / -1; }
.coverage-tools { display: flex; gap: 12px; align-items: end; flex-wrap: wrap; }
.coverage-note { margin: 10px 16px 0; color: var(--muted); font-size: 12.5px; }
.coverage-note:empty { display: none; }
.coverage-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(270px, 1fr)); gap: 12px; padding: 12px 16px 16px; }
.op { border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; min-width: 0; }
.op h3 { display: flex; align-items: baseline; gap: 8px; color: var(--ink); font-size: 13px; margin-bottom: 8px; }
.op h3 code { overflow-wrap: anywhere; min-width: 0; }
.op h3 .count { margin-left: auto; }
.cells { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.cell { display: grid; grid-template-columns: 44px minmax(0, 1fr) auto; gap: 8px; align-items: center;
  padding: 3px 6px; border-radius: 8px; min-height: 32px; }
.cell .badge { min-width: 40px; }
.cell-label { overflow-wrap: anywhere; }
.cell.met { background: #f6fef9; }
.cell.met .cell-label::before { content: "✓ "; color: var(--ok); font-weight: 700; }
.cell.unmet .cell-label { color: var(--muted); }
.cell.armed { background: var(--forced-bg); }
.armed-note { color: var(--forced); font-weight: 700; font-size: 12px; }
.link { all: unset; cursor: pointer; color: var(--accent); font-weight: 700; font-size: 12.5px; padding: 2px 6px; border-radius: 6px; }
.link:hover { text-decoration: underline; }
.link:focus-visible { outline: 3px solid var(--focus); }
.force { padding: 2px 10px; }
`
