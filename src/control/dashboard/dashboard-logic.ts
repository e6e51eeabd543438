import type { AnsweredViolation } from '../../base/http/types.ts'
import type { JournalEntry } from '../../core/journal/journal-entry.ts'

// The dashboard's logic, apart from the page: each function here is pure
// (no DOM, no clock, nothing outside itself but the functions of this file),
// so that it is tested in Node and sent to the page as its own source text
// (`dashboardScript`). A function here must not call anything imported.

/**
 * A journal entry as the page reads it: a mock that judges what it answers
 * or proxies adds `answeredBy`, `violations`, `fallback` and `response`; an
 * entry without them (an older mock's) still shows, and a violation without
 * `source` counts as the upstream's.
 *
 * @example
 * const entry: DashboardEntry = await (await fetch('/__mock/requests?limit=1')).json()
 */
export type DashboardEntry = Omit<
  JournalEntry,
  'answeredBy' | 'violations' | 'fallback' | 'response'
> & {
  answeredBy?: 'mock' | 'upstream'
  /** As the journal sent them: a check id is read as any text. */
  violations?: Array<
    Omit<AnsweredViolation, 'check' | 'source'> & {
      check: string
      source?: AnsweredViolation['source']
    }
  >
  fallback?: JournalEntry['fallback']
  response?: JournalEntry['response']
}

/**
 * The log's filter as its form holds it: `violations` is `''` (every
 * request), `'any'` (those that broke a rule, the caller's mistakes too) or
 * `'upstream'` (only those whose answer the upstream got wrong).
 *
 * @example
 * const filter: RowFilter = { method: 'GET', path: '/v1/pets', status: '4xx', violations: 'upstream' }
 */
export interface RowFilter {
  method: string
  path: string
  status: string
  violations: string
}

/** A badge or tag of a row: its class, text, and the title and label that explain it. */
export interface RowMark {
  className: string
  text: string
  title?: string
  label?: string
}

/**
 * An entry's violations, the upstream's apart from the caller's own mistakes
 * (`source: 'request'`).
 *
 * @example
 * violationsBySource(entry) // { upstream: [{ check: 'error.body', … }], caller: [{ check: 'request.limit', … }] }
 */
export function violationsBySource(entry: DashboardEntry): {
  upstream: NonNullable<DashboardEntry['violations']>
  caller: NonNullable<DashboardEntry['violations']>
} {
  const upstream: NonNullable<DashboardEntry['violations']> = []
  const caller: NonNullable<DashboardEntry['violations']> = []
  for (const violation of entry.violations ?? []) {
    if (violation.source === 'request') caller.push(violation)
    else upstream.push(violation)
  }
  return { upstream, caller }
}

/**
 * Whether an entry passes the log's filter; `shownPath` is its path with its
 * query as the row shows it.
 *
 * @example
 * passesFilter(entry, '/v1/pets?limit=0', { method: '', path: '', status: '4xx', violations: 'upstream' }) // false for a caller's mistake alone
 */
export function passesFilter(entry: DashboardEntry, shownPath: string, filter: RowFilter): boolean {
  const { upstream, caller } = violationsBySource(entry)
  if (filter.violations === 'any' && upstream.length + caller.length === 0) return false
  if (filter.violations === 'upstream' && upstream.length === 0) return false
  if (filter.method && entry.method !== filter.method) return false
  const path = filter.path.trim()
  if (path && entry.route !== path && !shownPath.includes(path)) return false
  const status = filter.status.trim()
  if (/^[1-5]xx$/i.test(status)) return String(entry.status)[0] === status[0]
  if (status) return String(entry.status).startsWith(status)
  return true
}

/**
 * The classes of an entry's row: `fresh` when it just came in, `violating`
 * when the upstream broke a rule (the red bar), `mistaken` when only the
 * caller's request did (a neutral bar).
 *
 * @example
 * rowClasses(entry, true) // 'fresh violating'
 */
export function rowClasses(entry: DashboardEntry, fresh: boolean): string {
  const { upstream, caller } = violationsBySource(entry)
  const classes = [fresh ? 'fresh' : '']
  if (upstream.length > 0) classes.push('violating')
  else if (caller.length > 0) classes.push('mistaken')
  return classes.filter(Boolean).join(' ')
}

