import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/judge/catalogue.ts'
import { fetchTransport } from '../test-utils/fetch-transport.ts'
import { startReferenceServer } from '../test-utils/reference-server.ts'
import { REFERENCE_TOKEN } from '../test-utils/run-reference.ts'
import { withTestMock } from '../test-utils/with-test-mock.ts'
import { type CliIo, runCli } from './cli.ts'
import { resolveReporters } from './resolve-reporters.ts'

function io(env: Record<string, string | undefined> = {}) {
  const out = { stdout: '', stderr: '' }
  const value: CliIo = {
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    env,
    runOptions: { fallbackPerMinute: 3600 },
  }
  return { io: value, out }
}

const mock = withTestMock()
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-conformance-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** `--base-url` of the mock, then `args`. */
const againstMock = (...args: Array<string>) => ['--base-url', `${mock.current.url}/v1`, ...args]

describe('runCli', () => {
  it('--list prints the catalogue and exits 0', async () => {
    const { io: cli, out } = io()
    expect(await runCli(['--list'], cli)).toBe(0)
    for (const check of catalogue) {
      expect(out.stdout).toContain(check.id)
    }
  })

  it('--list --reporter json prints the catalogue as JSON', async () => {
    const { io: cli, out } = io()
    expect(await runCli(['--list', '--reporter', 'json'], cli)).toBe(0)
    expect(JSON.parse(out.stdout)).toHaveLength(catalogue.length)
  })

  it('--help documents how reporters map to files', async () => {
    const { io: cli, out } = io()
    expect(await runCli(['--help'], cli)).toBe(0)
    expect(out.stdout).toContain('--reporter pretty --reporter junit:reports/junit.xml')
    expect(out.stdout).toContain('Exit codes')
  })

  it.each([
    [['--base-url', 'http://x/v1', '--bogus'], /Unknown argument/],
    [['--token', 'sk_k'], /--base-url is required/],
    [['--base-url', 'http://x/v1'], /no API key/],
    [
      ['--base-url', 'http://x/v1', '--token', 'sk_k', '--reporter', 'xml'],
      /unknown reporter "xml"/,
    ],
    [
      ['--base-url', 'http://x/v1', '--token', 'sk_k', '--reporter', 'html'],
      /html reporter needs a file/,
    ],
    [['--base-url', 'http://x/v1', '--token', 'sk_k', '--max-duration', '0'], /--max-duration/],
    [['--base-url', 'http://x/v1', '--token', 'sk_k', '--include', 'chaos'], /Invalid values/],
    [['--base-url', 'http://x/v1', '--token', 'sk_k', '--timeout', 'soon'], /--timeout/],
    [['--base-url', 'not a url', '--token', 'sk_k'], /not an http\(s\) URL/],
    [['--base-url', 'http://x/v1', '--token', 'sk_k', '--only', 'nope'], /matches no check id/],
    [
      ['--base-url', 'http://x/v1', '--token', 'sk_k', '--other-token', 'sk_k'],
      /--other-token must be another key than --token/,
    ],
  ])('bad usage %j exits 2 with one clear line', async (args, message) => {
    const { io: cli, out } = io()
    expect(await runCli(args, cli)).toBe(2)
    expect(out.stderr).toMatch(message)
    expect(out.stderr).toMatch(
      /^\[petstore-conformance\] Failed to [^\n]+\. \[ERR_PETSTORE_CONFORMANCE_USAGE\]\n$/,
    )
  })

  it('exits 2 when the base URL is unreachable', async () => {
    const { io: cli, out } = io()
    expect(await runCli(['--base-url', 'http://127.0.0.1:9/v1', '--token', 'sk_k'], cli)).toBe(2)
    expect(out.stderr).toMatch(/Failed to reach http:\/\/127\.0\.0\.1:9\/v1.*connection refused/)
  })

  it('exits 2 on a pre-flight 401, reading the key from PETSTORE_API_KEY', async () => {
    const { io: cli, out } = io({ PETSTORE_API_KEY: 'sk_nope' })
    expect(await runCli(againstMock(), cli)).toBe(2)
    expect(out.stderr).toMatch(/Failed to authenticate: .* answered 401/)
  })

  it('runs against the mock, writes JUnit and JSON files and exits 0', async () => {
    const { io: cli, out } = io({
      PETSTORE_API_KEY: 'sk_test_enterprise',
      PETSTORE_OTHER_API_KEY: 'sk_test_pro',
    })
    await mkdir(join(dir, 'reports'))
    const junit = join(dir, 'reports', 'junit.xml')
    const json = join(dir, 'conformance.json')
    const code = await runCli(
      againstMock(
        '--seed',
        '1',
        '--reporter',
        'pretty',
        '--reporter',
        `junit:${junit}`,
        '--reporter',
        'json',
        '--output',
        json,
      ),
      cli,
    )
    expect(out.stderr).toBe('')
    expect(code).toBe(0)
    expect(out.stdout).toMatch(
      /PASS: every required check (that ran )?passed(; \d+ required checks skipped or not run \(--fail-on-skip fails on them\))? \(exit 0\)/,
    )
    // A run that passed says what it did not test, and how to test it.
    expect(out.stdout).toContain(
      'Not tested: the rate-limit group (ratelimit.exhaust, ratelimit.recovers, ratelimit.reset-truthful, ratelimit.refuses-every-operation; --include rate-limit runs it)',
    )
    expect(await readFile(junit, 'utf8')).toContain('<testsuites name="petstore-conformance"')
    const text = await readFile(json, 'utf8')
    const result = JSON.parse(text)
    expect(result.exitCode).toBe(0)
    // The second key, from PETSTORE_OTHER_API_KEY, checked and never written.
    expect(
      result.results.find((entry: { id: string }) => entry.id === 'ratelimit.keys-separate')
        ?.outcome,
    ).toBe('passed')
    expect(text).not.toContain('sk_test_pro')
    expect(result.seed).toBe(1)
  })

  it('names a base URL without the API root in one configuration message, exit 2', async () => {
    const server = await startReferenceServer()
    const origin = new URL(server.baseUrl).origin
    try {
      const { io: cli, out } = io()
      const code = await runCli(['--base-url', origin, '--token', REFERENCE_TOKEN], cli)
      expect(code).toBe(2)
      expect(out.stderr).toBe(
        `[petstore-conformance] Failed to find the API: GET ${origin}/pets answered 404, but GET ${origin}/v1/pets answers 200: the base URL lacks the API root /v1; run again with --base-url ${origin}/v1. [ERR_PETSTORE_CONFORMANCE_API_NOT_FOUND]\n`,
      )
      // No list of failures: what did not run is "not run", and the closing line says why.
      expect(out.stdout).not.toMatch(/FAIL/)
      expect(out.stdout).not.toContain('lacks the API root')
      expect(out.stdout).toMatch(/STOPPED: the configuration error above \[ERR_\w+\] \(exit 2\)/)
    } finally {
      await server.close()
    }
  })

  it('exits 1 when a required check fails', async () => {
    const { io: cli } = io()
    cli.runOptions = {
      ...cli.runOptions,
      // A server whose default page holds 30 pets.
      transport: (request) =>
        fetchTransport({ ...request, url: request.url.replace(/\/pets$/, '/pets?limit=30') }),
    }
    const code = await runCli(
      againstMock('--token', 'sk_test_enterprise', '--only', 'list.default-limit'),
      cli,
    )
    expect(code).toBe(1)
  })

  it('json to stdout keeps stdout a single document', async () => {
    const { io: cli, out } = io()
    const code = await runCli(
      againstMock('--token', 'sk_test_enterprise', '--only', 'get', '--reporter', 'json'),
      cli,
    )
    expect(code).toBe(0)
    expect(JSON.parse(out.stdout).tool).toBe('petstore-conformance')
    expect(out.stderr).toContain('petstore-conformance')
  })
})

describe('resolveReporters', () => {
  it('defaults to pretty on the console', () => {
    expect(resolveReporters([], undefined)).toEqual([{ name: 'pretty' }])
  })

  it('gives --output to the one machine reporter without a file, and keeps pretty on the console', () => {
    expect(resolveReporters(['junit'], 'r.xml')).toEqual([
      { name: 'junit', file: 'r.xml' },
      { name: 'pretty' },
    ])
    expect(resolveReporters(['pretty', 'junit:a.xml', 'json'], 'b.json')).toEqual([
      { name: 'pretty' },
      { name: 'junit', file: 'a.xml' },
      { name: 'json', file: 'b.json' },
    ])
  })

  it('rejects ambiguous or impossible mappings', () => {
    expect(() => resolveReporters(['json', 'junit'], 'x')).toThrow(/ambiguous/)
    expect(() => resolveReporters(['json', 'junit'], undefined)).toThrow(
      /only one of json and junit/,
    )
    expect(() => resolveReporters(['junit:'], undefined)).toThrow(/names no file/)
  })
})
