/**
 * Throughput of the standalone mock against a bare node:http server that sends
 * the same bytes, both in their own processes, loaded over loopback by
 * autocannon from this one. Also the mock's start-up time (spawn to the first
 * 200 on `/v1/pets`) and its memory after the run.
 *
 * The mock runs as users run it: `node bin/petstore-mock.ts --quiet`, rate
 * limiting on, with an Enterprise key whose limits the load cannot reach.
 * Rounds alternate (bare, mock, bare, mock, …), each a discarded warm-up then
 * a measured run, so that drift of the machine hits both alike.
 *
 * @example
 * npm run bench
 * npm run bench -- --duration 10 --rounds 3 --json
 */
import type { ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { DEFAULTS, LIMITS } from '../src/options/defaults.ts'
import {
  children,
  expectOk,
  load,
  startBare,
  startMock as startMockWith,
  stopMock,
} from './bench-servers.ts'
import { readCpuMs, readMemory } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'

const PETS_PATH = '/v1/pets'
const TARGET_RATIO = 1 / 3
const TARGET_P99_MS = 5

interface Options {
  'journal-size': number
  duration: number
  warmup: number
  rounds: number
  connections: number
  json: boolean
}

interface RunStats {
  variant: Variant
  round: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** CPU time of the server process per answered request, in µs (Linux; NaN elsewhere). */
  serverCpuUs: number
  /** Share of one core the server process used during the run (Linux; NaN elsewhere). */
  serverCpuLoad: number
}

type Variant = 'bare' | 'mock'

const startMock = () => startMockWith(['--journal-size', String(options['journal-size'])])

const options = readOptions()
try {
  const report = await benchmark(options)
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  else printReport(report)
} catch (error) {
  process.stderr.write(
    `[petstore-mock] Failed to run the benchmark: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
} finally {
  children.killAll()
}

async function benchmark(options: Options) {
  const mock = await startMock()
  const body = await (await expectOk(`${mock.url}${PETS_PATH}`)).text()
  const pets = JSON.parse(body) as Array<unknown>
  if (pets.length !== 20) throw new Error(`expected 20 pets from the mock, got ${pets.length}`)
  const bare = await startBare(body)
  const bareBody = await (await expectOk(`${bare.url}${PETS_PATH}`)).text()
  if (bareBody !== body) throw new Error('the bare server does not send the same bytes as the mock')

  const urls: Record<Variant, string> = {
    bare: `${bare.url}${PETS_PATH}`,
    mock: `${mock.url}${PETS_PATH}`,
  }
  const servers: Record<Variant, ChildProcess> = { bare: bare.child, mock: mock.child }
  const runs: Array<RunStats> = []
  for (let round = 1; round <= options.rounds; round++) {
    for (const variant of ['bare', 'mock'] as const) {
      log(options, `round ${round}/${options.rounds}: ${variant}`)
      if (options.warmup > 0) await load(urls[variant], options.warmup, options.connections)
      const cpuBefore = readCpuMs(servers[variant].pid)
      const started = performance.now()
      const stats = await load(urls[variant], options.duration, options.connections)
      const cpuMs = readCpuMs(servers[variant].pid) - cpuBefore
      runs.push({
        variant,
        round,
        ...stats,
        serverCpuUs: (cpuMs * 1000) / stats.requests,
        serverCpuLoad: cpuMs / (performance.now() - started),
      })
    }
  }

  const memory = {
    mockAtStart: mock.memory,
    mock: readMemory(mock.child.pid),
    bare: readMemory(bare.child.pid),
  }
  await stopMock(mock.child)
  bare.child.disconnect()

  const summary = { bare: summarize(runs, 'bare'), mock: summarize(runs, 'mock') }
  const ratio = summary.mock.requestsPerSecond / summary.bare.requestsPerSecond
  // Throughput is capped by whichever of load generator and server saturates
  // first; CPU per request is not, so it gives the capacity ratio too.
  const cpuRatio = summary.bare.serverCpuUs / summary.mock.serverCpuUs
  return {
    node: process.version,
    cpus: availableParallelism(),
    connections: options.connections,
    durationSeconds: options.duration,
    warmupSeconds: options.warmup,
    rounds: options.rounds,
    journalSize: options['journal-size'],
    bodyBytes: Buffer.byteLength(body),
    startup: { listeningMs: mock.listeningMs, firstResponseMs: mock.firstResponseMs },
    memory,
    runs,
    summary,
    ratio,
    cpuRatio,
    targets: {
      ratio: { target: TARGET_RATIO, met: ratio >= TARGET_RATIO },
      p99Ms: { target: TARGET_P99_MS, met: summary.mock.p99Ms < TARGET_P99_MS },
    },
  }
}

/** Mean throughput, p50 and CPU over the rounds of one variant, and its worst p99. */
function summarize(runs: Array<RunStats>, variant: Variant) {
  const own = runs.filter((run) => run.variant === variant)
  const mean = (values: Array<number>) => values.reduce((a, b) => a + b, 0) / values.length
  return {
    requestsPerSecond: mean(own.map((run) => run.requestsPerSecond)),
    p50Ms: mean(own.map((run) => run.p50Ms)),
    p99Ms: Math.max(...own.map((run) => run.p99Ms)),
    serverCpuUs: mean(own.map((run) => run.serverCpuUs)),
    serverCpuLoad: mean(own.map((run) => run.serverCpuLoad)),
  }
}

function log(options: Options, line: string): void {
  if (!options.json) process.stderr.write(`${line}\n`)
}

function printReport(report: Awaited<ReturnType<typeof benchmark>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  const number = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  const row = (name: string, stats: Omit<RunStats, 'variant' | 'round' | 'requests'>) =>
    [
      name.padEnd(14),
      number(stats.requestsPerSecond).padStart(9),
      number(stats.p50Ms, 2).padStart(9),
      number(stats.p99Ms, 2).padStart(9),
      number(stats.serverCpuUs, 1).padStart(12),
      `${number(stats.serverCpuLoad * 100)}%`.padStart(11),
    ].join(' ')
  out(
    `GET ${PETS_PATH} (${report.bodyBytes} B), ${report.connections} connections, ` +
      `${report.warmupSeconds} s warm-up + ${report.durationSeconds} s per run, Node ${report.node}, ${report.cpus} CPUs`,
  )
  out()
  out(
    [
      'run'.padEnd(14),
      'req/s'.padStart(9),
      'p50 ms'.padStart(9),
      'p99 ms'.padStart(9),
      'CPU µs/req'.padStart(12),
      'server CPU'.padStart(11),
    ].join(' '),
  )
  for (const run of report.runs) out(row(`${run.variant} #${run.round}`, run))
  out()
  for (const variant of ['bare', 'mock'] as const) {
    out(row(`${variant} (all)`, report.summary[variant]))
  }
  out()
  const memory = report.memory.mock
  out(
    `mock/bare throughput: ${number(report.ratio, 2)} (target >= ${number(TARGET_RATIO, 2)}: ${report.targets.ratio.met ? 'met' : 'NOT met'})`,
  )
  out(
    `mock/bare capacity by server CPU per request: ${number(report.cpuRatio, 2)}` +
      (report.summary.bare.serverCpuLoad < 0.9
        ? ` (the servers used ${number(report.summary.bare.serverCpuLoad * 100)}% and ${number(report.summary.mock.serverCpuLoad * 100)}% of a core: the load generator, not the servers, set the req/s)`
        : ''),
  )
  out(
    `mock p99: ${number(report.summary.mock.p99Ms, 2)} ms (target < ${TARGET_P99_MS} ms: ${report.targets.p99Ms.met ? 'met' : 'NOT met'})`,
  )
  out(
    `mock start-up: ${number(report.startup.listeningMs)} ms to listening, ${number(report.startup.firstResponseMs)} ms to the first 200`,
  )
  const atStart = report.memory.mockAtStart
  if (memory && atStart) {
    out(
      `mock memory: ${number(atStart.rssMb, 1)} MB RSS after start-up, ${number(memory.rssMb, 1)} MB after the run (peak ${number(memory.peakRssMb, 1)} MB)`,
    )
  }
  out(
    `summary: mock ${number(report.summary.mock.requestsPerSecond)} req/s p99 ${number(report.summary.mock.p99Ms, 2)} ms, ` +
      `bare ${number(report.summary.bare.requestsPerSecond)} req/s, ratio ${number(report.ratio, 2)} ` +
      `(CPU ${number(report.cpuRatio, 2)}), ` +
      `start-up ${number(report.startup.firstResponseMs)} ms, RSS ${memory ? `${number(memory.rssMb, 1)} MB` : 'n/a'}`,
  )
}

function readOptions(): Options {
  return readBenchFlags('node bench/server-throughput.ts', {
    duration: { default: 5, min: 1, max: 600, describe: 'measured seconds per run' },
    warmup: { default: 1, min: 0, max: 60, describe: 'discarded seconds before each run' },
    rounds: { default: 2, min: 1, max: 20, whole: true, describe: 'runs per server, alternating' },
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
