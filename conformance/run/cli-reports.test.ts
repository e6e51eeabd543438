import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { errorBody, type RawServer, startRawServer } from '../../src/test-utils/raw-server.ts'
import { summaryText } from '../../src/utils/summary-text.ts'
import type { ConformanceResult } from '../model/types.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { fetchTransport } from '../test-utils/fetch-transport.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'
import { type CliIo, runCli } from './cli.ts'

function io(env: Record<string, string | undefined> = {}, runOptions: CliIo['runOptions'] = {}) {
  const out = { stdout: '', stderr: '' }
  const value: CliIo = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env,
    runOptions: { fallbackPerMinute: 3600, ...runOptions },
  }
  return { io: value, out }
}

const mock = withTestMock()
let dir: string
let server: RawServer | undefined
let caseNumber = 0

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-conformance-reports-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A fresh folder with the paths of every report. */
async function reportPaths() {
  const folder = join(dir, `case-${++caseNumber}`)
  await mkdir(folder)
  const paths = {
    json: join(folder, 'conformance.json'),
    junit: join(folder, 'junit.xml'),
    html: join(folder, 'conformance.html'),
    github: join(folder, 'summary.md'),
  }
  const args = [
    '--reporter',
    'pretty',
    '--reporter',
    `json:${paths.json}`,
    '--reporter',
    `junit:${paths.junit}`,
    '--reporter',
    `html:${paths.html}`,
    '--reporter',
    `github:${paths.github}`,
  ]
  return { paths, args }
}

/** Reads every report and checks that each says the run stopped, with the same code. */
async function expectStoppedReports(paths: Awaited<ReturnType<typeof reportPaths>>['paths']) {
  const result = JSON.parse(await readFile(paths.json, 'utf8')) as ConformanceResult
  expect(result.exitCode).toBe(2)
  const stopped = result.stopped
  expect(stopped?.code).toMatch(/^ERR_PETSTORE_CONFORMANCE_[A-Z_]+$/)
  expect(result.verdict).toMatch(/^STOPPED: .* \(exit 2\)$/)
  const junit = await readFile(paths.junit, 'utf8')
  expect(junit).toContain(`type="${stopped?.code}"`)
  expect(junit).toContain('<testsuites name="petstore-conformance"')
  const html = await readFile(paths.html, 'utf8')
  expect(html).toContain(stopped?.code)
  expect(html).toContain('STOPPED: ')
  const summary = await readFile(paths.github, 'utf8')
  expect(summary).toContain('<h2>petstore-conformance: STOPPED: ')
  return result
}

const against = (url: string, ...args: Array<string>) => [
  '--base-url',
  `${url}/v1`,
  '--token',
  'sk_test_enterprise',
  ...args,
]

