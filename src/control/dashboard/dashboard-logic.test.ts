import vm from 'node:vm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pathWithQuery } from '../../core/journal/journal-entry.ts'
import { ADDRESS_CLIENT_PREFIX, KEY_CLIENT_PREFIX } from '../../core/plans/create-rate-limiter.ts'
import { CONTROL_SOURCE, showControls } from '../../utils/show-controls.ts'
import {
  answeredByText,
  clientLabel,
  countdown,
  countText,
  DASHBOARD_LOGIC,
  type DashboardEntry,
  escapeControls,
  isolatedText,
  partsText,
  passesFilter,
  prettyBody,
  quotaShare,
  readEvents,
  rowClasses,
  rowTags,
  scenarioOfForm,
  scenarioParts,
  statusMarks,
  violationLevel,
  violationsHeading,
} from './dashboard-logic.ts'
import { dashboardScript } from './dashboard-script.ts'

const upstreamBug = {
  check: 'error.body' as const,
  level: 'required' as const,
  message: 'not an Error body',
  section: '§7',
  source: 'response' as const,
}
const callerMistake = {
  check: 'request.limit' as const,
  level: 'required' as const,
  message: "The caller's request is not as the spec states",
  section: '§4.1, §8',
  source: 'request' as const,
}

function entry(overrides: Partial<DashboardEntry> = {}): DashboardEntry {
  return {
    id: 1,
    time: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    path: '/v1/pets',
    query: { limit: '0' },
    route: '/v1/pets',
    headers: {},
    body: null,
    bodyTruncated: false,
    status: 400,
    code: 'invalid_request',
    durationMs: 8.1,
    forced: null,
    plan: null,
    upstreamTimings: null,
    ...overrides,
  }
}

const prefixes = { key: KEY_CLIENT_PREFIX, address: ADDRESS_CLIENT_PREFIX }

const everything = { method: '', path: '', status: '', violations: '' }

