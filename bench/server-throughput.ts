/**
 * The standalone mock under load against a bare node:http server that sends
 * the same body, both in their own processes, loaded over loopback from this
 * one by `wrk` when it is installed (it takes far less CPU than the server it
 * loads, so the figures are the server's), else by autocannon (in-process,
 * which on a small machine competes with the servers for CPU: then the CPU
 * per request is the figure to read).
 *
 * Figures, each against its baseline measured in the same run:
 * - `GET /v1/pets?limit=20` and `GET /v1/pets?status=available&limit=100`:
 *   requests per second against bare (target >= 0.9x), p99 (target < 1 ms);
 * - the 429 path: an Enterprise key past its limit, against the same
 *   route's 200s (target >= 1.0x);
 * - RSS after the load against bare's (target <= 1.5x).
 *
 * The mock runs as published (`dist/bin/petstore-mock.js`, what `npx
 * petstore-mock` runs; `npm run bench` builds first) with `--quiet`, its
 * defaults otherwise (journal, Host check, shutdown tracking and rate limiting
 * on). Rounds alternate bare and mock per route, each a discarded warm-up
 * then a measured run; figures are medians over the rounds. The machine's load
 * average is printed beside them: on a shared machine, only ratios within one
 * run mean anything.
 *
 * @example
 * npm run bench
 * node bench/server-throughput.ts --duration 10 --rounds 5 --json
 */
import { type ChildProcess, execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { DEFAULTS, LIMITS } from '../src/base/options/defaults.ts'
import {
  children,
  load as loadWithAutocannon,
  startBare,
  startMock,
  stopMock,
} from './bench-servers.ts'
import { readCpuMs, readMemory } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'
import {
  describeLoad,
  type Figure,
  fixed,
  median,
  printFigures,
  ratioFigure,
  runBench,
} from './run-bench.ts'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'dist/bin/petstore-mock.js')
const KEY = 'sk_bench_enterprise'
/** An Enterprise key whose minute holds one request: past it after the first. */
const LIMITED_KEY = 'sk_bench_limited'
const REQUEST_TIMEOUT_MS = 30_000
const TARGETS = { throughput: 0.9, p99Ms: 1, rss: 1.5, limited: 1 }

interface Route {
  name: string
  path: string
  key: string
  status: number
  /** Whether the bare server serves this route too (the 429 path has no bare counterpart). */
  bare: boolean
}

const ROUTES: Array<Route> = [
  { name: 'limit=20', path: '/v1/pets?limit=20', key: KEY, status: 200, bare: true },
  {
    name: 'status=available&limit=100',
    path: '/v1/pets?status=available&limit=100',
    key: KEY,
    status: 200,
    bare: true,
  },
  { name: '429 (limit=20)', path: '/v1/pets?limit=20', key: LIMITED_KEY, status: 429, bare: false },
]

interface Options {
  'journal-size': number
  duration: number
  warmup: number
  rounds: number
  connections: number
  json: boolean
}

interface RunStats {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
}

interface Run extends RunStats {
  variant: Variant
  route: string
  round: number
  /** CPU time of the server process per answered request, in µs (Linux; NaN elsewhere). */
  serverCpuUs: number
}

type Variant = 'bare' | 'mock'

const options = readOptions()
try {
  await runBench('the benchmark', options.json, () => benchmark(options), printReport)
} finally {
  children.killAll()
}