describe('every report is written on every exit-2 path', () => {
  it('the base URL unreachable', async () => {
    const { paths, args } = await reportPaths()
    const { io: cli, out } = io()
    expect(await runCli(against('http://127.0.0.1:9', ...args), cli)).toBe(2)
    expect(out.stderr).toMatch(
      /^\[petstore-conformance\] Failed to reach .*connection refused\. \[ERR_PETSTORE_CONFORMANCE_UNREACHABLE\]\n$/,
    )
    const result = await expectStoppedReports(paths)
    expect(result.stopped?.reason).toBe('unreachable')
  })

  it('a base URL without /v1: the hint and the verdict only, no check judged, every report written', async () => {
    const { paths, args } = await reportPaths()
    const { io: cli, out } = io()
    // The mock answers its own 404 (no rate-limit headers) outside /v1.
    const code = await runCli(
      ['--base-url', mock.current.url, '--token', 'sk_test_enterprise', ...args],
      cli,
    )
    expect(code).toBe(2)
    expect(out.stderr).toContain('the base URL lacks the API root /v1; run again with --base-url')
    // No table of checks, no failure of the server, one line that says no check ran.
    expect(out.stdout).not.toMatch(/^Checks$/m)
    expect(out.stdout).not.toMatch(/FAIL|Failures|not run$/m)
    expect(out.stdout).toMatch(/^No check ran: the pre-flight request found a configuration error/m)
    // The error is said once, on stderr; the closing line points to it.
    expect(out.stdout).not.toContain('lacks the API root')
    expect(out.stdout).toMatch(
      /STOPPED: the configuration error above \[ERR_PETSTORE_CONFORMANCE_API_NOT_FOUND\] \(exit 2\)\n$/,
    )
    const result = await expectStoppedReports(paths)
    expect(result.stopped?.code).toBe('ERR_PETSTORE_CONFORMANCE_API_NOT_FOUND')
    expect(result.summary.failed).toBe(0)
    expect(result.results.every((entry) => entry.outcome === 'not-run')).toBe(true)
    expect(await readFile(paths.html, 'utf8')).not.toContain('<article class="card failure"')
  })

  it('the key rejected by the pre-flight request', async () => {
    const { paths, args } = await reportPaths()
    const { io: cli, out } = io({ PETSTORE_API_KEY: 'sk_nope' })
    expect(await runCli(['--base-url', `${mock.current.url}/v1`, ...args], cli)).toBe(2)
    expect(out.stderr).toMatch(/Failed to authenticate: .* answered 401/)
    expect((await expectStoppedReports(paths)).stopped?.code).toBe(
      'ERR_PETSTORE_CONFORMANCE_KEY_REJECTED',
    )
  })

  it('the socket closed in the middle of the pre-flight answer', async () => {
    server = await startRawServer((_request, response) => {
      response.socket?.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[{"id"',
      )
      response.socket?.destroy()
    })
    const { paths, args } = await reportPaths()
    const { io: cli, out } = io()
    expect(await runCli(against(server.url, ...args), cli)).toBe(2)
    expect(out.stderr).toMatch(/Failed to reach /)
    expect((await expectStoppedReports(paths)).stopped?.reason).toBe('unreachable')
  })

  it('the server gone in the middle of the run (exit 2, not 1)', async () => {
    // Answers the first requests as an empty, well-behaved API, then closes every socket.
    server = await startRawServer((_request, response, count) => {
      if (count > 3) {
        response.socket?.destroy()
        return
      }
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '999',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
        })
        .end('[]')
    })
    const { paths, args } = await reportPaths()
    const { io: cli, out } = io()
    expect(await runCli(against(server.url, '--seed', '1', ...args), cli)).toBe(2)
    expect(out.stderr).toMatch(/\[ERR_PETSTORE_CONFORMANCE_SERVER_GONE\]\n$/)
    const result = await expectStoppedReports(paths)
    expect(result.stopped?.reason).toBe('serverGone')
    expect(result.summary.notRun).toBeGreaterThan(0)
    expect(out.stdout).toContain(`${result.verdict}\n`)
  })

  it('--max-duration reached against a server that always answers 429 (fake clock)', async () => {
    server = await startRawServer((_request, response) => {
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' })
        .end(errorBody(429, 'rate_limited'))
    })
    const { paths, args } = await reportPaths()
    const clock = fakeClock()
    const { io: cli, out } = io({}, { now: clock.now, sleep: clock.sleep })
    expect(await runCli(against(server.url, '--max-duration', '30', ...args), cli)).toBe(2)
    expect(clock.sleeps).toEqual([])
    const result = await expectStoppedReports(paths)
    expect(result.stopped?.reason).toBe('maxDuration')
    expect(result.verdict).toMatch(
      /^STOPPED: --max-duration 30 s reached early: .*; \d+ checks not run \(exit 2\)$/,
    )
    expect(out.stdout.trimEnd().endsWith(result.verdict)).toBe(true)
  })
})

describe('a failure of the kit itself', () => {
  it('still ends in every report, exit 2, with its own code', async () => {
    const { paths, args } = await reportPaths()
    let requests = 0
    const { io: cli, out } = io(
      {},
      {
        onEvent(event) {
          if (event.type === 'request' && ++requests === 5) {
            throw new TypeError('boom')
          }
        },
      },
    )
    expect(await runCli(against(mock.current.url, '--seed', '1', ...args), cli)).toBe(2)
    expect(out.stderr).toMatch(
      /^\[petstore-conformance\] Failed to run the checks: boom \(a failure of the kit: please report it with the seed\)\. \[ERR_PETSTORE_CONFORMANCE_INTERNAL\]\n$/,
    )
    expect((await expectStoppedReports(paths)).stopped?.reason).toBe('internal')
  })
})

