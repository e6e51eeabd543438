import http from 'node:http'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DRAIN_MS } from '../src/adapter/node/create-request-listener.ts'
import {
  ANSWER_GRACE_MS,
  createServer,
  TIMEOUT_CHECK_MS,
} from '../src/adapter/node/create-server.ts'
import { DEFAULTS } from '../src/base/options/defaults.ts'
import { PetstoreOptionsSchema } from '../src/base/options/parse-petstore-options.ts'
import { runMockCli } from '../src/cli/run-mock-cli.ts'
import {
  SHOWN_PARAMETERS,
  SHOWN_REQUEST_FIELDS,
  SHOWN_RESPONSE_FIELDS,
} from '../src/core/journal/shown.ts'
import { DEFAULT_KEYS } from '../src/core/plans/default-keys.ts'
import { FORWARDED_REQUEST_HEADERS } from '../src/core/proxy/forwarded-headers.ts'
import { longestAnswerMs } from '../src/core/proxy/proxy-limits.ts'
import { ERROR_CODES } from '../src/spec/error-codes.ts'
import {
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  MAX_JUDGED_BYTES,
  PROXY_LIMITS,
} from '../src/spec/limits.ts'
import { PLANS } from '../src/spec/plans.ts'
import { readDoc } from './docs.ts'
import {
  compareErrorCodes,
  compareFlags,
  compareKeys,
  compareOptionNames,
  exportedTypeProperties,
  findTable,
  type MarkdownTable,
  parseHelpOptions,
  parseMarkdownTables,
} from './markdown-tables.ts'

/** Each page of docs/ that holds a table the code is compared with. */
const MOCK_SERVER = readDoc('docs/mock-server.md')
const LIMITS = readDoc('docs/errors-and-limits.md')
const REFERENCE = readDoc('docs/reference.md')
const TESTING = readDoc('docs/testing.md')
const CONTROL = readDoc('docs/control-api.md')
const SECURITY = readDoc('docs/security.md')
const PROXY = readDoc('docs/proxy.md')
const FLAGS = ['flag', 'default', 'what it does']
const KEYS = ['key', 'plan', 'per minute', 'per day']
const CODES = ['code', 'status', 'when']
/** The headings the tables sit under, should another table share a header. */
const FLAGS_SECTION = 'Flags'
const KEYS_SECTION = 'Keys and plans'
const CODES_SECTION = 'Error codes'
const OPTIONS = ['option', 'default', 'what it does']
const OPTIONS_SECTION = 'Options'
/** The package's entry: its `PetstoreOptions` is what users pass to `createPetstore`. */
const ENTRY = resolve(import.meta.dirname, '..', 'src', 'index.ts')
const RATE_LIMITER = resolve(
  import.meta.dirname,
  '..',
  'src',
  'core',
  'plans',
  'create-rate-limiter.ts',
)

/** The mock's `--help`, as a user sees it (no PORT in the environment). */
async function helpText(): Promise<string> {
  const lines: Array<string> = []
  const code = await runMockCli(['--help'], {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    env: {},
  })
  expect(code).toBe(0)
  return lines.join('\n')
}

/** A copy of a table with its rows changed. */
const withRows = (table: MarkdownTable, rows: Array<Array<string>>): MarkdownTable => ({
  header: table.header,
  rows,
})

/** The one table of `page` headed `header`. */
const tableOf = (page: string, header: Array<string>, section: string) =>
  findTable(parseMarkdownTables(page), header, section)

