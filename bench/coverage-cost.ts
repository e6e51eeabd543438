/**
 * What counting traffic coverage costs: the standalone mock as published
 * (`dist/bin/petstore-mock.js`, `--quiet`) as it starts by default, where
 * every answer is counted in its cell, against the same mock with
 * `--no-coverage`, where no counter exists (nothing is counted, nothing is
 * called) and the rest of the control API stays, so the two differ by the
 * counter alone. Both run in their own processes, in the same run, loaded
 * over loopback by autocannon from this process.
 *
 * Figures, each a ratio of "counted" against "not counted" in this run:
 * - requests per second (target >= 0.95x: counting costs at most 5 %);
 * - capacity by the server's CPU per request (target >= 0.95x), the figure
 *   to read on a small machine, where autocannon competes with the server.
 * Routes: `GET /v1/pets?limit=100` (a full page: the counter reads the
 * item count the mock's answer carries, and the query's limit and filter),
 * `GET /v1/pets/1` (the deprecation headers read), and a 404. Rounds alternate the two servers
 * per route, each a discarded warm-up then a measured run; figures are
 * medians over the rounds. Both keep the journal (its default size). The
 * counter alone costs about 1 µs an answer (`bench/coverage-counter.ts`).
 *
 * @example
 * npm run build && node bench/coverage-cost.ts
 * node bench/coverage-cost.ts --duration 10 --rounds 5 --json
 */
import { existsSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { children, KEY, load, startMock, stopMock } from './bench-servers.ts'
import { readCpuMs } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'
import { describeLoad, fixed, median, printFigures, ratioFigure, runBench } from './run-bench.ts'

const ROOT = join(import.meta.dirname, '..')
const BIN = join(ROOT, 'dist/bin/petstore-mock.js')
const TARGET = 0.95

const ROUTES = [
  { name: 'list, full page (limit=100)', path: '/v1/pets?limit=100', status: 200 },
  { name: 'pet, deprecated (GET /v1/pets/1)', path: '/v1/pets/1', status: 200 },
  { name: 'pet not found (404)', path: '/v1/pets/999999', status: 404 },
] as const

type Variant = 'counted' | 'not counted'
const VARIANTS: Record<Variant, Array<string>> = {
  counted: [],
  'not counted': ['--no-coverage'],
}

interface Run {
  variant: Variant
  route: string
  round: number
  requestsPerSecond: number
  p99Ms: number
  /** CPU time of the server process per answered request, in µs (Linux; NaN elsewhere). */
  serverCpuUs: number
}

const options = readBenchFlags('node bench/coverage-cost.ts', {
  duration: { default: 5, min: 1, max: 600, describe: 'measured seconds per run' },
  warmup: { default: 1, min: 0, max: 60, describe: 'discarded seconds before each run' },
  rounds: { default: 3, min: 1, max: 20, whole: true, describe: 'runs per server and route' },
  connections: { default: 10, min: 1, max: 1000, whole: true, describe: 'connections' },
})

try {
  await runBench('the coverage benchmark', options.json, benchmark, printReport)
} finally {
  children.killAll()
}

async function benchmark() {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`)
  const loadBefore = loadavg()
  const servers = {
    counted: await startMock(VARIANTS.counted, BIN),
    'not counted': await startMock(VARIANTS['not counted'], BIN),
  }
  // The counter is there on one and not on the other; the control API on both.
  const report = await fetch(`${servers.counted.url}/__mock/coverage`)
  if (report.status !== 200) throw new Error(`GET /__mock/coverage answered ${report.status}`)
  const none = await fetch(`${servers['not counted'].url}/__mock/coverage`)
  if (none.status !== 404)
    throw new Error(`with --no-coverage, /__mock/coverage answered ${none.status}`)
  const state = await fetch(`${servers['not counted'].url}/__mock/state`)
  if (state.status !== 200)
    throw new Error(`with --no-coverage, /__mock/state answered ${state.status}`)

  const runs: Array<Run> = []
  for (let round = 1; round <= options.rounds; round++) {
    for (const route of ROUTES) {
      // Alternated, and the first of each round swapped, so that neither is always second.
      const order: Array<Variant> =
        round % 2 === 1 ? ['counted', 'not counted'] : ['not counted', 'counted']
      for (const variant of order) {
        if (!options.json) {
          process.stderr.write(`round ${round}/${options.rounds}: ${route.name}, ${variant}\n`)
        }
        const server = servers[variant]
        const url = `${server.url}${route.path}`
        const expect = { key: KEY, status: route.status }
        if (options.warmup > 0) await load(url, options.warmup, options.connections, expect)
        const cpuBefore = readCpuMs(server.child.pid)
        const stats = await load(url, options.duration, options.connections, expect)
        const cpuMs = readCpuMs(server.child.pid) - cpuBefore
        runs.push({
          variant,
          route: route.name,
          round,
          requestsPerSecond: stats.requestsPerSecond,
          p99Ms: stats.p99Ms,
          serverCpuUs: (cpuMs * 1000) / stats.requests,
        })
      }
    }
  }
  const counted = (await (await fetch(`${servers.counted.url}/__mock/coverage`)).json()) as {
    cells: Array<{ id: string; met: number }>
  }
  for (const server of Object.values(servers)) await stopMock(server.child)
  const loadAfter = loadavg()

  const summary = ROUTES.map((route) => ({
    route: route.name,
    counted: summarize(runs, route.name, 'counted'),
    notCounted: summarize(runs, route.name, 'not counted'),
  }))
  const figures = summary.flatMap(({ route, counted: on, notCounted: off }) => [
    ratioFigure(`${route}: req/s counted vs not`, on.requestsPerSecond, off.requestsPerSecond, {
      target: TARGET,
      digits: 3,
    }),
    ratioFigure(
      `${route}: capacity by server CPU per request, counted vs not`,
      off.serverCpuUs,
      on.serverCpuUs,
      {
        target: TARGET,
        digits: 3,
        detail: `${fixed(on.serverCpuUs, 1)} µs vs ${fixed(off.serverCpuUs, 1)} µs`,
      },
    ),
  ])
  return {
    node: process.version,
    cpus: availableParallelism(),
    connections: options.connections,
    durationSeconds: options.duration,
    warmupSeconds: options.warmup,
    rounds: options.rounds,
    loadAverage: { before: loadBefore, after: loadAfter },
    /** The cells the counted server met: proof that it counted. */
    metCells: counted.cells
      .filter((cell) => cell.met > 0)
      .map((cell) => `${cell.id} (${cell.met})`),
    runs,
    summary,
    figures,
  }
}

function summarize(runs: Array<Run>, route: string, variant: Variant) {
  const own = runs.filter((run) => run.route === route && run.variant === variant)
  return {
    requestsPerSecond: median(own.map((run) => run.requestsPerSecond)),
    p99Ms: median(own.map((run) => run.p99Ms)),
    serverCpuUs: median(own.map((run) => run.serverCpuUs)),
  }
}

function printReport(report: Awaited<ReturnType<typeof benchmark>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  out(
    `Coverage counting under load: autocannon, ${report.connections} connections, ` +
      `${report.warmupSeconds} s warm-up + ${report.durationSeconds} s per run, ${report.rounds} rounds (medians), ` +
      `Node ${report.node}, ${report.cpus} CPUs`,
  )
  out(describeLoad(report.loadAverage.before, report.loadAverage.after))
  out(`cells met on the counted server: ${report.metCells.join(', ')}`)
  out()
  out(
    [
      'route'.padEnd(34),
      'server'.padEnd(12),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      'CPU µs/req'.padStart(11),
    ].join(' '),
  )
  for (const { route, counted, notCounted } of report.summary) {
    for (const [variant, stats] of [
      ['counted', counted],
      ['not counted', notCounted],
    ] as const) {
      out(
        [
          route.padEnd(34),
          variant.padEnd(12),
          fixed(stats.requestsPerSecond).padStart(9),
          fixed(stats.p99Ms, 2).padStart(8),
          fixed(stats.serverCpuUs, 1).padStart(11),
        ].join(' '),
      )
    }
  }
  out()
  printFigures(out, report.figures)
}