describe('report paths are checked before the first request', () => {
  it.each([
    [
      'a folder that does not exist',
      (base: string) => join(base, 'missing', 'r.json'),
      /does not exist/,
    ],
    ['a path that is a folder', (base: string) => base, /is a folder, not a file/],
    [
      'a folder that is a file',
      (base: string) => join(base, 'file.txt', 'r.json'),
      /is not a folder/,
    ],
  ])('%s is a usage error at once (exit 2, no request sent)', async (_name, path, message) => {
    const base = join(dir, `paths-${++caseNumber}`)
    await mkdir(base)
    await writeFile(join(base, 'file.txt'), 'x')
    let requests = 0
    const { io: cli, out } = io(
      {},
      {
        transport: (request) => {
          requests += 1
          return fetchTransport(request)
        },
      },
    )
    const code = await runCli(against(mock.current.url, '--reporter', `html:${path(base)}`), cli)
    expect(code).toBe(2)
    expect(requests).toBe(0)
    expect(out.stderr).toMatch(message)
    expect(out.stderr).toMatch(
      /^\[petstore-conformance\] Failed to use the report path: .*\. \[ERR_PETSTORE_CONFORMANCE_REPORT_PATH\]\n$/,
    )
  })

  it('checks the GitHub step summary file too', async () => {
    const { io: cli, out } = io({
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: join(dir, 'nowhere', 'summary.md'),
    })
    expect(await runCli(against(mock.current.url), cli)).toBe(2)
    expect(out.stderr).toMatch(/summary\.md|nowhere/)
  })
})

/** A server whose default page holds 30 pets: `list.default-limit` fails. */
const thirtyPerPage: NonNullable<CliIo['runOptions']>['transport'] = (request) =>
  fetchTransport({ ...request, url: request.url.replace(/\/pets$/, '/pets?limit=30') })

describe('counts agree in every report', () => {
  it('on a run with failures, warnings, skips: pretty, JSON, JUnit, HTML and GitHub say the same', async () => {
    const { paths, args } = await reportPaths()
    // In GitHub Actions, so the annotations are printed too.
    const { io: cli, out } = io({ GITHUB_ACTIONS: 'true' }, { transport: thirtyPerPage })
    const code = await runCli(
      against(mock.current.url, '--seed', '1', '--read-only', '--skip', 'ratelimit', ...args),
      cli,
    )
    expect(code).toBe(1)
    const result = JSON.parse(await readFile(paths.json, 'utf8')) as ConformanceResult
    const { summary } = result
    expect(summary.failed).toBeGreaterThan(0)
    expect(summary.skipped).toBeGreaterThan(0)
    expect(
      summary.passed + summary.failed + summary.warnings + summary.skipped + summary.notRun,
    ).toBe(summary.total)
    expect(summary.total).toBe(result.results.length)

    // Pretty: the summary line, the numbered failures and the closing line.
    const pretty = out.stdout
    const line =
      /Summary: (\d+) results \(per check and operation\): (\d+) passed, (\d+) failed, (\d+) advisory warnings?, (\d+) skipped \((\d+) required\), (\d+) not run/.exec(
        pretty,
      )
    expect(line?.slice(1, 8).map(Number)).toEqual([
      summary.total,
      summary.passed,
      summary.failed,
      summary.warnings,
      summary.skipped,
      summary.requiredSkipped,
      summary.notRun,
    ])
    expect(pretty).toContain(`Failures (${summary.failing})`)
    expect(pretty.match(/^ {2}\d+\) FAIL /gm)).toHaveLength(summary.failing)
    expect(pretty.match(/^ {2}W\d+\) warning /gm) ?? []).toHaveLength(summary.warnings)
    expect(pretty).toContain(result.verdict)
    expect(result.verdict).toMatch(/^FAIL: \d+ required checks? failed \(exit 1\)$/)

    // JUnit: the totals and the testcases themselves.
    const junit = await readFile(paths.junit, 'utf8')
    const totals =
      /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)"/.exec(junit)
    expect(totals?.slice(1, 5).map(Number)).toEqual([
      summary.total,
      summary.failing,
      0,
      summary.skipped + summary.notRun,
    ])
    expect(junit.match(/<testcase /g)).toHaveLength(summary.total)
    expect(junit.match(/<failure /g)).toHaveLength(summary.failing)
    expect(junit.match(/<skipped /g)).toHaveLength(summary.skipped + summary.notRun)
    expect(junit.match(/WARNING \(advisory\)/g) ?? []).toHaveLength(summary.warnings)
    const suiteSum = (name: string) =>
      [...junit.matchAll(new RegExp(`<testsuite [^>]*${name}="(\\d+)"`, 'g'))].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      )
    expect(suiteSum('tests')).toBe(summary.total)
    expect(suiteSum('failures')).toBe(summary.failing)
    expect(junit).toMatch(/<testsuite name="listPets" [^>]*time="\d+\.\d{3}" timestamp="/)
    expect(junit).toMatch(
      /<testcase name="list.default-limit" classname="listPets" time="\d+\.\d{3}">/,
    )

    // HTML: the counts, and one card per failing result.
    const html = await readFile(paths.html, 'utf8')
    const count = (kind: string) =>
      Number(new RegExp(`<li class="${kind}(?: zero)?"><b>(\\d+)</b>`).exec(html)?.[1])
    expect([
      count('failed'),
      count('warnings'),
      count('passed'),
      count('skipped'),
      count('not-run'),
    ]).toEqual([summary.failed, summary.warnings, summary.passed, summary.skipped, summary.notRun])
    expect(html.match(/<article class="card failure"/g)).toHaveLength(summary.failing)
    expect(html).toContain(result.verdict)

    // GitHub summary: the table row and the verdict.
    const markdown = await readFile(paths.github, 'utf8')
    expect(markdown).toContain(
      `| ${summary.total} | ${summary.passed} | ${summary.failed} | ${summary.warnings} | ${summary.skipped} (${summary.requiredSkipped} required) | ${summary.notRun} (${summary.requiredNotRun} required) |`,
    )
    expect(markdown).toContain(`<h2>petstore-conformance: ${summaryText(result.verdict)}</h2>`)
    // The annotations: one ::error per result that fails the run.
    expect(out.stdout.match(/^::error /gm)).toHaveLength(Math.min(summary.failing, 10))
  })

  it('--fail-on-skip fails a run whose only problem is skipped required checks', async () => {
    const { io: cli, out } = io()
    const args = ['--seed', '1', '--read-only', '--only', 'create.valid', '--only', 'get']
    expect(await runCli(against(mock.current.url, ...args), cli)).toBe(0)
    expect(out.stdout).toMatch(
      /PASS: every required check that ran passed; \d+ required checks? skipped or not run/,
    )
    const strict = io()
    expect(await runCli(against(mock.current.url, ...args, '--fail-on-skip'), strict.io)).toBe(1)
    expect(strict.out.stdout).toMatch(
      /--fail-on-skip: \d+ required checks? skipped or not run \(exit 1\)\n/,
    )
  })
})

