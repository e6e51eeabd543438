import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RawServer, startRawServer } from '../../src/test-utils/raw-server.ts'
import { summaryText } from '../../src/utils/summary-text.ts'
import { BROWSER_TESTS, launchChromium } from '../../test/launch-chromium.ts'
import type { ConformanceResult } from '../model/types.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { markupProblem } from '../test-utils/markup-problem.ts'
import { type CliIo, runCli } from './cli.ts'

// A server built to hurt the person running the kit: its bodies, JSON
// strings, status text and header values are full of terminal control
// sequences. Every report the kit writes shows them as \uXXXX, never as the
// bytes, and the JUnit XML and the HTML stay well-formed.

const ESC = '\u001b'
/** Sets the terminal's title, clears the screen, plants a link, backspaces over the verdict. */
const ATTACK = [
  `${ESC}]0;owned by the server\u0007`,
  `${ESC}[2J${ESC}[H`,
  `${ESC}]8;;https://evil.example/${ESC}\\click here${ESC}]8;;${ESC}\\`,
  '\b\b\b\b\b\b\b\bPASS: every required check passed (exit 0)\r',
  '\u007f\u0085\u009b31m',
  '\u202eeulav desrever\u202c \u2066isolated\u2069',
].join('')

/** What no output may hold: C0 controls but tab and LF, DEL, C1, bidi overrides and isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
/** The colours the pretty reporter itself writes (with --color). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the kit's own SGR sequences
const KIT_COLOURS = /\u001b\[(?:0|1|2|31|32|33|36)m/g

/** An HTTP response written byte for byte: node:http would refuse these headers. */
function rawResponse(status: string, headers: Array<string>, body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8')
  const head = [
    `HTTP/1.1 ${status}`,
    ...headers,
    `Content-Length: ${bytes.length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n')
  // Header bytes go as UTF-8 too: what is not ASCII arrives as C1 and other high characters.
  return Buffer.concat([Buffer.from(head, 'utf8'), bytes])
}

/** Header values the kit's HTTP client accepts (it refuses C0 controls in them): C1 and bidi. */
const HEADER_ATTACK = '\u009b2J\u009d0;owned\u009c\u202eZ'

const RESPONSES: Array<(count: number) => Buffer> = [
  // Not JSON at all.
  () =>
    rawResponse(
      `200 OK ${ESC}]0;status text${ESC}[2J\b\b`,
      [`Content-Type: text/plain${HEADER_ATTACK}`, `X-RateLimit-Remaining: 5${HEADER_ATTACK}`],
      `<html>${ATTACK}</html>`,
    ),
  // JSON strings with raw control bytes (so, not JSON: quoted raw).
  () =>
    rawResponse(
      '200 OK',
      ['Content-Type: application/json'],
      `[{"id":1,"name":"${ATTACK}","categoryId":1,"status":"available"}]`,
    ),
  // An Error body whose strings carry them.
  (count) =>
    rawResponse(
      `${count % 2 ? 400 : 201} ${ESC}[31mBad${ESC}[0m`,
      [
        'Content-Type: application/json',
        `Location: /v1/pets/1${HEADER_ATTACK}`,
        `X-Request-Id: ${HEADER_ATTACK}`,
      ],
      `{"code":"${ATTACK}","message":"${ATTACK}","status":400}`,
    ),
  // Valid JSON whose escaped strings decode to control characters.
  () =>
    rawResponse(
      '200 OK',
      ['Content-Type: application/json'],
      JSON.stringify([{ id: 2, name: ATTACK, categoryId: 1, status: 'available' }]),
    ),
]

let server: RawServer
let dir: string
const outputs: Record<string, string> = {}
let result: ConformanceResult

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-hostile-'))
  server = await startRawServer((_request, response, count) => {
    const respond = RESPONSES[count % RESPONSES.length] as (count: number) => Buffer
    response.socket?.end(respond(count))
  })
  const files = {
    json: join(dir, 'report.json'),
    junit: join(dir, 'junit.xml'),
    html: join(dir, 'report.html'),
    summary: join(dir, 'summary.md'),
  }
  const clock = fakeClock()
  const console = { stdout: '', stderr: '' }
  const io: CliIo = {
    stdout: { write: (text: string) => (console.stdout += text) },
    stderr: { write: (text: string) => (console.stderr += text) },
    // In GitHub Actions, so the annotations are printed too.
    env: { GITHUB_ACTIONS: 'true' },
    runOptions: { fallbackPerMinute: 3600, now: clock.now, sleep: clock.sleep },
  }
  const args = [
    '--base-url',
    `${server.url}/v1`,
    '--token',
    'sk_test_enterprise',
    '--seed',
    '1',
    '--examples',
    '5',
    '--color',
    '--reporter',
    'pretty',
    '--reporter',
    `json:${files.json}`,
    '--reporter',
    `junit:${files.junit}`,
    '--reporter',
    `html:${files.html}`,
    '--reporter',
    `github:${files.summary}`,
  ]
  const code = await runCli(args, io)
  expect(code).toBe(1)
  outputs.console = console.stdout.replace(KIT_COLOURS, '')
  outputs.stderr = console.stderr
  for (const [name, file] of Object.entries(files)) outputs[name] = await readFile(file, 'utf8')
  result = JSON.parse(outputs.json as string) as ConformanceResult
}, 120_000)

afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('a server that sends terminal control sequences', () => {
  it('got them into the results: failures quote what it sent', () => {
    const quoted = result.results.flatMap((entry) =>
      entry.failures.map((failure) => failure.actual),
    )
    expect(quoted.some((actual) => actual.includes(`${ESC}]0;owned by the server\u0007`))).toBe(
      true,
    )
    expect(quoted.some((actual) => actual.includes('\u009b31m'))).toBe(true)
    expect(quoted.some((actual) => actual.includes('\u202eeulav'))).toBe(true)
    expect(result.summary.failed).toBeGreaterThan(0)
  })

  it.each(['console', 'stderr', 'json', 'junit', 'html', 'summary'])(
    '%s: no raw control character, only visible escapes',
    (name) => {
      const text = outputs[name] as string
      const found = RAW_CONTROL.exec(text)
      expect(
        found &&
          `U+${(found[0].codePointAt(0) ?? 0).toString(16)} near ${JSON.stringify(text.slice(found.index - 40, found.index + 40))}`,
      ).toBeNull()
    },
  )

  it.each(['console', 'junit', 'html', 'summary'])('%s shows the attack as escapes', (name) => {
    const text = outputs[name] as string
    // The step summary writes brackets as character references (summaryText).
    const shown = (escaped: string) => (name === 'summary' ? summaryText(escaped) : escaped)
    expect(text).toContain(shown('\\u001b]0;owned by the server\\u0007'))
    expect(text).toContain('\\u0008\\u0008PASS')
  })

  it('console: the GitHub annotations are there, one line each, and the verdict ends the output', () => {
    const annotations = (outputs.console as string)
      .split('\n')
      .filter((line) => line.startsWith('::'))
    expect(annotations.filter((line) => line.startsWith('::error')).length).toBeGreaterThan(0)
    expect((outputs.console as string).trimEnd().endsWith(result.verdict)).toBe(true)
    expect(result.verdict).toMatch(/^FAIL: /)
  })

  it('the JSON report parses to the strings the server sent', () => {
    expect(outputs.json).toContain('\\u009b')
    expect(JSON.stringify(result)).toContain('\\u001b]0;owned by the server')
  })

  it('the JUnit report is well-formed XML', () => {
    expect(markupProblem(outputs.junit as string, 'xml')).toBeUndefined()
  })

  it('the HTML report is well-formed HTML', () => {
    expect(markupProblem(outputs.html as string, 'html')).toBeUndefined()
  })
})

describe.runIf(BROWSER_TESTS)('the reports in Chromium', () => {
  it("parses the JUnit report with the browser's XML parser", async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const parsed = await page.evaluate((xml) => {
        const document = new DOMParser().parseFromString(xml, 'application/xml')
        return {
          error: document.querySelector('parsererror')?.textContent ?? null,
          cases: document.querySelectorAll('testcase').length,
          failure: document.querySelector('failure')?.textContent ?? '',
        }
      }, outputs.junit as string)
      expect(parsed.error).toBeNull()
      expect(parsed.cases).toBe(result.summary.total)
      expect(parsed.failure).toContain('\\u001b]0;owned by the server')

      // The HTML report shows the verdict as it is and the attack as text.
      await page.setContent(outputs.html as string)
      expect(await page.locator('.verdict').textContent()).toBe(result.verdict)
      const received = await page.locator('article.card dd pre').allTextContents()
      expect(received.join('\n')).toContain('\\u0008\\u0008PASS')
      await page.close()
    } finally {
      await browser.close()
    }
  }, 60_000)
})

describe('markupProblem (the strict check above)', () => {
  it.each([
    ['<a>\u0001</a>', 'xml'],
    ['<a>&#1;</a>', 'xml'],
    ['<a>&#x1b;</a>', 'xml'],
    ['<a>AT&T</a>', 'xml'],
    ['<a><b></a>', 'xml'],
    ['<a b="1" b="2"/>', 'xml'],
    ['<a b=1/>', 'xml'],
    ['<a/><b/>', 'xml'],
    ['<a>x</a>y', 'xml'],
    ['<!DOCTYPE html><p>\u001b[2J</p>', 'html'],
    ['<!DOCTYPE html><p>\u009b</p>', 'html'],
    ['<!DOCTYPE html><p><b></p>', 'html'],
    ['<p></p>', 'html'],
  ] as const)('finds the fault in %j (%s)', (text, kind) => {
    expect(markupProblem(text, kind)).toBeDefined()
  })

  it.each([
    ['<?xml version="1.0"?>\n<a b="&lt;&#10;">\t&amp;<c/></a>\n', 'xml'],
    [
      '<!DOCTYPE html><html><head><meta charset="utf-8"><style>a>b{}</style></head><body><details open><p>&#39;</p></details><script>if (a<b) {}</script></body></html>',
      'html',
    ],
  ] as const)('passes %j (%s)', (text, kind) => {
    expect(markupProblem(text, kind)).toBeUndefined()
  })
})
