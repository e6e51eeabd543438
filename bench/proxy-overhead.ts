/**
 * What `--proxy` costs: the latency it adds (p50, p99) and its throughput,
 * against a bare node:http reverse proxy (`bench/bare-proxy.ts`) in front of
 * the same upstream, in the same run. The upstream is the bare server
 * (`bench/bare-server.ts`: 20 pets per answer); every answer the mock proxies
 * is judged against the spec and journaled, as users run it. Rounds
 * alternate (direct, bare proxy, mock proxy, …), each a discarded warm-up and
 * a measured run; the figures are the medians over the rounds.
 *
 * @example
 * node bench/proxy-overhead.ts
 * node bench/proxy-overhead.ts --duration 10 --rounds 5 --json
 */
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import {
  children,
  expectOk,
  type LoadStats,
  load,
  startBare,
  startMock,
  stopMock,
  track,
} from './bench-servers.ts'
import { percentile } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'

const ROOT = join(import.meta.dirname, '..')
const PETS_PATH = '/v1/pets'

const options = readBenchFlags('node bench/proxy-overhead.ts', {
  duration: { default: 5, min: 1, max: 600, describe: 'measured seconds per run' },
  warmup: { default: 1, min: 0, max: 60, describe: 'discarded seconds before each run' },
  rounds: { default: 3, min: 1, max: 20, whole: true, describe: 'runs per variant, alternating' },
  connections: { default: 10, min: 1, max: 1000, whole: true, describe: 'connections' },
})

type Variant = 'direct' | 'bare proxy' | 'mock proxy'

try {
  const report = await benchmark()
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

async function benchmark() {
  const pets = Array.from({ length: 20 }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: (index % 6) + 1,
    status: 'available',
  }))
  const upstream = await startBare(JSON.stringify(pets))
  const bareProxy = await startBareProxy(upstream.url)
  const mock = await startMock(['--proxy', `${upstream.url}/v1`])
  const urls: Record<Variant, string> = {
    direct: `${upstream.url}${PETS_PATH}`,
    'bare proxy': `${bareProxy.url}${PETS_PATH}`,
    'mock proxy': `${mock.url}${PETS_PATH}`,
  }
  const direct = await (await expectOk(urls.direct)).text()
  for (const variant of ['bare proxy', 'mock proxy'] as const) {
    const body = await (await expectOk(urls[variant])).text()
    if (body !== direct) throw new Error(`${variant} does not pass the upstream's bytes on`)
  }
  const runs: Array<LoadStats & { variant: Variant; round: number }> = []
  for (let round = 1; round <= options.rounds; round++) {
    for (const variant of ['direct', 'bare proxy', 'mock proxy'] as const) {
      if (!options.json) process.stderr.write(`round ${round}/${options.rounds}: ${variant}\n`)
      if (options.warmup > 0) await load(urls[variant], options.warmup, options.connections)
      runs.push({
        variant,
        round,
        ...(await load(urls[variant], options.duration, options.connections)),
      })
    }
  }
  await stopMock(mock.child)
  bareProxy.child.disconnect()
  upstream.child.disconnect()

  const median = (variant: Variant, field: keyof LoadStats) =>
    percentile(
      Float64Array.from(
        runs.filter((run) => run.variant === variant).map((run) => run[field]),
      ).sort(),
      0.5,
    )
  const summary = Object.fromEntries(
    (['direct', 'bare proxy', 'mock proxy'] as const).map((variant) => [
      variant,
      {
        requestsPerSecond: median(variant, 'requestsPerSecond'),
        p50Ms: median(variant, 'p50Ms'),
        p99Ms: median(variant, 'p99Ms'),
      },
    ]),
  ) as Record<Variant, { requestsPerSecond: number; p50Ms: number; p99Ms: number }>
  const added = (variant: 'bare proxy' | 'mock proxy') => ({
    p50Ms: summary[variant].p50Ms - summary.direct.p50Ms,
    p99Ms: summary[variant].p99Ms - summary.direct.p99Ms,
  })
  return {
    node: process.version,
    cpus: availableParallelism(),
    connections: options.connections,
    durationSeconds: options.duration,
    rounds: options.rounds,
    bodyBytes: Buffer.byteLength(direct),
    runs,
    summary,
    added: { 'bare proxy': added('bare proxy'), 'mock proxy': added('mock proxy') },
    throughputRatio:
      summary['mock proxy'].requestsPerSecond / summary['bare proxy'].requestsPerSecond,
  }
}

async function startBareProxy(upstream: string) {
  const child = track(
    spawn(process.execPath, [join(ROOT, 'bench/bare-proxy.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  )
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url))
    child.once('exit', (code) => reject(new Error(`the bare proxy exited with ${code}`)))
    child.send({ upstream })
  })
  return { child, url }
}

function printReport(report: Awaited<ReturnType<typeof benchmark>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  const number = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
  const row = (name: string, stats: { requestsPerSecond: number; p50Ms: number; p99Ms: number }) =>
    [
      name.padEnd(20),
      number(stats.requestsPerSecond).padStart(9),
      number(stats.p50Ms, 2).padStart(9),
      number(stats.p99Ms, 2).padStart(9),
    ].join(' ')
  out(
    `GET ${PETS_PATH} (${report.bodyBytes} B), ${report.connections} connections, ${report.durationSeconds} s per run, ` +
      `${report.rounds} rounds, Node ${report.node}, ${report.cpus} CPUs`,
  )
  out()
  out(['run'.padEnd(20), 'req/s'.padStart(9), 'p50 ms'.padStart(9), 'p99 ms'.padStart(9)].join(' '))
  for (const run of report.runs) out(row(`${run.variant} #${run.round}`, run))
  out()
  for (const variant of ['direct', 'bare proxy', 'mock proxy'] as const) {
    out(row(`${variant} (median)`, report.summary[variant]))
  }
  out()
  for (const variant of ['bare proxy', 'mock proxy'] as const) {
    const added = report.added[variant]
    out(`${variant} adds: p50 ${number(added.p50Ms, 2)} ms, p99 ${number(added.p99Ms, 2)} ms`)
  }
  out(`mock proxy / bare proxy throughput: ${number(report.throughputRatio, 2)}`)
}