describe('GitHub Actions', () => {
  it('GITHUB_ACTIONS=true: annotations on stdout and a Markdown summary appended to $GITHUB_STEP_SUMMARY', async () => {
    const summaryFile = join(dir, 'step-summary.md')
    await writeFile(summaryFile, '# earlier step\n')
    const { io: cli, out } = io(
      { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
      { transport: thirtyPerPage },
    )
    const code = await runCli(
      against(mock.current.url, '--seed', '1', '--only', 'list.default-limit'),
      cli,
    )
    expect(code).toBe(1)
    expect(out.stdout).toMatch(
      /^::error title=list\.default-limit \[listPets\]::.*%0Aexpected: .*%0Areceived: .*%0Areproduce: curl /m,
    )
    expect(out.stdout).toMatch(
      /^::notice title=petstore-conformance::FAIL: 1 required check failed \(exit 1\)\. 1 error \(1 annotated\)/m,
    )
    const summary = await readFile(summaryFile, 'utf8')
    expect(summary.startsWith('# earlier step\n<h2>petstore-conformance: FAIL')).toBe(true)
    expect(summary).toContain('<details><summary><code>list.default-limit</code>')
  })

  it('--reporter github:FILE outside GitHub Actions: the summary in FILE, no annotation in the console', async () => {
    const summaryFile = join(dir, 'outside-actions.md')
    const { io: cli, out } = io({}, { transport: thirtyPerPage })
    const code = await runCli(
      against(
        mock.current.url,
        '--seed',
        '1',
        '--only',
        'list.default-limit',
        '--reporter',
        `github:${summaryFile}`,
      ),
      cli,
    )
    expect(code).toBe(1)
    expect(await readFile(summaryFile, 'utf8')).toContain('<h2>petstore-conformance: FAIL')
    expect(out.stdout + out.stderr).not.toMatch(/^::/m)
    expect(out.stdout).toMatch(/FAIL: 1 required check failed \(exit 1\)\n$/)
  })

  it('--reporter github outside GitHub Actions with nowhere to write is a usage error that says so', async () => {
    const { io: cli, out } = io()
    expect(await runCli(against(mock.current.url, '--reporter', 'github'), cli)).toBe(2)
    expect(out.stderr).toMatch(
      /give it a file, --reporter github:FILE \(annotations are printed only when GITHUB_ACTIONS=true\).*\[ERR_PETSTORE_CONFORMANCE_USAGE\]/,
    )
  })

  it('is off without GITHUB_ACTIONS=true or --reporter github', async () => {
    const { io: cli, out } = io({ GITHUB_STEP_SUMMARY: join(dir, 'unused.md') })
    await runCli(against(mock.current.url, '--only', 'get.not-found'), cli)
    expect(out.stdout).not.toContain('::')
  })
})