describe('the tables of docs/', () => {
  it('list every flag of petstore-mock with its alias and default, and no other (mock-server.md)', async () => {
    const options = parseHelpOptions(await helpText())
    expect(options.map((option) => option.names[0])).toContain('port')
    expect(compareFlags(tableOf(MOCK_SERVER, FLAGS, FLAGS_SECTION), options)).toEqual([])
  })

  it('list the default keys with their plans and limits (errors-and-limits.md)', () => {
    expect(compareKeys(tableOf(LIMITS, KEYS, KEYS_SECTION), DEFAULT_KEYS, PLANS)).toEqual([])
  })

  it('list every error code with its status, and no other (reference.md)', () => {
    expect(compareErrorCodes(tableOf(REFERENCE, CODES, CODES_SECTION), ERROR_CODES)).toEqual([])
  })

  it('list every createPetstore option, and no other (testing.md)', () => {
    const names = exportedTypeProperties(ENTRY, 'PetstoreOptions')
    expect(names).toContain('baseUrl')
    expect(compareOptionNames(tableOf(TESTING, OPTIONS, OPTIONS_SECTION), names)).toEqual([])
  })

  it('list options that createPetstore accepts, each one (an unknown name throws)', () => {
    const names = exportedTypeProperties(ENTRY, 'PetstoreOptions')
    expect(Object.keys(PetstoreOptionsSchema.shape).sort()).toEqual([...names].sort())
    const rateLimit = PetstoreOptionsSchema.shape.rateLimit.unwrap()
    expect(Object.keys(rateLimit.shape).sort()).toEqual(
      exportedTypeProperties(RATE_LIMITER, 'RateLimitOptions').sort(),
    )
  })
})

describe('the text of docs/', () => {
  it('states what the journal shows: the parameters and fields of shown.ts (control-api.md)', () => {
    const text = CONTROL.replace(/\s+/g, ' ')
    const codes = (from: string, to: string) => {
      const start = text.indexOf(from)
      expect(start, from).toBeGreaterThan(-1)
      return [...text.slice(start, text.indexOf(to, start)).matchAll(/`([^`]+)`/g)].map(
        ([, word]) => word,
      )
    }
    expect(codes('a value only under one of', ', and only when')).toEqual([...SHOWN_PARAMETERS])
    expect(codes("(a request's:", '; an answer')).toEqual([...SHOWN_REQUEST_FIELDS])
    expect(codes("an answer's:", '), never a')).toEqual([...SHOWN_RESPONSE_FIELDS])
  })

  it('states the request headers the proxy forwards, each and no other (proxy.md)', () => {
    const text = PROXY.replace(/\s+/g, ' ')
    const from = text.indexOf('a test compares this list with it): ')
    const to = text.indexOf('. A header `Connection` names', from)
    expect(from).toBeGreaterThan(-1)
    const listed = [...text.slice(from, to).matchAll(/`([^`]+)`/g)].map(([, name]) => name)
    expect(listed).toEqual([...FORWARDED_REQUEST_HEADERS])
  })

  it('states the timeouts the server uses (mock-server.md)', () => {
    const stated = `(${DEFAULTS.headersTimeoutMs / 1000} s for headers, ${DEFAULTS.requestTimeoutMs / 1000} s for a whole request, checked every ${TIMEOUT_CHECK_MS / 1000} s)`
    expect(MOCK_SERVER.replace(/\s+/g, ' ')).toContain(stated)
  })
})

/** A duration as the docs write it: `10 s`, `0.5 s`. */
const seconds = (ms: number) => `${ms / 1000} s`
/** A size as the docs write it: `8 MiB`, `256 KiB`. */
const size = (bytes: number) =>
  bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20} MiB` : `${bytes / 2 ** 10} KiB`
const BOUNDS = ['bound', 'in the code', 'value', 'when it is reached']

/** The value each row of a bounds table must state, by its `in the code` cell. */
function boundsStated(): Map<string, string> {
  const { server } = createServer()
  const proxy = Object.entries(PROXY_LIMITS).map(([name, value]): [string, string] => [
    `\`${name}\``,
    name.endsWith('Ms')
      ? seconds(value)
      : name.endsWith('S')
        ? `${value} s`
        : name.endsWith('Bytes')
          ? size(value)
          : String(value),
  ])
  return new Map([
    ['`DEFAULTS.headersTimeoutMs`', seconds(DEFAULTS.headersTimeoutMs)],
    ['`DEFAULTS.requestTimeoutMs`', seconds(DEFAULTS.requestTimeoutMs)],
    ['`TIMEOUT_CHECK_MS`', seconds(TIMEOUT_CHECK_MS)],
    ['`DEFAULTS.bodyTimeoutMs`', seconds(DEFAULTS.bodyTimeoutMs)],
    ['`MAX_BODY_BYTES`', size(MAX_BODY_BYTES)],
    ['`DRAIN_MS`', seconds(DRAIN_MS)],
    ['`MAX_JSON_DEPTH`', String(MAX_JSON_DEPTH)],
    ["Node's `maxHeaderSize`", size(http.maxHeaderSize)],
    ['`keepAliveTimeout`', seconds(server.keepAliveTimeout)],
    ['`socketTimeoutMs()`', seconds(server.timeout)],
    ['`DEFAULTS.shutdownTimeoutMs`', seconds(DEFAULTS.shutdownTimeoutMs)],
    ['none', 'none'],
    ...proxy,
    ['`MAX_JUDGED_BYTES`', size(MAX_JUDGED_BYTES)],
    ['`longestAnswerMs() + ANSWER_GRACE_MS`', seconds(longestAnswerMs() + ANSWER_GRACE_MS)],
  ])
}

