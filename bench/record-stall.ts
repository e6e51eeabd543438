/**
 * What recording costs the mock as FILE grows: a recording proxy
 * (`--record FILE`) in front of an upstream whose every answer is a pet the
 * recording does not hold yet, FILE holding `--pets` pets at start, against
 * the same with FILE empty (the baseline) in the same run. For each: the
 * largest event-loop delay (`monitorEventLoopDelay`) while `--requests`
 * answers are proxied one after another, their latency (median and
 * largest), and the largest delay while the mock stops (FILE written whole,
 * the log folded in). Upstream, mock and client share one process.
 *
 * @example
 * node bench/record-stall.ts
 * node bench/record-stall.ts --pets 99000 --requests 300 --json
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { request } from 'undici'
import { startServer } from '../src/adapter/node/start-server.ts'
import { startRawServer } from '../src/test-utils/raw-server.ts'
import { percentile } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'

const options = readBenchFlags('node bench/record-stall.ts', {
  pets: {
    default: 99_000,
    min: 1,
    max: 100_000,
    whole: true,
    describe: 'pets FILE holds at start',
  },
  requests: {
    default: 300,
    min: 10,
    max: 10_000,
    whole: true,
    describe: 'answers recorded per run',
  },
})

const KEY = { authorization: 'Bearer sk_upstream' }
const folder = mkdtempSync(join(tmpdir(), 'petstore-record-stall-'))
let nextId = 1_000_000
const upstream = await startRawServer((_req, res) => {
  const id = nextId++
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ id, name: `Seen ${id}`, categoryId: 1, status: 'available' }))
})

interface Row {
  file: string
  maxDelayMs: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  stopMaxDelayMs: number
  stopMs: number
}

async function run(label: string, pets: number): Promise<Row> {
  const file = join(folder, `${pets}.json`)
  const list = Array.from({ length: pets }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: 1 + (index % 6),
    status: 'available',
  }))
  writeFileSync(file, `${JSON.stringify({ pets: list }, null, 2)}\n`)
  const mock = await startServer({ port: 0, proxy: `${upstream.url}/v1`, record: file })
  const latencies: Array<number> = []
  const histogram = monitorEventLoopDelay({ resolution: 1 })
  histogram.enable()
  for (let sent = 0; sent < options.requests; sent++) {
    const started = performance.now()
    const response = await request(`${mock.url}/v1/pets/1`, { headers: KEY })
    await response.body.dump()
    if (response.statusCode !== 200) throw new Error(`an answer was ${response.statusCode}`)
    latencies.push(performance.now() - started)
  }
  histogram.disable()
  const stopping = monitorEventLoopDelay({ resolution: 1 })
  stopping.enable()
  const stopStarted = performance.now()
  await mock.close()
  const stopMs = performance.now() - stopStarted
  stopping.disable()
  latencies.sort((a, b) => a - b)
  return {
    file: label,
    maxDelayMs: histogram.max / 1e6,
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP99Ms: percentile(latencies, 0.99),
    latencyMaxMs: latencies.at(-1) ?? 0,
    stopMaxDelayMs: stopping.max / 1e6,
    stopMs,
  }
}

try {
  // A first short run warms the code paths up; it is not reported.
  await run('warm-up', 10)
  const baseline = await run('empty (baseline)', 1)
  const large = await run(`${options.pets} pets`, options.pets)
  const rows = [baseline, large]
  if (options.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
  else {
    process.stdout.write(
      `Recording ${options.requests} answers, each a new pet, one after another (the same process serves, records and asks):\n`,
    )
    for (const row of rows) {
      process.stdout.write(
        `  FILE ${row.file.padEnd(18)} largest event-loop delay ${row.maxDelayMs.toFixed(1).padStart(6)} ms (${(row.maxDelayMs / baseline.maxDelayMs).toFixed(1)}x)  latency p50 ${row.latencyP50Ms.toFixed(1)} ms (${(row.latencyP50Ms / baseline.latencyP50Ms).toFixed(1)}x), p99 ${row.latencyP99Ms.toFixed(1)} ms, max ${row.latencyMaxMs.toFixed(1)} ms  stop: ${row.stopMs.toFixed(0)} ms, largest delay ${row.stopMaxDelayMs.toFixed(1)} ms\n`,
      )
    }
    process.stdout.write(
      `  large FILE to empty: median latency ${(large.latencyP50Ms / baseline.latencyP50Ms).toFixed(2)}x, largest delay ${(large.maxDelayMs / baseline.maxDelayMs).toFixed(2)}x (load average ${loadavg()[0]?.toFixed(1)})\n`,
    )
  }
} catch (error) {
  process.stderr.write(
    `[petstore-mock] Failed to run the benchmark: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
} finally {
  await upstream.close()
  rmSync(folder, { recursive: true, force: true })
}