async function benchmark(options: Options) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`)
  const loadBefore = loadavg()
  const generator = (await hasWrk()) ? 'wrk' : 'autocannon'
  const mock = await startMock(
    [
      '--journal-size',
      String(options['journal-size']),
      '--api-key',
      `${LIMITED_KEY}=enterprise:1/1000000000`,
    ],
    BIN,
  )
  const bodies: Record<string, string> = {}
  for (const route of ROUTES.filter((route) => route.bare)) {
    bodies[route.path] = await (await expectStatus(`${mock.url}${route.path}`, KEY, 200)).text()
  }
  // Past its limit from here on (and, ten requests later, banned: still 429).
  await expectStatus(`${mock.url}${ROUTES[0]?.path}`, LIMITED_KEY, 200)
  await expectStatus(`${mock.url}${ROUTES[0]?.path}`, LIMITED_KEY, 429)
  const bare = await startBare(bodies)
  for (const [path, body] of Object.entries(bodies)) {
    const served = await (await expectStatus(`${bare.url}${path}`, KEY, 200)).text()
    if (served !== body) throw new Error(`the bare server does not send the mock's body of ${path}`)
  }

  const servers: Record<Variant, { child: ChildProcess; url: string }> = { bare, mock }
  const runs: Array<Run> = []
  for (let round = 1; round <= options.rounds; round++) {
    for (const route of ROUTES) {
      for (const variant of route.bare ? (['bare', 'mock'] as const) : (['mock'] as const)) {
        log(options, `round ${round}/${options.rounds}: ${route.name}, ${variant}`)
        const server = servers[variant]
        const url = `${server.url}${route.path}`
        if (options.warmup > 0) await load(generator, url, route, options.warmup, options)
        const cpuBefore = readCpuMs(server.child.pid)
        const stats = await load(generator, url, route, options.duration, options)
        const cpuMs = readCpuMs(server.child.pid) - cpuBefore
        runs.push({
          variant,
          route: route.name,
          round,
          ...stats,
          serverCpuUs: (cpuMs * 1000) / stats.requests,
        })
      }
    }
  }

  const memory = { mock: readMemory(mock.child.pid), bare: readMemory(bare.child.pid) }
  await stopMock(mock.child)
  bare.child.disconnect()
  const loadAfter = loadavg()

  const summary = Object.fromEntries(
    ROUTES.map((route) => [
      route.name,
      {
        mock: summarize(runs, route.name, 'mock'),
        bare: route.bare ? summarize(runs, route.name, 'bare') : undefined,
      },
    ]),
  )
  const figures: Array<Figure> = []
  for (const route of ROUTES.filter((route) => route.bare)) {
    const { mock, bare } = summary[route.name] ?? {}
    if (!mock || !bare) continue
    figures.push(
      ratioFigure(`${route.name}: req/s vs bare`, mock.requestsPerSecond, bare.requestsPerSecond, {
        target: TARGETS.throughput,
      }),
      ratioFigure(
        `${route.name}: capacity by server CPU per request vs bare`,
        bare.serverCpuUs,
        mock.serverCpuUs,
        {
          target: TARGETS.throughput,
          detail: `${fixed(mock.serverCpuUs, 1)} µs vs ${fixed(bare.serverCpuUs, 1)} µs`,
        },
      ),
      {
        figure: `${route.name}: p99 (ms)`,
        measured: `${fixed(mock.p99Ms, 2)} (bare ${fixed(bare.p99Ms, 2)})`,
        target: `< ${TARGETS.p99Ms}`,
        met: mock.p99Ms < TARGETS.p99Ms,
      },
    )
  }
  const limited = summary[ROUTES[2]?.name ?? '']?.mock
  const allowed = summary[ROUTES[0]?.name ?? '']?.mock
  if (limited && allowed) {
    figures.push(
      ratioFigure(
        '429 path: req/s vs the same route answering 200',
        limited.requestsPerSecond,
        allowed.requestsPerSecond,
        { target: TARGETS.limited },
      ),
      ratioFigure(
        '429 path: capacity by server CPU per request vs 200',
        allowed.serverCpuUs,
        limited.serverCpuUs,
        {
          target: TARGETS.limited,
          detail: `${fixed(limited.serverCpuUs, 1)} µs vs ${fixed(allowed.serverCpuUs, 1)} µs`,
        },
      ),
    )
  }
  if (memory.mock && memory.bare) {
    figures.push(
      ratioFigure('RSS after the load vs bare (MB)', memory.mock.rssMb, memory.bare.rssMb, {
        target: TARGETS.rss,
        direction: '<=',
        detail: `${fixed(memory.mock.rssMb, 1)} MB vs ${fixed(memory.bare.rssMb, 1)} MB`,
      }),
    )
  }
  return {
    node: process.version,
    cpus: availableParallelism(),
    generator,
    connections: options.connections,
    durationSeconds: options.duration,
    warmupSeconds: options.warmup,
    rounds: options.rounds,
    journalSize: options['journal-size'],
    loadAverage: { before: loadBefore, after: loadAfter },
    memory,
    runs,
    summary,
    figures,
  }
}

async function hasWrk(): Promise<boolean> {
  try {
    await promisify(execFile)('wrk', ['--version'])
    return true
  } catch (error) {
    // wrk prints its version and exits 1.
    return (error as { stdout?: string }).stdout?.startsWith('wrk') === true
  }
}