describe('the bounds tables of docs/', () => {
  const stated = boundsStated()

  it.each([
    ['security.md', SECURITY, 'the server'],
    ['proxy.md', PROXY, 'the proxy'],
  ])('of %s state the values the code holds', (_name, page, section) => {
    const table = tableOf(page, BOUNDS, section)
    expect(table.rows.length).toBeGreaterThan(5)
    for (const [bound, code = '', value] of table.rows) {
      expect(stated.has(code), `${bound}: ${code} is no bound the test knows`).toBe(true)
      expect(value, `${bound} (${code})`).toBe(stated.get(code))
    }
  })

  it('list every bound of PROXY_LIMITS', () => {
    const codes = tableOf(PROXY, BOUNDS, 'the proxy').rows.map((row) => row[1])
    for (const name of Object.keys(PROXY_LIMITS)) expect(codes).toContain(`\`${name}\``)
  })
})

describe('the comparison of tables with the code', () => {
  it('reads cells with escaped pipes and skips fenced code', () => {
    const parsed = parseMarkdownTables(
      [
        '| flag | default |',
        '| --- | --- |',
        '| `--mode on\\|off` | `on` |',
        '',
        '```',
        '| not | a table |',
        '| --- | --- |',
        '```',
      ].join('\n'),
    )
    expect(parsed).toEqual([{ header: ['flag', 'default'], rows: [['`--mode on|off`', '`on`']] }])
  })

  it('tells tables with the same header apart by the heading above them', () => {
    const table = (value: string) => ['| flag | default |', '| --- | --- |', `| \`${value}\` | |`]
    const parsed = parseMarkdownTables(
      ['## One', ...table('--a'), '', '## Two', '', ...table('--b')].join('\n'),
    )
    expect(findTable(parsed, ['flag', 'default'], 'Two').rows).toEqual([['`--b`', '']])
    expect(() => findTable(parsed, ['flag', 'default'], 'Three')).toThrow(/found 0/)
  })

  it('reads the options of a help text, wrapped lines included', () => {
    const help = [
      'Options:',
      '  -p, --port      Port to listen on (env PORT); 0 picks a free one',
      '                                                  [number] [default: 4010]',
      '      --host      Host to bind                [string] [default: "127.0.0.1"]',
      '      --mode      Mode           [choices: "on", "off"] [default: "on"]',
      '      --cors      CORS                          [boolean] [default: true]',
      '      --file      A file                                         [string]',
      '',
      'Examples:',
      '  tool --port 1',
    ].join('\n')
    expect(parseHelpOptions(help)).toEqual([
      { names: ['port'], aliases: ['p'], type: 'number', default: 4010 },
      { names: ['host'], aliases: [], type: 'string', default: '127.0.0.1' },
      { names: ['mode'], aliases: [], default: 'on' },
      { names: ['cors'], aliases: [], type: 'boolean', default: true },
      { names: ['file'], aliases: [], type: 'string' },
    ])
  })

  it('fails on a flag added to the CLI without a row, a stale row, a wrong default or alias', async () => {
    const options = parseHelpOptions(await helpText())
    const table = tableOf(MOCK_SERVER, FLAGS, FLAGS_SECTION)
    const added = [...options, { names: ['made-up'], aliases: [], type: 'number', default: 1000 }]
    expect(compareFlags(table, added)).toEqual(['CLI option --made-up has no docs row'])

    const rows = table.rows.map((row) => [...row])
    const port = rows.findIndex((row) => row[0]?.includes('`--port`'))
    const seed = rows.findIndex((row) => row[0]?.includes('`--seed`'))
    const cors = rows.findIndex((row) => row[0]?.includes('`--no-cors`'))
    rows[port] = ['`--port`, `-P`', '`4010`', 'port']
    rows[seed] = ['`--seed`', '`2`', 'seed']
    rows[cors] = ['`--cors`', '', 'CORS']
    rows.push(['`--turbo`', '', 'made up'])
    expect(compareFlags(withRows(table, rows), options)).toEqual([
      'docs alias -P is not an alias of --port',
      'alias -p of --port is missing from the docs',
      '--seed: the docs\' default is "2", the CLI\'s "1"',
      '--cors defaults to true: the docs should name it --no-cors',
      'docs flag --turbo is not an option of the CLI',
    ])
    const withoutQuiet = table.rows.filter((row) => !row[0]?.includes('`--quiet`'))
    expect(compareFlags(withRows(table, withoutQuiet), options)).toEqual([
      'CLI option --quiet has no docs row',
    ])
  })

  it('fails on a missing, extra or wrong error code', () => {
    const table = tableOf(REFERENCE, CODES, CODES_SECTION)
    const rows = table.rows.filter((row) => !row[0]?.includes('`not_found`'))
    rows.push(['`teapot`', '418', 'never'])
    const changed = rows.map((row) => (row[0] === '`key_banned`' ? [row[0], '403', ''] : row))
    expect(compareErrorCodes(withRows(table, changed), ERROR_CODES)).toEqual([
      'error code key_banned: the docs say 403, the code 429',
      'docs error code teapot is not an error code of the mock',
      'error code not_found has no docs row',
    ])
    expect(compareErrorCodes(table, { ...ERROR_CODES, gone: 410 })).toEqual([
      'error code gone has no docs row',
    ])
  })

  it('fails on a missing, extra or wrong key or limit', () => {
    const table = tableOf(LIMITS, KEYS, KEYS_SECTION)
    const rows = table.rows
      .filter((row) => !row[0]?.includes('`sk_test_pro`'))
      .map((row) => (row[0] === '`sk_test_free`' ? [row[0], 'Free', '61', '1,000'] : row))
    rows.push(['`sk_test_gold`', 'Gold', '1', '1'])
    expect(compareKeys(withRows(table, rows), DEFAULT_KEYS, PLANS)).toEqual([
      'plan free per minute: the docs say 61, the code 60',
      'docs key sk_test_gold is not a default key',
      'default key sk_test_pro has no docs row',
    ])
  })

  it('fails on an option added without a row, or a row for no option', () => {
    const table = tableOf(TESTING, OPTIONS, OPTIONS_SECTION)
    const names = table.rows
      .flatMap((row) => [...(row[0] ?? '').matchAll(/`([^`]*)`/g)])
      .map((match) => match[1] as string)
    expect(compareOptionNames(table, names)).toEqual([])
    expect(compareOptionNames(table, [...names, 'madeUp'])).toEqual([
      'createPetstore option madeUp has no docs row',
    ])
    expect(
      compareOptionNames(
        table,
        names.filter((name) => name !== 'seed'),
      ),
    ).toEqual(['docs option seed is not a createPetstore option'])
  })
})
