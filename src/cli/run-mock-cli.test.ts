import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { request } from 'undici'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../conformance/test-utils/reference-server.ts'
import { startServer } from '../adapter/node/start-server.ts'
import { FLAG_OF_OPTION } from './flag-of-option.ts'
import { type CliIo, runMockCli } from './run-mock-cli.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const BIN = join(ROOT, 'bin/petstore-mock.ts')
const directory = mkdtempSync(join(tmpdir(), 'petstore-cli-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
/** Every spawned CLI still running; a test that times out skips its `finally`, this does not. */
const running = new Set<ChildProcess>()
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
})

/** The one line for `-h` without an address. */
const HOST_HINT =
  /^\[petstore-mock\] Failed to read the flags: -h is --host and needs an address, as in Prism \(-h 0\.0\.0\.0\); for the flags, run petstore-mock --help\.$/

/** Runs the CLI in-process with captured output; for runs that end on their own. */
async function run(argv: Array<string>, env: Record<string, string> = {}) {
  const out: Array<string> = []
  const err: Array<string> = []
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), env }
  const code = await runMockCli(argv, io)
  return { code, out: out.join('\n'), err }
}

interface Spawned {
  child: ChildProcess
  /** Everything printed to stdout so far. */
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code. */
  exited: Promise<number | null>
  /** Resolves once stdout (or `stream`) has a line matching `pattern`. */
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr'): Promise<RegExpMatchArray>
}

function spawnCli(args: Array<string>, env: Record<string, string> = {}): Spawned {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiters = new Set<() => void>()
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    for (const check of waiters) check()
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    for (const check of waiters) check()
  })
  running.add(child)
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  void exited.then(() => running.delete(child))
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor: (pattern, stream = 'stdout') =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stream === 'stdout' ? stdout : stderr)
          if (match === null) return
          waiters.delete(check)
          resolve(match)
        }
        waiters.add(check)
        exited.then(() => {
          if (!waiters.has(check)) return
          waiters.delete(check)
          reject(new Error(`exited before printing ${pattern}: ${stdout}${stderr}`))
        })
        check()
      }),
  }
}

