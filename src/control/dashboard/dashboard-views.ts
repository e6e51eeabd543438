import type {
  DashboardEntry,
  DashboardLogic,
  QueuedScenario,
  RowMark,
  ShownTexts,
  TextPart,
} from './dashboard-logic.ts'

// The dashboard's views: each builds DOM elements from what it is given (an
// entry, the state, the logic, the time) and reads nothing else, so that it
// is sent to the page as its own source text (`dashboardScript`). A function
// here must not call anything imported: the logic comes as a parameter.
// Every text that came from outside (a method, a path and its query, a
// header, a body, an Error code or message, a violation's message, a
// client's name, a scenario's method and path) is shown by `outsideText` or
// `outsideElement`, or in an attribute by `isolatedText`: isolated, its
// controls shown as `\uXXXX` escapes, so that it cannot reorder the page's
// own words (a stray U+2069 would close an isolate, so isolation alone does
// not hold).

/**
 * The journal's `pathWithQuery` beside the dashboard's logic, as views take them.
 *
 * @example
 * const logic: ViewLogic = { ...DASHBOARD_LOGIC, pathWithQuery }
 */
export type ViewLogic = DashboardLogic & {
  pathWithQuery: (entry: Pick<DashboardEntry, 'path' | 'query'>) => string
}

/** A client's use of one window, as `GET /__mock/state` reports it. */
interface Quota {
  limit: number
  used: number
  reset: number
}

/**
 * What the quota panel shows: `GET /__mock/state`'s keys and rate-limited clients.
 *
 * @example
 * const state: QuotaState = { keys: [], rateLimit: { enabled: true, clients: [] } }
 */
export interface QuotaState {
  keys: Array<{ key: string; plan: string }>
  rateLimit: {
    enabled: boolean
    clients: Array<{ client: string; minute: Quota; day: Quota; bannedUntil?: number }>
  }
}

/**
 * An element with attributes and, if given, its text (never parsed as HTML).
 *
 * @example
 * element('span', { class: 'tag' }, 'upstream')
 */