function load(
  generator: 'wrk' | 'autocannon',
  url: string,
  route: Route,
  seconds: number,
  options: Options,
): Promise<RunStats> {
  return generator === 'wrk'
    ? loadWithWrk(url, route, seconds, options.connections)
    : loadWithAutocannon(url, seconds, options.connections, {
        key: route.key,
        status: route.status,
        others: allowedOthers(route, seconds),
      })
}

/** One wrk run (one thread): its count, rate and latency percentiles. */
async function loadWithWrk(
  url: string,
  route: Route,
  seconds: number,
  connections: number,
): Promise<RunStats> {
  const { stdout } = await promisify(execFile)(
    'wrk',
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      `authorization: Bearer ${route.key}`,
      url,
    ],
    { timeout: (seconds + 30) * 1000 },
  )
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1])
  const others = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0)
  const errors = /Socket errors: (.*)/.exec(stdout)?.[1]
  if (errors !== undefined && /timeout [1-9]|read [1-9]|write [1-9]|connect [1-9]/.test(errors)) {
    throw new Error(`${url}: wrk saw socket errors (${errors})`)
  }
  const wrong = route.status === 200 ? others : requests - others
  if (wrong > allowedOthers(route, seconds)) {
    throw new Error(`${url}: ${wrong} of ${requests} answers were not ${route.status}`)
  }
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
    p50Ms: wrkPercentile(stdout, '50'),
    p99Ms: wrkPercentile(stdout, '99'),
    requests,
  }
}

/**
 * Answers a run may hold besides the route's status: none, except that the
 * limited key gets its one request of each minute that starts (once its ban,
 * if any, has run out).
 */
function allowedOthers(route: Route, seconds: number): number {
  return route.status === 429 ? Math.ceil(seconds / 60) + 1 : 0
}

/** A latency percentile of wrk's `--latency` table, in ms. */
function wrkPercentile(stdout: string, percent: string): number {
  const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(stdout)
  if (!match) return Number.NaN
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's']
  return Number(match[1]) * scale
}

/** Medians over the rounds of one route and variant. */
function summarize(runs: Array<Run>, route: string, variant: Variant) {
  const own = runs.filter((run) => run.route === route && run.variant === variant)
  return {
    requestsPerSecond: median(own.map((run) => run.requestsPerSecond)),
    p50Ms: median(own.map((run) => run.p50Ms)),
    p99Ms: median(own.map((run) => run.p99Ms)),
    serverCpuUs: median(own.map((run) => run.serverCpuUs)),
  }
}

async function expectStatus(url: string, key: string, status: number): Promise<Response> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  if (response.status !== status) {
    throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  }
  return response
}

function log(options: Options, line: string): void {
  if (!options.json) process.stderr.write(`${line}\n`)
}

function printReport(report: Awaited<ReturnType<typeof benchmark>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  out(
    `The server under load: ${report.generator}, ${report.connections} connections, ` +
      `${report.warmupSeconds} s warm-up + ${report.durationSeconds} s per run, ${report.rounds} rounds (medians), ` +
      `Node ${report.node}, ${report.cpus} CPUs`,
  )
  out(describeLoad(report.loadAverage.before, report.loadAverage.after))
  out()
  out(
    [
      'route'.padEnd(28),
      'server'.padEnd(6),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'CPU µs/req'.padStart(11),
    ].join(' '),
  )
  for (const [route, variants] of Object.entries(report.summary)) {
    for (const [variant, stats] of Object.entries(variants)) {
      if (!stats) continue
      out(
        [
          route.padEnd(28),
          variant.padEnd(6),
          fixed(stats.requestsPerSecond).padStart(9),
          fixed(stats.p50Ms, 2).padStart(8),
          fixed(stats.p99Ms, 2).padStart(8),
          fixed(stats.serverCpuUs, 1).padStart(11),
        ].join(' '),
      )
    }
  }
  out()
  printFigures(out, report.figures)
}

function readOptions(): Options {
  return readBenchFlags('node bench/server-throughput.ts', {
    duration: { default: 5, min: 1, max: 600, describe: 'measured seconds per run' },
    warmup: { default: 1, min: 0, max: 60, describe: 'discarded seconds before each run' },
    rounds: { default: 3, min: 1, max: 20, whole: true, describe: 'runs per server and route' },
    connections: { default: 10, min: 1, max: 1000, whole: true, describe: 'connections' },
    'journal-size': {
      default: DEFAULTS.journalSize,
      min: 0,
      max: LIMITS.maxJournalSize,
      whole: true,
      describe: "the mock's --journal-size (0 to measure it without a journal)",
    },
  })
}
