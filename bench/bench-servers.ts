/**
 * What the server benchmarks share: one autocannon run with latencies at full
 * resolution, and the servers they start (the mock as users run it, the bare
 * node:http server), each tracked so that an interrupted run leaves none
 * behind.
 *
 * @example
 * const mock = await startMock(['--journal-size', '1000'])
 * const stats = await load(`${mock.url}/v1/pets`, 5, 10)
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { percentile, readMemory, trackChildren } from './process-stats.ts'

const ROOT = join(import.meta.dirname, '..')

/**
 * The key the benchmarks send: an Enterprise key whose limits no load reaches.
 *
 * @example
 * headers: { authorization: `Bearer ${KEY}` }
 */
export const KEY = 'sk_bench_enterprise'
const START_TIMEOUT_MS = 30_000
/** At most this many latencies are kept per run (far above what 10 connections reach). */
const MAX_SAMPLES = 4_000_000

/** The part of autocannon's API used here (it ships no types). */
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers: Record<string, string>
  timeout: number
}) => Promise<{
  duration: number
  errors: number
  timeouts: number
  statusCodeStats: Record<string, { count: number }>
  requests: { total: number }
}> & {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void
}

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/**
 * Every child process a benchmark started; `children.killAll()` in a `finally`.
 *
 * @example
 * try { await run() } finally { children.killAll() }
 */
export const children = trackChildren()

/**
 * What one load run measured.
 *
 * @example
 * const { requestsPerSecond, p50Ms, p99Ms }: LoadStats = await load(url, 5, 10)
 */
export interface LoadStats {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
}

/**
 * One autocannon run. Latencies are kept here at full resolution (autocannon's
 * histogram rounds to whole ms), the first MAX_SAMPLES of them. Any error,
 * timeout or answer other than `expect.status` (default 200, more than
 * `expect.others` of them) fails the run; `expect.key` is the key sent.
 *
 * @example
 * const stats = await load('http://127.0.0.1:4010/v1/pets', 5, 10)
 */
export async function load(
  url: string,
  seconds: number,
  connections: number,
  expect: { key?: string; status?: number; others?: number } = {},
): Promise<LoadStats> {
  const { key = KEY, status = 200, others = 0 } = expect
  const latencies = new Float64Array(Math.min(MAX_SAMPLES, Math.ceil(seconds * 400_000)))
  let count = 0
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${key}` },
    timeout: 10,
  })
  instance.on('response', (_client, _status, _bytes, ms) => {
    if (count < latencies.length) latencies[count++] = ms
  })
  const result = await instance
  const wrong = result.requests.total - (result.statusCodeStats[String(status)]?.count ?? 0)
  if (result.errors > 0 || result.timeouts > 0 || wrong > others) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${wrong} answers other than ${status}`,
    )
  }
  const sorted = latencies.subarray(0, count).sort()
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: result.requests.total,
  }
}

/**
 * Starts the mock as users run it (`node bin/petstore-mock.ts --quiet`, or
 * another `bin` such as the published `dist/bin/petstore-mock.js`, with the
 * benchmark key and `args`) and resolves once it answers its first 200.
 *
 * @example
 * const mock = await startMock(['--journal-size', '0'])
 */
export async function startMock(
  args: Array<string> = [],
  bin = join(ROOT, 'bin/petstore-mock.ts'),
) {
  const started = performance.now()
  const child = track(
    spawn(
      process.execPath,
      [
        bin,
        '--port',
        '0',
        '--quiet',
        '--api-key',
        `${KEY}=enterprise:100000000/1000000000`,
        ...args,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the mock did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    )
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-16_384)
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1] === undefined) return
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.stdout?.resume()
      resolve(match[1])
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the mock exited with ${code} before listening:\n${output}`))
    })
  })
  const listeningMs = performance.now() - started
  await expectOk(`${url}/v1/pets`)
  const firstResponseMs = performance.now() - started
  return { child, url, listeningMs, firstResponseMs, memory: readMemory(child.pid) }
}

/**
 * Starts the bare node:http server (`bench/bare-server.ts`) serving `body`
 * for every URL, or each of `bodies` for its URL (path and query).
 *
 * @example
 * const bare = await startBare(JSON.stringify(pets))
 * const both = await startBare({ '/v1/pets?limit=20': page, '/v1/pets?limit=100': longer })
 */
export async function startBare(bodies: string | Record<string, string>) {
  const child = track(
    spawn(process.execPath, [join(ROOT, 'bench/bare-server.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  )
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the bare server did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    )
    child.once('message', (message: { url: string }) => {
      clearTimeout(timer)
      resolve(message.url)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the bare server exited with ${code}`))
    })
    child.send({ bodies: typeof bodies === 'string' ? { '/v1/pets': bodies } : bodies })
  })
  return { child, url }
}

/**
 * Stops the mock with SIGTERM; it must exit 0.
 *
 * @example
 * await stopMock(mock.child)
 */
export async function stopMock(child: ChildProcess): Promise<void> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  const code = await exited
  clearTimeout(timer)
  if (code !== 0) throw new Error(`the mock exited with ${code} after SIGTERM`)
}

/**
 * GETs `url` with the benchmark key; anything but a 200 throws.
 *
 * @example
 * const body = await (await expectOk(`${mock.url}/v1/pets`)).text()
 */
export async function expectOk(url: string): Promise<Response> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${KEY}` },
    signal: AbortSignal.timeout(START_TIMEOUT_MS),
  })
  if (response.status !== 200) {
    throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  }
  return response
}

/** Tracks a spawned server so that it is killed with the others. */
export function track(child: ChildProcess): ChildProcess {
  return children.track(child)
}