export function element(
  tag: string,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElement {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  if (text !== undefined) node.textContent = text
  return node
}

/**
 * A badge or tag (`statusMarks`, `rowTags`) as a `span`, its label for screen readers.
 *
 * @example
 * markElement({ className: 'tag upstream', text: 'upstream' })
 */
export function markElement(mark: RowMark): HTMLElement {
  const attributes: Record<string, string> = { class: mark.className }
  if (mark.title !== undefined) attributes.title = mark.title
  if (mark.label !== undefined) attributes['aria-label'] = mark.label
  return element('span', attributes, mark.text)
}

/**
 * A text from outside in an element of its own that isolates it (`<bdi>`),
 * its controls shown as `\uXXXX` escapes.
 *
 * @example
 * title.append('#1 ', outsideText(entry.path, logic, texts))
 */
export function outsideText(text: string, logic: ViewLogic, texts: ShownTexts): HTMLElement {
  return element('bdi', {}, logic.escapeControls(text, texts.controls))
}

/**
 * An element of the page whose text is all from outside: marked
 * `data-outside` (which the page's CSS isolates), its controls shown as
 * `\uXXXX` escapes.
 *
 * @example
 * outsideElement('dd', {}, value, logic, texts)
 */
export function outsideElement(
  tag: string,
  attributes: Record<string, string>,
  text: string,
  logic: ViewLogic,
  texts: ShownTexts,
): HTMLElement {
  return element(
    tag,
    { ...attributes, 'data-outside': '' },
    logic.escapeControls(text, texts.controls),
  )
}

/**
 * Parts of a line (`TextPart`) as nodes: the page's own words as text, each
 * text from outside in its own `<bdi>` (`outsideText`).
 *
 * @example
 * span.append(...partNodes(logic.scenarioParts(scenario), logic, texts))
 */
export function partNodes(
  parts: ReadonlyArray<TextPart>,
  logic: ViewLogic,
  texts: ShownTexts,
): Array<string | HTMLElement> {
  return parts.map((part) =>
    typeof part === 'string' ? part : outsideText(part.outside, logic, texts),
  )
}

/**
 * A status as a coloured badge.
 *
 * @example
 * statusBadge(404) // <span class="badge s4">404</span>
 */
export function statusBadge(status: number): HTMLElement {
  return element('span', { class: `badge s${String(status)[0]}` }, String(status))
}

/**
 * When an entry came in, as the page's clock shows it.
 *
 * @example
 * clockTime(entry) // '14:03:07'
 */
export function clockTime(entry: Pick<DashboardEntry, 'time'>): string {
  return new Date(entry.time).toLocaleTimeString([], { hour12: false })
}

/**
 * Headers as a definition list, each name and value isolated.
 *
 * @example
 * headerList({ 'content-type': 'application/json' }, logic, texts)
 */
export function headerList(
  headers: Record<string, string>,
  logic: ViewLogic,
  texts: ShownTexts,
): HTMLElement {
  const list = element('dl', { class: 'headers' })
  for (const [name, value] of Object.entries(headers)) {
    list.append(
      outsideElement('dt', {}, name, logic, texts),
      outsideElement('dd', {}, value, logic, texts),
    )
  }
  return list
}

/**
 * A request's or response's body as the journal holds it (isolated), with a
 * note when there is none or it was cut.
 *
 * @example
 * bodyBlock('{"id":1}', false, 'response', logic, texts) // [<pre data-outside>{ "id": 1 }</pre>]
 */
export function bodyBlock(
  body: string | null,
  truncated: boolean,
  what: string,
  logic: ViewLogic,
  texts: ShownTexts,
): Array<HTMLElement> {
  if (body === null || body === '') return [element('p', { class: 'note' }, `No ${what} body.`)]
  const blocks = [outsideElement('pre', {}, logic.prettyBody(body, truncated), logic, texts)]
  if (truncated) {
    blocks.push(
      element('p', { class: 'note' }, `Cut: the journal keeps the start of the ${what} body.`),
    )
  }
  return blocks
}

/**
 * The whole exchange of an entry, for the opened row: what was wrong with it
 * (the upstream's violations and the caller's mistakes), the request, the
 * response, and the journal entry as JSON.
 *
 * @example
 * dialogBody.replaceChildren(...exchangeView(entry, logic, texts))
 */
export function exchangeView(
  entry: DashboardEntry,
  logic: ViewLogic,
  texts: ShownTexts,
): Array<HTMLElement> {
  const parts: Array<HTMLElement> = []
  const violations = entry.violations ?? []
  if (violations.length > 0) {
    const section = element('section', { class: 'found' })
    section.append(element('h3', {}, logic.violationsHeading(entry)))
    const list = element('ul', { class: 'violations' })
    for (const violation of violations) {
      const item = element('li', {
        class: violation.source === 'request' ? 'request' : violation.level,
      })
      item.append(
        outsideElement('span', { class: 'check' }, violation.check, logic, texts),
        element('span', { class: 'level' }, logic.violationLevel(violation)),
        element('span', { class: 'section' }, `spec ${violation.section}`),
        outsideElement('p', {}, violation.message, logic, texts),
      )
      list.append(item)
    }
    section.append(list)
    parts.push(section)
  }
  const request = element('section', { class: 'request' })
  request.append(element('h3', {}, 'Request'))
  const line = element('p', { class: 'line' })
  line.append(
    outsideText(entry.method, logic, texts),
    ' ',
    outsideText(logic.pathWithQuery(entry), logic, texts),
  )
  request.append(line)
  request.append(headerList(entry.headers, logic, texts))
  request.append(...bodyBlock(entry.body, entry.bodyTruncated, 'request', logic, texts))
  parts.push(request)
  const response = element('section', { class: 'response' })
  const head = element('h3', {}, 'Response')
  head.append(statusBadge(entry.status))
  if (entry.code) {
    head.append(outsideElement('span', { class: 'code-text' }, entry.code, logic, texts))
  }
  const answered: Record<string, string> = {
    class: `tag${entry.answeredBy === 'upstream' ? ' upstream' : entry.fallback ? ' fallback' : ''}`,
  }
  if (entry.fallback) answered.title = logic.fallbackReason(entry.fallback)
  head.append(element('span', answered, logic.answeredByText(entry)))
  if (entry.forced) head.append(element('span', { class: 'tag' }, `forced: ${entry.forced}`))
  response.append(head)
  response.append(
    element(
      'p',
      { class: 'line' },
      `${clockTime(entry)} · ${entry.durationMs.toFixed(1)} ms${entry.plan ? ` · plan ${entry.plan}` : ''}`,
    ),
  )
  if (entry.response) {
    response.append(headerList(entry.response.headers, logic, texts))
    response.append(
      ...bodyBlock(entry.response.body, entry.response.bodyTruncated, 'response', logic, texts),
    )
  } else {
    response.append(
      element('p', { class: 'note' }, 'This mock journals no response headers or body.'),
    )
  }
  parts.push(response)
  const raw = element('details', { class: 'raw' })
  raw.append(element('summary', {}, 'Journal entry (JSON)'))
  raw.append(
    outsideElement('pre', { id: 'details-json' }, JSON.stringify(entry, null, 2), logic, texts),
  )
  parts.push(raw)
  return parts
}

/**
 * The opened exchange's title: the entry's id, method, path (its query is on
 * the request's own line) and status.
 *
 * @example
 * title.replaceChildren(...exchangeTitle(entry, logic, texts)) // #1 GET /v1/pets → 200
 */
export function exchangeTitle(
  entry: DashboardEntry,
  logic: ViewLogic,
  texts: ShownTexts,
): Array<string | HTMLElement> {
  return [
    `#${entry.id} `,
    outsideText(entry.method, logic, texts),
    ' ',
    outsideText(entry.path, logic, texts),
    ` → ${entry.status}`,
  ]
}

/**
 * An entry's row in the log; `open` is called when it is clicked (the path
 * is a button, so that the keyboard reaches it too).
 *
 * @example
 * rows.prepend(rowView(entry, true, logic, texts, () => showExchange(entry)))
 */
export function rowView(
  entry: DashboardEntry,
  fresh: boolean,
  logic: ViewLogic,
  texts: ShownTexts,
  open: () => void,
): HTMLElement {
  const row = element('tr', { class: logic.rowClasses(entry, fresh) })
  row.append(element('td', { class: 'c-time time' }, clockTime(entry)))
  row.append(outsideElement('td', { class: 'c-method method' }, entry.method, logic, texts))
  const path = logic.pathWithQuery(entry)
  const cell = element('td', { class: 'c-path' })
  const button = outsideElement(
    'button',
    {
      type: 'button',
      class: 'open',
      title: `${logic.isolatedText(path, texts.controls)}: show the whole exchange`,
    },
    path,
    logic,
    texts,
  )
  row.addEventListener('click', open)
  const within = element('div', { class: 'path' })
  within.append(button)
  const tags = logic.rowTags(entry)
  // Where the code column is hidden, the path shows the first of its tags (the
  // caller's mistake, else who answered), so that the path itself keeps room.
  const first = tags.find((tag) => tag.className !== 'tag')
  if (first !== undefined) {
    within.append(markElement({ ...first, className: `${first.className} narrow-only` }))
  }
  cell.append(within)
  row.append(cell)
  const status = element('td', { class: 'c-status' })
  status.append(statusBadge(entry.status), ...logic.statusMarks(entry).map(markElement))
  row.append(status)
  const code = element('td', { class: 'c-code' })
  const list = element('div', { class: 'tags' })
  if (entry.code) {
    const title = logic.isolatedText(entry.code, texts.controls)
    list.append(outsideElement('span', { class: 'code-text', title }, entry.code, logic, texts))
  }
  list.append(...tags.map(markElement))
  code.append(list)
  row.append(code)
  row.append(element('td', { class: 'c-plan plan' }, entry.plan ?? '—'))
  row.append(element('td', { class: 'c-ms num' }, entry.durationMs.toFixed(1)))
  return row
}

/**
 * The quota panel's cards: each client's minute and day windows as meters,
 * its ban with a countdown; `now` in unix seconds.
 *
 * @example
 * box.replaceChildren(...quotaView(state, logic, texts, Math.floor(Date.now() / 1000)))
 */
export function quotaView(
  state: QuotaState,
  logic: ViewLogic,
  texts: ShownTexts,
  now: number,
): Array<HTMLElement> {
  const { clients, enabled } = state.rateLimit
  if (clients.length === 0) return [element('p', { class: 'empty' }, 'No requests counted yet.')]
  const cards = clients.map((client) => {
    const card = element('div', { class: 'client' })
    const head = element('div', { class: 'client-head' })
    const { name, plan } = logic.clientLabel(client.client, state.keys, texts.clientPrefixes)
    head.append(outsideElement('span', { class: 'client-name' }, name, logic, texts))
    head.append(element('span', { class: 'plan' }, plan))
    card.append(head)
    const windows: Array<[string, Quota]> = [
      ['minute', client.minute],
      ['day', client.day],
    ]
    for (const [label, window] of windows) {
      const row = element('div', { class: 'window' })
      row.append(element('span', {}, label))
      const { share, className } = logic.quotaShare(window.used, window.limit)
      const bar = element('div', {
        class: className,
        role: 'meter',
        'aria-valuemin': '0',
        'aria-valuemax': String(window.limit),
        'aria-valuenow': String(Math.min(window.used, window.limit)),
        'aria-label': `${logic.isolatedText(name, texts.controls)}: ${window.used} of ${window.limit} this ${label}`,
      })
      const fill = element('span')
      fill.style.width = `${(share * 100).toFixed(1)}%`
      bar.append(fill)
      row.append(bar)
      row.append(
        element(
          'span',
          { class: 'num', title: 'used / limit · resets in' },
          `${window.used}/${window.limit} · ${logic.countdown(window.reset, now)}`,
        ),
      )
      card.append(row)
    }
    if (client.bannedUntil !== undefined) {
      card.append(
        element(
          'div',
          { class: 'ban' },
          `Banned: ${logic.countdown(client.bannedUntil, now)} left`,
        ),
      )
    }
    return card
  })
  if (!enabled) cards.push(element('p', { class: 'empty' }, 'Rate limiting is off: never 429.'))
  return cards
}

/**
 * A queued scenario's item in the list: its line, its method and path
 * isolated, and a Remove button (labelled with the same line) that calls
 * `remove`.
 *
 * @example
 * list.append(scenarioView(scenario, logic, texts, () => removeScenario(scenario.id)))
 */
export function scenarioView(
  scenario: QueuedScenario,
  logic: ViewLogic,
  texts: ShownTexts,
  remove: () => void,
): HTMLElement {
  const item = element('li')
  const parts = logic.scenarioParts(scenario)
  const what = element('span', { class: 'mono' })
  what.append(...partNodes(parts, logic, texts))
  item.append(what)
  const button = element(
    'button',
    {
      type: 'button',
      class: 'button small ghost',
      'aria-label': `Remove scenario ${logic.partsText(parts, texts.controls)}`,
    },
    'Remove',
  )
  button.addEventListener('click', remove)
  item.append(button)
  return item
}

/**
 * The dashboard's views, by name: what `dashboardMain` is given, and what
 * the page's script declares (each function's own source text).
 *
 * @example
 * DASHBOARD_VIEWS.statusBadge(200)
 */
export const DASHBOARD_VIEWS = {
  element,
  markElement,
  outsideText,
  outsideElement,
  partNodes,
  statusBadge,
  clockTime,
  headerList,
  bodyBlock,
  exchangeView,
  exchangeTitle,
  rowView,
  quotaView,
  scenarioView,
}