describe('petstore-mock CLI', () => {
  it('shows usage with examples on --help', async () => {
    const { code, out } = await run(['--help'])
    expect(code).toBe(0)
    expect(out).toContain('petstore-mock [options]')
    expect(out).toContain('Examples:')
    expect(out).toContain('--api-key')
  })

  it("names in --help's example a fixtures file that exists from the folder it runs in", async () => {
    const { out } = await run(['--help'])
    const [, file = ''] = /--fixtures (\S+) --no-admin/.exec(out) ?? []
    expect(existsSync(resolve(process.cwd(), file)), file).toBe(true)
    expect(resolve(process.cwd(), file)).toBe(join(ROOT, 'fixtures/example.json'))
  })

  it('does not wrap --help when the output is not a terminal, and wraps it to one that is', async () => {
    const piped = (await run(['--help'])).out
    const examples = piped.slice(piped.indexOf('Examples:') + 'Examples:'.length).trim()
    // Each example whole on its own line, beside its description.
    for (const line of examples.split('\n')) expect(line).toMatch(/^\s*petstore-mock\b/)
    expect(examples).toContain('petstore-mock --api-key sk_live_me=pro --rate-limit-scale 10  ')

    const out: Array<string> = []
    const io: CliIo = { out: (line) => out.push(line), err: () => {}, env: {}, columns: 60 }
    expect(await runMockCli(['--help'], io)).toBe(0)
    const widths = out
      .join('\n')
      .split('\n')
      .map((line) => line.length)
    expect(Math.max(...widths)).toBeLessThanOrEqual(60)
  })

  it.each(Object.entries(FLAG_OF_OPTION))(
    'names the flag of option %s in the message about a bad value',
    async (_option, { flag }) => {
      const { code, err } = await run([
        ...(flag === 'port' ? [] : ['--port', '0']),
        `--${flag}`,
        '-1',
      ])
      expect(code).toBe(1)
      expect(err).toEqual([
        expect.stringMatching(
          new RegExp(
            `^\\[petstore-mock\\] Failed to read the flags: --${flag} must be a (whole )?number from [\\d.]+( to \\d+)?( \\(in steps of [\\d.]+\\))?, got -1\\.$`,
          ),
        ),
      ])
    },
  )

  it('names where a key was given in a message about its limits', async () => {
    const flag = await run(['--port', '0', '--api-key', 'sk_big=enterprise:0/5'])
    expect(flag.err).toEqual([
      '[petstore-mock] Failed to read --api-key sk_big=enterprise:0/5: the per-minute limit of "sk_big" must be a whole number from 1, got 0.',
    ])
    const file = join(directory, 'keys.json')
    writeFileSync(file, JSON.stringify({ sk_file: { plan: 'enterprise', perDay: 1.5 } }))
    const keys = await run(['--port', '0', '--keys', file])
    expect(keys.err).toEqual([
      `[petstore-mock] Failed to read --keys ${file}: the per-day limit of "sk_file" must be a whole number from 1, got 1.5.`,
    ])
  })

  it('reads a key named __proto__ or constructor like any other', async () => {
    const file = join(directory, 'proto-keys.json')
    writeFileSync(file, '{"__proto__":{"plan":"enterprise","perDay":1.5}}')
    const keys = await run(['--port', '0', '--keys', file])
    expect(keys.err).toEqual([
      `[petstore-mock] Failed to read --keys ${file}: the per-day limit of "__proto__" must be a whole number from 1, got 1.5.`,
    ])
    const flag = await run(['--port', '0', '--api-key', 'constructor=enterprise:0/5'])
    expect(flag.err).toEqual([
      '[petstore-mock] Failed to read --api-key constructor=enterprise:0/5: the per-minute limit of "constructor" must be a whole number from 1, got 0.',
    ])
  }, 10_000)

  it('lists -h as the alias of --host in --help, and says so where the help is', async () => {
    const { code, out } = await run(['--help'])
    expect(code).toBe(0)
    expect(out).toMatch(
      /^\s+-h, --host\s+Host to bind \(-h as in Prism; the help is --help or -\?\)/m,
    )
    expect(out).toMatch(/^\s+-\?, --help\s/m)
  })

  it('maps every numeric flag to its option', async () => {
    const { out } = await run(['--help'])
    const numeric = [...out.matchAll(/^\s+(?:-\w, )?--([\w-]+)\s.*\[number\]/gm)].map(
      ([, name]) => name,
    )
    expect(numeric).toContain('rate-limit-scale')
    const mapped = Object.values(FLAG_OF_OPTION).map(({ flag }) => flag)
    expect(numeric.filter((name) => !mapped.includes(name as string))).toEqual([])
  })

  it.each([
    [['--bogus'], /bogus/],
    [['--port', 'abc'], /--port must be a number/],
    [['--rate-limit', 'maybe'], /rate-limit/],
    [['--api-key', 'sk_me=gold'], /--api-key.*PLAN/],
    [['--fixtures', 'does-not-exist.json'], /cannot read "does-not-exist.json"/],
    [['--port', '70000'], /port must be a whole number/],
    [['--max-pets', 'lots'], /--max-pets must be a number/],
    [['--enterprise-per-minute', 'lots'], /--enterprise-per-minute must be a number/],
    [['--max-pets', '-1', '--port', '0'], /--max-pets must be a whole number from 0, got -1\.$/],
    [
      ['--shutdown-timeout', '0.0005', '--port', '0'],
      /--shutdown-timeout must be a number from 0 to 3600 \(in steps of 0\.001\), got 0\.0005\.$/,
    ],
    [['--port'], /Not enough arguments following: port\.$/],
    [['--port', '0', '--data-file'], /Not enough arguments following: data-file\.$/],
    [['--rate-limit', 'maybe'], /Invalid values: Argument: rate-limit, Given: "maybe"/],
    // -h is --host (as in Prism): alone, or before another flag, it says where the help is.
    [['-h'], HOST_HINT],
    [['-h', '--port', '0'], HOST_HINT],
    [['--port', '0', '-h'], HOST_HINT],
    [['--seed', '2', '-h', '-q'], HOST_HINT],
  ])('answers %j with one clear line and exit code 1', async (argv, message) => {
    const { code, err, out } = await run(argv)
    expect(code).toBe(1)
    expect(err).toHaveLength(1)
    expect(err[0]).toMatch(/^\[petstore-mock\] Failed to /)
    expect(err[0]).toMatch(message)
    expect(out).toBe('')
  })

  it('answers a bad fixtures file with one line naming the record, exit code 1', async () => {
    const file = join(directory, 'bad-fixtures.json')
    writeFileSync(
      file,
      JSON.stringify({
        categories: [{ id: 1, name: 'Dogs' }],
        pets: [
          { id: 1, name: 'Rex', categoryId: 1 },
          { id: 2, name: 'Luna', categoryId: 1 },
          { id: 3, name: 'Kiwi', categoryId: 99 },
        ],
      }),
    )
    const { code, err } = await run(['--fixtures', file, '--port', '0'])
    expect(code).toBe(1)
    expect(err).toEqual([
      `[petstore-mock] Failed to load the fixtures file ${file}: pets[2].categoryId 99 names no category.`,
    ])
    const invalidJson = join(directory, 'not-json.json')
    writeFileSync(invalidJson, '{ "pets": [')
    const second = await run(['--fixtures', invalidJson, '--port', '0'])
    expect(second.code).toBe(1)
    expect(second.err).toHaveLength(1)
    expect(second.err[0]).toContain('is not valid JSON')
  })

  it('answers a corrupt --data-file with one line naming the record, exit code 1', async () => {
    const file = join(directory, 'bad-data.json')
    writeFileSync(file, JSON.stringify({ pets: [{ id: 1, name: '', categoryId: 1 }] }))
    const { code, err } = await run(['--data-file', file, '--port', '0'])
    expect(code).toBe(1)
    expect(err).toHaveLength(1)
    expect(err[0]).toMatch(
      new RegExp(`^\\[petstore-mock\\] Failed to load the data file ${file}: pets\\[0\\]\\.name`),
    )
  })

  it('answers a port in use with one clear line and exit code 1', async () => {
    const taken = await startServer({ port: 0 })
    try {
      const { code, err } = await run(['--port', String(taken.port)])
      expect(code).toBe(1)
      expect(err).toEqual([
        `[petstore-mock] Failed to start the server: port ${taken.port} on 127.0.0.1 is already in use; pick another with --port.`,
      ])
    } finally {
      await taken.close()
    }
  })

  it('starts, prints the URL, keys and a curl, logs each request and stops on SIGTERM', async () => {
    const fixtures = join(ROOT, 'fixtures/example.json')
    const keys = join(directory, 'keys.json')
    writeFileSync(keys, JSON.stringify({ sk_from_file: 'business' }))
    const cli = spawnCli([
      '--port',
      '0',
      '--api-key',
      'sk_live_me=pro',
      '--keys',
      keys,
      '--fixtures',
      fixtures,
    ])
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/)
      await cli.waitFor(/try: .*\n/)
      const banner = cli.stdout()
      for (const key of ['sk_test_free', 'sk_test_pro', 'sk_test_business', 'sk_test_enterprise']) {
        expect(banner).toContain(key)
      }
      expect(banner).toMatch(/^petstore-mock \d+\.\d+\.\d+\S* listening on /m)
      expect(banner).toMatch(/sk_live_me\s+pro\s+300\/min, 10000\/day/)
      expect(banner).toContain(`dashboard: ${url}/__mock/`)
      expect(banner).toContain(
        'limits:    on, windows of 1 min and 1 day; banned for 5 min at the 10th request after a 429',
      )
      expect(banner).toMatch(/sk_from_file\s+business\s+1000\/min/)
      expect(banner).toContain(
        `curl -H 'Authorization: Bearer sk_test_free' '${url}/v1/pets?limit=3'`,
      )
      expect(banner).toContain('5 pets, 3 categories, 2 orders')

      const listed = await request(`${url}/v1/pets?limit=2`, {
        headers: { authorization: 'Bearer sk_live_me' },
      })
      expect(listed.statusCode).toBe(200)
      expect(await listed.body.json()).toEqual([
        { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
        { id: 2, name: 'Luna', categoryId: 2, status: 'pending' },
      ])
      const missing = await request(`${url}/v1/pets/42`, {
        headers: { authorization: 'Bearer sk_live_me' },
      })
      await missing.body.dump()
      const forced = await request(`${url}/v1/pets/1?x=1`, {
        headers: { authorization: 'Bearer sk_live_me', prefer: 'code=503' },
      })
      await forced.body.dump()
      // x is no parameter of the spec: its name is logged, its value is not.
      await cli.waitFor(/GET \/v1\/pets\/1\?x=\.\.\. 503 .*\n/)
      expect(cli.stdout()).toMatch(/^GET \/v1\/pets\?limit=2 200 \d+\.\dms$/m)
      expect(cli.stdout()).toMatch(/^GET \/v1\/pets\/42 404 not_found \d+\.\dms$/m)
      expect(cli.stdout()).toMatch(
        /^GET \/v1\/pets\/1\?x=\.\.\. 503 service_unavailable forced:prefer \d+\.\dms$/m,
      )
      expect(cli.stdout().match(/^GET \/v1\//gm)).toHaveLength(3)

      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
      expect(cli.stdout()).toContain('SIGTERM: closing petstore-mock')
      expect(cli.stderr()).toBe('')
    } finally {
      cli.child.kill('SIGKILL')
    }
  })

  it('logs the journal entry as one JSON object per line with --log-format json (stdout holds nothing else; the banner goes to stderr), and states scaled limits', async () => {
    const cli = spawnCli([
      '--port',
      '0',
      '--log-format',
      'json',
      '--rate-limit-scale',
      '10',
      '--ban-after',
      '2',
      '--journal-size',
      '5',
    ])
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/, 'stderr')
      await cli.waitFor(/try: .*\n/, 'stderr')
      expect(cli.stderr()).toContain(
        'limits:    on, windows of 6 s and 2.4 h (--rate-limit-scale 10); banned for 30 s at the 2nd request after a 429',
      )
      expect(cli.stderr()).toMatch(/sk_test_free\s+free\s+60\/6 s, 1000\/2\.4 h/)
      expect(cli.stderr()).toContain('journal:   last 5 requests at /__mock/requests')
      const response = await request(`${url}/v1/pets?limit=1&__code=429`, {
        headers: { authorization: 'Bearer sk_test_pro' },
      })
      await response.body.dump()
      const [line] = await cli.waitFor(/^\{.*\}\n/m)
      expect(JSON.parse(line)).toMatchObject({
        id: 1,
        method: 'GET',
        path: '/v1/pets',
        query: { limit: '1', __code: '429' },
        route: '/v1/pets',
        status: 429,
        code: 'rate_limited',
        forced: 'query',
        plan: 'pro',
        headers: { authorization: 'Bearer sk_te...' },
      })
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
      expect(cli.stderr()).toContain('SIGTERM: closing petstore-mock')
      // A JSON-lines reader gets only JSON objects, one per line.
      const lines = cli
        .stdout()
        .split('\n')
        .filter((text) => text !== '')
      expect(lines).toHaveLength(1)
      for (const text of lines) expect(JSON.parse(text)).toBeTypeOf('object')
    } finally {
      cli.child.kill('SIGKILL')
    }
  })

  it('keeps serving after the reader of its stdout has gone (EPIPE), and exits 0 on SIGTERM', async () => {
    const cli = spawnCli(['--port', '0'])
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/)
      await cli.waitFor(/try: .*\n/)
      // Like `petstore-mock | head -1`: the reader closes its end of the pipe.
      cli.child.stdout?.destroy()
      for (let attempt = 0; attempt < 3; attempt++) {
        // Each answer is logged to the closed stdout.
        const response = await request(`${url}/v1/pets?limit=1`, {
          headers: { authorization: 'Bearer sk_test_free' },
        })
        expect(response.statusCode).toBe(200)
        await response.body.dump()
      }
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
      expect(cli.stderr()).toBe('')
    } finally {
      cli.child.kill('SIGKILL')
    }
  })

  it('with --proxy, logs who answered and the broken checks, prints the upstream, records with --record', async () => {
    const upstream = await startReferenceServer({ fault: 'error-status-as-string-on-404' })
    const record = join(directory, 'recorded.json')
    const cli = spawnCli(['--port', '0', '--proxy', upstream.baseUrl, '--record', record])
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/)
      await cli.waitFor(/try: .*\n/)
      expect(cli.stdout()).toContain(
        `proxy:     ${url}/v1 -> ${upstream.baseUrl}: the upstream answers, with its own data, keys and rate limits`,
      )
      // The mock's data, limits and keys are not what is served: not announced.
      expect(cli.stdout()).not.toMatch(/data: {6}\d+ pets|limits: {4}|keys:|sk_test_free/)
      expect(cli.stdout()).toContain(
        `record:    the pets and orders the upstream answers with, added to ${record} by id (what it holds is kept)`,
      )
      const headers = { authorization: 'Bearer sk_ref' }
      await (await request(`${url}/v1/pets?limit=1`, { headers })).body.dump()
      await (await request(`${url}/v1/pets/999`, { headers })).body.dump()
      await (await request(`${url}/v1/pets?limit=0`, { headers })).body.dump()
      await cli.waitFor(/GET \/v1\/pets\?limit=0 .*\n/)
      expect(cli.stdout()).toMatch(/^GET \/v1\/pets\?limit=1 200 upstream \d+\.\dms$/m)
      expect(cli.stdout()).toMatch(
        /^GET \/v1\/pets\/999 404 not_found upstream \d+\.\dms ✗ error\.body$/m,
      )
      expect(cli.stdout()).toMatch(
        /^GET \/v1\/pets\?limit=0 400 invalid_request upstream \d+\.\dms · your request: request\.limit$/m,
      )
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
      expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({
        pets: [{ id: 1, name: 'Pet 1', categoryId: 1, status: 'available' }],
      })
    } finally {
      cli.child.kill('SIGKILL')
      await upstream.close()
    }
  })

  it("with --proxy, prints no control byte of an upstream's Error code to the text log", async () => {
    const upstream = http.createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end('{"code":"\\u001b]0;owned\\u0007","message":"x"}')
    })
    await new Promise<void>((listening) => upstream.listen(0, '127.0.0.1', listening))
    const { port } = upstream.address() as AddressInfo
    const cli = spawnCli(['--port', '0', '--proxy', `http://127.0.0.1:${port}/v1`])
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/)
      await cli.waitFor(/try: .*\n/)
      await (
        await request(`${url}/v1/pets`, { headers: { authorization: 'Bearer sk_ref' } })
      ).body.dump()
      await cli.waitFor(/GET \/v1\/pets 500 .*\n/)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the bytes no log line may hold
      expect(cli.stdout()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
      expect(cli.stdout()).toMatch(/^GET \/v1\/pets 500 upstream \d+\.\dms/m)
    } finally {
      cli.child.kill('SIGKILL')
      await new Promise((closed) => upstream.close(closed))
    }
  })

  it('prints its version with --version', async () => {
    const { code, out } = await run(['--version'])
    expect(code).toBe(0)
    expect(out).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version)
  })

  it('reads PORT, stays quiet with --quiet, counts no coverage with --no-coverage and stops on SIGINT', async () => {
    const cli = spawnCli(['--quiet', '--no-coverage'], { PORT: '0' })
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/)
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(url).not.toMatch(/:4010$/)
      const response = await request(`${url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free' },
      })
      expect(response.statusCode).toBe(200)
      await response.body.dump()
      const coverage = await request(`${url}/__mock/coverage`)
      expect(coverage.statusCode).toBe(404)
      expect(await coverage.body.text()).toMatch(/--no-coverage/)
      // A keep-alive connection is open: closing must not wait for it to time out.
      cli.child.kill('SIGINT')
      expect(await cli.exited).toBe(0)
      expect(cli.stdout()).not.toMatch(/^GET /m)
      expect(cli.stdout()).toContain('SIGINT: closing petstore-mock')
    } finally {
      cli.child.kill('SIGKILL')
    }
  })

  it('on SIGTERM answers a request still waiting after --shutdown-timeout with 503; a second signal stops at once', async () => {
    const arrived = async (url: string) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const state = await request(`${url}/__mock/state`)
        const body = (await state.body.json()) as { rateLimit: { clients: Array<unknown> } }
        if (body.rateLimit.clients.length > 0) return
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error('the request never arrived')
    }
    const drained = spawnCli(['--port', '0', '--quiet', '--shutdown-timeout', '0'])
    try {
      const [, url] = await drained.waitFor(/listening on (http:\/\/\S+)\n/)
      const pending = request(`${url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free', prefer: 'delay=60000' },
      })
      await arrived(String(url))
      drained.child.kill('SIGTERM')
      const response = await pending
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('1')
      expect(await response.body.json()).toMatchObject({ code: 'service_unavailable', status: 503 })
      expect(await drained.exited).toBe(0)
      expect(drained.stdout()).toContain(
        'SIGTERM: closing petstore-mock (finishing requests for up to 0 s',
      )
    } finally {
      drained.child.kill('SIGKILL')
    }

    const forced = spawnCli(['--port', '0', '--quiet', '--shutdown-timeout', '3600'])
    try {
      const [, url] = await forced.waitFor(/listening on (http:\/\/\S+)\n/)
      const pending = request(`${url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free', prefer: 'delay=60000' },
      }).catch((error: unknown) => error)
      await arrived(String(url))
      forced.child.kill('SIGINT')
      await forced.waitFor(/SIGINT: closing/)
      forced.child.kill('SIGINT')
      expect(await forced.exited).toBe(1)
      expect(forced.stdout()).toContain('SIGINT again: stopping petstore-mock now')
      expect(await pending).toBeInstanceOf(Error)
    } finally {
      forced.child.kill('SIGKILL')
    }
  })

  it('prints the admin token it is given, and takes --allowed-host', async () => {
    const cli = spawnCli([
      '--port',
      '0',
      '--quiet',
      '--admin-token',
      'cli-admin-token',
      '--allowed-host',
      'box.lan',
    ])
    try {
      const [, url] = await cli.waitFor(/listening on (http:\/\/\S+)\n/)
      await cli.waitFor(/admin: .*\n/)
      expect(cli.stdout()).toContain('  admin:     Authorization: Bearer cli-admin-token')
      expect(cli.stdout()).not.toContain('WARNING')
      const state = await request(`${url}/__mock/state`, { headers: { host: 'box.lan' } })
      expect(state.statusCode).toBe(401)
      await state.body.dump()
      const evil = await request(`${url}/v1/pets`, { headers: { host: 'evil.example' } })
      expect(evil.statusCode).toBe(403)
      await evil.body.dump()
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
    } finally {
      cli.child.kill('SIGKILL')
    }
  })
})
