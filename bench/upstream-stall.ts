/**
 * How long one large upstream answer stalls the mock's event loop while the
 * proxy reads, judges, journals and passes it on: for each shape of answer
 * (one huge integer literal, many long literals, many tiny items, many pets,
 * one huge string), the largest event-loop delay (`monitorEventLoopDelay`)
 * during the exchange, against the same for a page of 20 pets in the same
 * run, and the latency of a small request sent meanwhile. Upstream, mock
 * and client share one process, so the delay is the mock's and the client's
 * work together.
 *
 * @example
 * node bench/upstream-stall.ts
 * node bench/upstream-stall.ts --megabytes 7 --rounds 5 --json
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { request } from 'undici'
import { startServer } from '../src/adapter/node/start-server.ts'
import { startRawServer } from '../src/test-utils/raw-server.ts'
import { readBenchFlags } from './read-bench-flags.ts'

const options = readBenchFlags('node bench/upstream-stall.ts', {
  megabytes: { default: 7, min: 0.1, max: 8, describe: 'size of each large answer, in MiB' },
  rounds: { default: 3, min: 1, max: 20, whole: true, describe: 'exchanges per shape' },
})

const KEY = { authorization: 'Bearer sk_test_free' }
const size = Math.floor(options.megabytes * 1024 * 1024)
const arrayOf = (item: string) =>
  `[${Array.from({ length: Math.floor(size / (item.length + 1)) }, () => item).join(',')}]`
const pet = JSON.stringify({ id: 1, name: 'Rex', categoryId: 1, status: 'available' })
const shapes: Record<string, string> = {
  'a page of 20 pets (baseline)': `[${Array.from({ length: 20 }, () => pet).join(',')}]`,
  'one integer literal': '1'.repeat(size),
  'long integer literals': arrayOf('9'.repeat(21)),
  'tiny items': arrayOf('1'),
  pets: arrayOf(pet),
  'one string': JSON.stringify('x'.repeat(size)),
}

let body = ''
const upstream = await startRawServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(body),
)
const mock = await startServer({ port: 0, proxy: `${upstream.url}/v1` })
const report: Array<{ shape: string; maxDelayMs: number; sideRequestMs: number; ratio: number }> =
  []
try {
  for (const [shape, text] of Object.entries(shapes)) {
    body = text
    const delays: Array<number> = []
    const sides: Array<number> = []
    for (let round = 0; round < options.rounds; round++) {
      const histogram = monitorEventLoopDelay({ resolution: 1 })
      histogram.enable()
      const answer = request(`${mock.url}/v1/pets`, { headers: KEY }).then(async (response) => {
        await response.body.dump({ limit: Number.MAX_SAFE_INTEGER })
        return response.statusCode
      })
      const started = performance.now()
      const side = await request(`${mock.url}/openapi.json`)
      await side.body.dump()
      sides.push(performance.now() - started)
      const status = await answer
      histogram.disable()
      if (status !== 200) throw new Error(`the ${shape} answer was ${status}, not 200`)
      delays.push(histogram.max / 1e6)
    }
    report.push({
      shape,
      maxDelayMs: median(delays),
      sideRequestMs: median(sides),
      ratio: 0,
    })
  }
  const baseline = report[0]?.maxDelayMs ?? 1
  for (const row of report) row.ratio = row.maxDelayMs / baseline
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  else {
    process.stdout.write(
      `Largest event-loop delay during one ${options.megabytes} MiB upstream answer (median of ${options.rounds}):\n`,
    )
    for (const row of report) {
      process.stdout.write(
        `  ${row.shape.padEnd(30)} ${row.maxDelayMs.toFixed(1).padStart(8)} ms  (${row.ratio.toFixed(1)}x the baseline)  a small request meanwhile: ${row.sideRequestMs.toFixed(1)} ms\n`,
      )
    }
  }
} catch (error) {
  process.stderr.write(
    `[petstore-mock] Failed to run the benchmark: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
} finally {
  await mock.close()
  await upstream.close()
}

function median(values: Array<number>): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