describe("the dashboard's logic", () => {
  it("marks the caller's mistakes with a neutral badge apart from the upstream's red count", () => {
    const mistaken = entry({ answeredBy: 'upstream', violations: [callerMistake] })
    expect(rowClasses(mistaken, false)).toBe('mistaken')
    expect(statusMarks(mistaken)).toEqual([])
    expect(rowTags(mistaken)).toEqual([
      {
        className: 'tag caller',
        text: 'your request',
        title: "1 mistake in your request, not the server's: request.limit",
        label: "1 mistake in your request, not the server's",
      },
      { className: 'tag upstream', text: 'upstream' },
    ])
    const both = entry({ answeredBy: 'upstream', violations: [upstreamBug, callerMistake] })
    expect(rowClasses(both, true)).toBe('fresh violating')
    expect(statusMarks(both).map((mark) => [mark.className, mark.text, mark.label])).toEqual([
      ['mark', '! 1', '1 spec violation'],
    ])
    expect(rowTags(both).map((tag) => tag.text)).toEqual(['your request', 'upstream'])
    // An advisory only is amber; an older mock's violation without a source is the upstream's.
    const advisory = entry({
      violations: [{ ...upstreamBug, level: 'advisory', source: undefined }],
    })
    expect(statusMarks(advisory)[0]?.className).toBe('mark advisory')
    expect(rowClasses(entry(), false)).toBe('')
    expect(violationsHeading(mistaken)).toBe("Your request's mistakes (1)")
    expect(violationsHeading(both)).toBe("Spec violations (1) and your request's mistakes (1)")
    expect(violationsHeading(advisory)).toBe('Spec violations (1)')
    expect(violationLevel(callerMistake)).toBe('your request')
    expect(violationLevel(upstreamBug)).toBe('required')
  })

  it("filters on every request, any violation, or the upstream's only", () => {
    const mistaken = entry({ violations: [callerMistake] })
    const bug = entry({ violations: [upstreamBug] })
    const clean = entry({ violations: [] })
    const shown = (filter: typeof everything) =>
      [mistaken, bug, clean].map((each) => passesFilter(each, pathWithQuery(each), filter))
    expect(shown(everything)).toEqual([true, true, true])
    expect(shown({ ...everything, violations: 'any' })).toEqual([true, true, false])
    expect(shown({ ...everything, violations: 'upstream' })).toEqual([false, true, false])
    expect(shown({ ...everything, status: '4xx', path: ' limit=0 ' })).toEqual([true, true, true])
    expect(shown({ ...everything, status: '5xx' })).toEqual([false, false, false])
    expect(shown({ ...everything, path: '/v1/pets/{petId}' })).toEqual([false, false, false])
    expect(shown({ ...everything, method: 'POST' })).toEqual([false, false, false])
  })

  it('keeps each narrower filter within the wider one, over generated entries and filters', () => {
    const names = fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      'limit',
      'hasOwnProperty',
      'valueOf',
    )
    const violation = fc.record({
      check: fc.constantFrom('error.body', 'request.limit', '__proto__'),
      level: fc.constantFrom('required' as const, 'advisory' as const),
      message: fc.string(),
      section: fc.string(),
      source: fc.constantFrom('request' as const, 'response' as const, undefined),
    })
    const generated = fc.record({
      method: fc.constantFrom('GET', 'POST', 'HEAD'),
      path: fc.constantFrom('/v1/pets', '/v1/pets/7', '/v1/__proto__'),
      status: fc.integer({ min: 100, max: 599 }),
      query: fc.dictionary(names, fc.string({ maxLength: 5 })),
      violations: fc.array(violation, { maxLength: 3 }),
    })
    const filter = fc.record({
      method: fc.constantFrom('', 'GET', 'POST'),
      path: fc.constantFrom('', '/v1/pets', '__proto__', ' constructor '),
      status: fc.constantFrom('', '2xx', '4', '404', '5XX', 'toString'),
    })
    fc.assert(
      fc.property(generated, filter, (parts, base) => {
        const each = entry(parts)
        const passes = (violations: string) =>
          passesFilter(each, pathWithQuery(each), { ...base, violations })
        if (passes('upstream')) expect(passes('any')).toBe(true)
        if (passes('any')) expect(passes('')).toBe(true)
        const upstream = (parts.violations ?? []).filter((v) => v.source !== 'request')
        expect(rowTags(each).some((tag) => tag.className === 'tag caller')).toBe(
          upstream.length < parts.violations.length,
        )
        expect(statusMarks(each).length).toBe(upstream.length > 0 ? 1 : 0)
      }),
      { seed: 27, numRuns: 300 },
    )
  })

  it('tags a fallback answer and says why the mock answered', () => {
    const fallback = entry({ answeredBy: 'mock', fallback: 'unreachable', forced: null })
    expect(rowTags(fallback)).toEqual([
      {
        className: 'tag fallback',
        text: 'fallback',
        title: 'The mock answered from its own data: the upstream could not be reached.',
      },
    ])
    expect(answeredByText(fallback)).toBe("answered by the mock (fallback, the mock's own data)")
    expect(rowTags(entry({ fallback: 'no-route' }))[0]?.title).toMatch(/no such route/)
    expect(rowTags(entry({ answeredBy: 'upstream', forced: 'prefer' }))).toEqual([
      { className: 'tag upstream', text: 'upstream' },
      { className: 'tag', text: 'forced: prefer' },
    ])
    expect(answeredByText(entry({ answeredBy: 'upstream' }))).toBe('answered by upstream')
    expect(answeredByText(entry())).toBe('answered by the mock')
  })

  it('formats counts, bodies, countdowns, quotas, clients and scenarios', () => {
    expect(countText(5, 5)).toBe('(5)')
    expect(countText(3, 10)).toBe('(3 of 10)')
    expect(prettyBody('{"id":1}', false)).toBe('{\n  "id": 1\n}')
    expect(prettyBody('{"id":1', false)).toBe('{"id":1')
    expect(prettyBody('{"id":1}', true)).toBe('{"id":1}')
    expect(prettyBody('plain', false)).toBe('plain')
    expect(countdown(1_000_000, 1_000_010)).toBe('0 s')
    expect(countdown(1_000_125, 1_000_000)).toBe('2 min 5 s')
    expect(countdown(1_007_260, 1_000_000)).toBe('2 h 1 min')
    expect(quotaShare(0, 0)).toEqual({ share: 0, className: 'bar' })
    expect(quotaShare(48, 60).className).toBe('bar high')
    expect(quotaShare(70, 60)).toEqual({ share: 1, className: 'bar full' })
    const keys = [{ key: 'sk_test_pro', plan: 'pro' }]
    const label = (client: string) => clientLabel(client, keys, prefixes)
    expect(label(`${KEY_CLIENT_PREFIX}sk_test_pro`)).toEqual({ name: 'sk_test_pro', plan: 'pro' })
    expect(label(`${KEY_CLIENT_PREFIX}sk_other`)).toEqual({ name: 'sk_other', plan: '' })
    expect(label(`${ADDRESS_CLIENT_PREFIX}::1`)).toEqual({ name: '::1', plan: 'no key (Free)' })
    expect(label(`${KEY_CLIENT_PREFIX}__proto__`)).toEqual({ name: '__proto__', plan: '' })
    expect(scenarioParts({ status: 503, delay: 200, remaining: 2 }).join('')).toBe(
      '503 · +200 ms · any method any path · × 2',
    )
    const targeted = scenarioParts({
      method: 'GET',
      path: '/v1/pets',
      match: { query: {} },
      remaining: 1,
    })
    expect(targeted.filter((part) => typeof part !== 'string')).toEqual([
      { outside: 'GET' },
      { outside: '/v1/pets' },
    ])
    expect(partsText(targeted, CONTROL_SOURCE)).toBe(
      'delay only · \u2068GET\u2069 \u2068/v1/pets\u2069 · when matched · × 1',
    )
    expect(scenarioOfForm({ times: '', status: '503', delay: '', route: 'GET /v1/pets' })).toEqual({
      times: 1,
      status: 503,
      method: 'GET',
      path: '/v1/pets',
    })
    expect(scenarioOfForm({ times: '3', status: '', delay: '250', route: '' })).toEqual({
      times: 3,
      delay: 250,
    })
  })

  it('names a client by the prefixes it is given, not by fixed words', () => {
    const keys = [{ key: 'sk_test_pro', plan: 'pro' }]
    const other = { key: 'k/', address: 'ip/' }
    expect(clientLabel('ip/10.0.0.1', keys, other)).toEqual({
      name: '10.0.0.1',
      plan: 'no key (Free)',
    })
    expect(clientLabel('k/sk_test_pro', keys, other)).toEqual({ name: 'sk_test_pro', plan: 'pro' })
    // With these prefixes, the words of the default ones name nothing.
    expect(clientLabel('address:sk_test_pro', keys, other)).toEqual({
      name: 'address:sk_test_pro',
      plan: '',
    })
    // A name holding a prefix's word or a colon keeps it.
    expect(clientLabel(`${KEY_CLIENT_PREFIX}${ADDRESS_CLIENT_PREFIX}x`, keys, prefixes)).toEqual({
      name: `${ADDRESS_CLIENT_PREFIX}x`,
      plan: '',
    })
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'),
        ),
        fc.boolean(),
        (name, keyed) => {
          const client = `${keyed ? prefixes.key : prefixes.address}${name}`
          const shown = clientLabel(client, [{ key: name, plan: 'pro' }], prefixes)
          expect(shown).toEqual({ name, plan: keyed ? 'pro' : 'no key (Free)' })
        },
      ),
      { seed: 28, numRuns: 200 },
    )
  })

  it('shows the control characters of a text from outside as showControls does, and isolates it for an attribute', () => {
    expect(escapeControls('Rex\u2069\u202e reversed', CONTROL_SOURCE)).toBe(
      'Rex\\u2069\\u202e reversed',
    )
    expect(isolatedText('/v1/pets/\u202e1', CONTROL_SOURCE)).toBe('\u2068/v1/pets/\\u202e1\u2069')
    expect(escapeControls('שלום 🐶 toString', CONTROL_SOURCE)).toBe('שלום 🐶 toString')
    const unit = fc.oneof(
      fc.constantFrom(
        '\u202e',
        '\u2066',
        '\u2069',
        '\u061c',
        '\u200f',
        '\u009b',
        '\u001b',
        '\u0000',
        '\n',
        '\t',
        '\ud800',
        '\udc00',
        '\ufffe',
        'ע',
        '🐶',
      ),
      // Any code point, lone surrogates included.
      fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point)),
    )
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }), (units) => {
        const text = units.join('')
        const shown = escapeControls(text, CONTROL_SOURCE)
        // What is shown holds no control of its own: escaping it again changes nothing.
        return (
          shown === showControls(text) &&
          isolatedText(text, CONTROL_SOURCE) === `\u2068${shown}\u2069` &&
          escapeControls(shown, CONTROL_SOURCE) === shown
        )
      }),
      { seed: 25, numRuns: 300 },
    )
  })

  it('reads whole events from a stream and keeps the rest for the next chunk', () => {
    const first = readEvents('event: request\ndata: {"id":1}\n\n: ping\n\nevent: req')
    expect(first.events).toEqual([
      { event: 'request', data: '{"id":1}' },
      { event: 'message', data: '' },
    ])
    expect(first.rest).toBe('event: req')
    const second = readEvents(`${first.rest}uest\ndata: {"id":2}\n\n`)
    expect(second).toEqual({ events: [{ event: 'request', data: '{"id":2}' }], rest: '' })
  })

  it('is sent to the page as one script whose functions need nothing outside it', () => {
    const script = dashboardScript({
      routes: [],
      statuses: [503],
      maxRows: 5,
      controls: CONTROL_SOURCE,
      clientPrefixes: prefixes,
    })
    expect(() => new vm.Script(script)).not.toThrow()
    // The functions' own source, declared together in a bare context, answer as they do here.
    const declared = Object.values({ ...DASHBOARD_LOGIC, pathWithQuery })
      .map((fn) => fn.toString())
      .join('\n')
    const context = vm.createContext({ URLSearchParams })
    vm.runInContext(
      `${declared}\nthis.logic = { ${Object.values(DASHBOARD_LOGIC)
        .map((fn) => fn.name)
        .join(', ')}, pathWithQuery }`,
      context,
    )
    const page = context.logic as typeof DASHBOARD_LOGIC & { pathWithQuery: typeof pathWithQuery }
    const both = entry({ answeredBy: 'upstream', violations: [upstreamBug, callerMistake] })
    expect(JSON.stringify(page.statusMarks(both))).toBe(JSON.stringify(statusMarks(both)))
    expect(page.rowClasses(both, true)).toBe(rowClasses(both, true))
    expect(page.pathWithQuery(both)).toBe('/v1/pets?limit=0')
    expect(
      page.passesFilter(both, '/v1/pets?limit=0', { ...everything, violations: 'upstream' }),
    ).toBe(true)
    expect(JSON.stringify(page.rowTags(entry({ fallback: 'no-route' })))).toBe(
      JSON.stringify(rowTags(entry({ fallback: 'no-route' }))),
    )
    expect(page.isolatedText('a\u202eb\ud800', CONTROL_SOURCE)).toBe(
      isolatedText('a\u202eb\ud800', CONTROL_SOURCE),
    )
    expect(page.clientLabel(`${ADDRESS_CLIENT_PREFIX}::1`, [], prefixes).name).toBe('::1')
  })
})