/**
 * The marks of an entry's status cell: the upstream's violations as a count
 * (red when one is required, amber when all are advisory). The caller's
 * mistakes are a tag (`rowTags`), not a mark.
 *
 * @example
 * statusMarks(entry) // [{ className: 'mark', text: '! 1', label: '1 spec violation', title: '1 spec violation: error.body' }]
 */
export function statusMarks(entry: DashboardEntry): Array<RowMark> {
  const { upstream } = violationsBySource(entry)
  const marks: Array<RowMark> = []
  if (upstream.length > 0) {
    const required = upstream.some((violation) => violation.level === 'required')
    const label = `${upstream.length} spec violation${upstream.length === 1 ? '' : 's'}`
    marks.push({
      className: required ? 'mark' : 'mark advisory',
      text: `! ${upstream.length}`,
      title: `${label}: ${upstream.map((violation) => violation.check).join(', ')}`,
      label,
    })
  }
  return marks
}

/**
 * The tags of an entry's code cell: the caller's own mistakes as a neutral
 * `your request` badge (not the upstream's fault), who answered (`upstream`,
 * or `fallback` when the mock answered in the upstream's place) and what
 * forced the answer.
 *
 * @example
 * rowTags({ ...entry, fallback: 'unreachable' }) // [{ className: 'tag fallback', text: 'fallback', title: 'The mock answered from its own data: the upstream could not be reached.' }]
 */
export function rowTags(entry: DashboardEntry): Array<RowMark> {
  const tags: Array<RowMark> = []
  const { caller } = violationsBySource(entry)
  if (caller.length > 0) {
    const label = `${caller.length} mistake${caller.length === 1 ? '' : 's'} in your request, not the server's`
    tags.push({
      className: 'tag caller',
      text: 'your request',
      title: `${label}: ${caller.map((violation) => violation.check).join(', ')}`,
      label,
    })
  }
  if (entry.answeredBy === 'upstream') tags.push({ className: 'tag upstream', text: 'upstream' })
  if (entry.fallback) {
    tags.push({
      className: 'tag fallback',
      text: 'fallback',
      title: fallbackReason(entry.fallback),
    })
  }
  if (entry.forced) tags.push({ className: 'tag', text: `forced: ${entry.forced}` })
  return tags
}

/**
 * Why the mock answered in the upstream's place, as a sentence.
 *
 * @example
 * fallbackReason('no-route') // 'The mock answered from its own data: the upstream has no such route.'
 */
export function fallbackReason(reason: string): string {
  const why =
    reason === 'unreachable'
      ? 'the upstream could not be reached'
      : 'the upstream has no such route'
  return `The mock answered from its own data: ${why}.`
}

/**
 * Who answered, for the opened exchange.
 *
 * @example
 * answeredByText({ ...entry, answeredBy: 'upstream' }) // 'answered by upstream'
 */
export function answeredByText(entry: DashboardEntry): string {
  if (entry.answeredBy === 'upstream') return 'answered by upstream'
  if (entry.fallback) return "answered by the mock (fallback, the mock's own data)"
  return 'answered by the mock'
}

/**
 * The level shown beside a violation in the opened exchange: the caller's
 * mistake says so instead of its level.
 *
 * @example
 * violationLevel({ check: 'request.limit', level: 'required', source: 'request' }) // 'your request'
 */
export function violationLevel(
  violation: Pick<NonNullable<DashboardEntry['violations']>[number], 'level' | 'source'>,
): string {
  return violation.source === 'request' ? 'your request' : violation.level
}

/**
 * The heading over an opened exchange's violations: the upstream's and the
 * caller's own mistakes counted apart.
 *
 * @example
 * violationsHeading(entry) // "Spec violations (1) and your request's mistakes (1)"
 */
export function violationsHeading(entry: DashboardEntry): string {
  const { upstream, caller } = violationsBySource(entry)
  const parts = [
    upstream.length > 0 ? `Spec violations (${upstream.length})` : '',
    caller.length > 0
      ? `${upstream.length > 0 ? 'your' : 'Your'} request's mistakes (${caller.length})`
      : '',
  ]
  return parts.filter(Boolean).join(' and ')
}

/**
 * The log's count: all entries, or those shown of all.
 *
 * @example
 * countText(3, 10) // '(3 of 10)'
 */
export function countText(shown: number, total: number): string {
  return shown === total ? `(${total})` : `(${shown} of ${total})`
}

/**
 * A body for the opened exchange: JSON indented when it is whole JSON, else as it is.
 *
 * @example
 * prettyBody('{"id":1}', false) // '{\n  "id": 1\n}'
 */
export function prettyBody(body: string, truncated: boolean): string {
  if (truncated || !/^\s*[[{]/.test(body)) return body
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/**
 * The time left until `until` (unix seconds), from `now` (unix seconds).
 *
 * @example
 * countdown(1_000_125, 1_000_000) // '2 min 5 s'
 */
export function countdown(until: number, now: number): string {
  const left = Math.max(0, until - now)
  if (left >= 3_600) return `${Math.floor(left / 3_600)} h ${Math.floor((left % 3_600) / 60)} min`
  return left >= 60 ? `${Math.floor(left / 60)} min ${left % 60} s` : `${left} s`
}

/**
 * How much of a window's quota is used (0 to 1) and the bar's class for it.
 *
 * @example
 * quotaShare(50, 60) // { share: 0.8333333333333334, className: 'bar high' }
 */
export function quotaShare(used: number, limit: number): { share: number; className: string } {
  const share = Math.min(1, used / Math.max(1, limit))
  return { share, className: `bar${share >= 1 ? ' full' : share >= 0.8 ? ' high' : ''}` }
}

/**
 * What the page is told about the texts it shows: `controls`, the characters
 * shown as `\uXXXX` escapes in every text that came from outside
 * (`showControls`' own, as a regular expression's source), and
 * `clientPrefixes`, how the rate limiter names a client with a key and one
 * without.
 *
 * @example
 * const texts: ShownTexts = { controls: CONTROL_SOURCE, clientPrefixes: { key: KEY_CLIENT_PREFIX, address: ADDRESS_CLIENT_PREFIX } }
 */
export interface ShownTexts {
  controls: string
  clientPrefixes: { key: string; address: string }
}

/**
 * A text from outside with its control characters (those `controls`, a
 * regular expression's source, finds) shown as `\uXXXX` escapes, as
 * `showControls` shows them.
 *
 * @example
 * escapeControls('Rex\u202e', CONTROL_SOURCE) // 'Rex\\u202e'
 */
export function escapeControls(text: string, controls: string): string {
  return text.replace(
    new RegExp(controls, 'g'),
    (character) => `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  )
}

/**
 * A text from outside as an attribute (a title, a label) holds it: its
 * controls escaped (`escapeControls`) and isolated between U+2068 and U+2069,
 * so that it reorders none of the words around it.
 *
 * @example
 * isolatedText('/v1/pets', CONTROL_SOURCE) // '\u2068/v1/pets\u2069'
 */
export function isolatedText(text: string, controls: string): string {
  return `\u2068${escapeControls(text, controls)}\u2069`
}

/**
 * A rate-limited client as the quota panel names it: the key or the address
 * without the rate limiter's prefix (`prefixes`), and its plan (`no key
 * (Free)` for an address).
 *
 * @example
 * clientLabel('key:sk_test_pro', [{ key: 'sk_test_pro', plan: 'pro' }], { key: 'key:', address: 'address:' }) // { name: 'sk_test_pro', plan: 'pro' }
 */
export function clientLabel(
  client: string,
  keys: ReadonlyArray<{ key: string; plan: string }>,
  prefixes: ShownTexts['clientPrefixes'],
): { name: string; plan: string } {
  if (client.startsWith(prefixes.address)) {
    return { name: client.slice(prefixes.address.length), plan: 'no key (Free)' }
  }
  const name = client.startsWith(prefixes.key) ? client.slice(prefixes.key.length) : client
  const known = keys.find((key) => `${prefixes.key}${key.key}` === client)
  return { name, plan: known?.plan ?? '' }
}

/**
 * A queued scenario as `GET /__mock/state` lists it.
 *
 * @example
 * const scenario: QueuedScenario = { id: 1, status: 503, remaining: 2 }
 */
export interface QueuedScenario {
  id?: number
  status?: number
  delay?: number
  method?: string
  path?: string
  match?: unknown
  remaining: number
}

/**
 * A piece of a line the page shows: its own words (a string) or a text that
 * came from outside (`{ outside }`), which the page isolates.
 *
 * @example
 * const parts: Array<TextPart> = ['503 · ', { outside: 'GET' }]
 */
export type TextPart = string | { outside: string }

/**
 * A queued scenario in one line, as parts: its method and path came from
 * outside.
 *
 * @example
 * scenarioParts({ method: 'GET', remaining: 2 }) // ['delay only', ' · ', { outside: 'GET' }, ' ', 'any path', ' · ', '× 2']
 */
export function scenarioParts(scenario: QueuedScenario): Array<TextPart> {
  return [
    scenario.status === undefined ? 'delay only' : String(scenario.status),
    ...(scenario.delay ? [' · ', `+${scenario.delay} ms`] : []),
    ' · ',
    scenario.method === undefined ? 'any method' : { outside: scenario.method },
    ' ',
    scenario.path === undefined ? 'any path' : { outside: scenario.path },
    ...(scenario.match ? [' · ', 'when matched'] : []),
    ' · ',
    `× ${scenario.remaining}`,
  ]
}

/**
 * Parts (`scenarioParts`) as one text for an attribute: each text from
 * outside isolated (`isolatedText`).
 *
 * @example
 * partsText(['× ', { outside: 'GET' }], CONTROL_SOURCE) // '× \u2068GET\u2069'
 */
export function partsText(parts: ReadonlyArray<TextPart>, controls: string): string {
  return parts
    .map((part) => (typeof part === 'string' ? part : isolatedText(part.outside, controls)))
    .join('')
}

/**
 * The scenario the form describes, as `POST /__mock/scenarios` takes it.
 *
 * @example
 * scenarioOfForm({ times: '2', status: '503', delay: '', route: 'GET /v1/pets' }) // { times: 2, status: 503, method: 'GET', path: '/v1/pets' }
 */
export function scenarioOfForm(form: {
  times: string
  status: string
  delay: string
  route: string
}): Record<string, unknown> {
  const scenario: Record<string, unknown> = { times: Number(form.times || 1) }
  if (form.status) scenario.status = Number(form.status)
  if (form.delay) scenario.delay = Number(form.delay)
  if (form.route) {
    const [method, path] = form.route.split(' ')
    scenario.method = method
    scenario.path = path
  }
  return scenario
}

/**
 * Splits what an event stream sent so far into whole events (`event` and
 * `data`) and the rest, still incomplete.
 *
 * @example
 * readEvents('event: request\ndata: {"id":1}\n\nevent: req') // { events: [{ event: 'request', data: '{"id":1}' }], rest: 'event: req' }
 */
export function readEvents(buffer: string): {
  events: Array<{ event: string; data: string }>
  rest: string
} {
  const events: Array<{ event: string; data: string }> = []
  let rest = buffer
  let end = rest.indexOf('\n\n')
  while (end !== -1) {
    const block = rest.slice(0, end)
    rest = rest.slice(end + 2)
    end = rest.indexOf('\n\n')
    let event = 'message'
    let data = ''
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7)
      else if (line.startsWith('data: ')) data += line.slice(6)
    }
    events.push({ event, data })
  }
  return { events, rest }
}

/**
 * The dashboard's logic, by name: what `dashboardMain` is given, and what the
 * page's script declares (each function's own source text).
 *
 * @example
 * DASHBOARD_LOGIC.countText(3, 10) // '(3 of 10)'
 */
export const DASHBOARD_LOGIC = {
  violationsBySource,
  passesFilter,
  rowClasses,
  statusMarks,
  rowTags,
  fallbackReason,
  answeredByText,
  violationLevel,
  violationsHeading,
  countText,
  prettyBody,
  countdown,
  quotaShare,
  escapeControls,
  isolatedText,
  clientLabel,
  scenarioParts,
  partsText,
  scenarioOfForm,
  readEvents,
}

/**
 * What `dashboardMain` is given: the functions of `DASHBOARD_LOGIC`.
 *
 * @example
 * const logic: DashboardLogic = DASHBOARD_LOGIC
 */
export type DashboardLogic = typeof DASHBOARD_LOGIC
