/**
 * The data layer's targets, each measured beside a bare node:http server
 * started the same way in the same run:
 *
 * - start-up (spawn to the first 200 on `/v1/pets`) and RSS after it, with the
 *   default data and with `--pets 100000`;
 * - 20,000 creates at concurrency 50 on `--pets 100000`: the last 5,000
 *   against the first 5,000, create p99, and list / get p99 while they run
 *   (the server's own time per request, from its JSON log line, and the client's
 *   round trip, which also holds the wait behind 50 requests in flight);
 * - `reset()` with the default data and with 100,000 pets (in-process);
 * - the same load with `--data-file`: what durability costs per create.
 *
 * Start-up is measured as published (`dist/bin/petstore-mock.js`, what `npx
 * petstore-mock` runs), with Node's compile cache warm (every start after the
 * first: the target) and cold (the first: shown), and from the sources (`npm
 * start` in a checkout: shown, no target, since it loads ~200 TypeScript
 * modules and yargs' `--help` layout code unbundled). Every server gets a
 * compile cache folder of this run. The load runs on the sources, with
 * an Enterprise key whose limits it cannot reach.
 *
 * @example
 * npm run bench:data
 * npm run bench:data -- --rounds 3 --creates 10000 --json
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { stripTypeScriptTypes } from 'node:module'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { createPetstore } from '../src/adapter/msw/create-petstore.ts'
import { createPetstoreCore } from '../src/app/create-petstore-core.ts'
import { percentile, readCpuMs, readMemory, trackChildren } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'
import { describeLoad } from './run-bench.ts'

const ROOT = join(import.meta.dirname, '..')
const KEY = 'sk_bench_data'
const KEY_FLAG = `${KEY}=enterprise:100000000/1000000000`
const AUTH = { authorization: `Bearer ${KEY}` }
const START_TIMEOUT_MS = 60_000
const BIG = 100_000
/** Server log lines kept per run (one per request; far above what a run sends). */
const MAX_LOG_LINES = 1_000_000

interface Options {
  rounds: number
  creates: number
  concurrency: number
  json: boolean
}

interface Started {
  child: ChildProcess
  url: string
  firstOkMs: number
  /** CPU time (user + system) of the server up to its first 200: steadier than wall time on a busy machine. */
  cpuMs: number
  rssMb: number
  /** Server-side ms per request, by kind, from the log (when not `--quiet`). */
  served: Record<'create' | 'list' | 'get', Array<number>>
}

const children = trackChildren()
const options = readOptions()
const scratch = mkdtempSync(join(tmpdir(), 'petstore-bench-'))
try {
  const report = await benchmark(options)
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
  else printReport(report)
  if (report.rows.some((row) => row.pass === false)) process.exitCode = 1
} catch (error) {
  process.stderr.write(
    `[petstore-mock] Failed to run the data benchmark: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exitCode = 1
} finally {
  children.killAll()
  rmSync(scratch, { recursive: true, force: true })
}

async function benchmark(options: Options) {
  const loadBefore = loadavg()
  const bare = [join(ROOT, 'bench/bare-server.ts')]
  const mock = (...more: Array<string>) => [
    join(ROOT, 'bin/petstore-mock.ts'),
    '--port',
    '0',
    '--api-key',
    KEY_FLAG,
    ...more,
  ]

  // As published (`npx petstore-mock` runs the build, which `npm run bench`
  // makes first): against the same bare server as plain JS. Also a bare server
  // that takes node:http as the mock does (no ES namespace: see
  // src/adapter/node/node-http.ts), to show what that choice is worth.
  const built = join(ROOT, 'dist/bin/petstore-mock.js')
  if (!existsSync(built)) throw new Error('dist/ is missing: run `npm run build` first')
  const bareSource = stripTypeScriptTypes(readFileSync(bare[0] as string, 'utf8'))
  const bareJs = join(scratch, 'bare-server.mjs')
  writeFileSync(bareJs, bareSource)
  const bareLeanJs = join(scratch, 'bare-server-lean.mjs')
  writeFileSync(bareLeanJs, withoutHttpNamespace(bareSource))
  const builtArgs = [built, ...mock('--quiet').slice(1)]
  const variants: Record<string, { args: Array<string>; env?: NodeJS.ProcessEnv }> = {
    bareJs: { args: [bareJs] },
    builtMock: { args: builtArgs },
    builtMockCold: { args: builtArgs, env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
    bareLeanJs: { args: [bareLeanJs] },
    bare: { args: bare },
    mock: { args: mock('--quiet') },
  }
  // The bins keep compiled code in Node's compile cache: here a folder of this
  // run, filled by one discarded start of each, so that the rounds measure
  // every start after a user's first (the cold variant, the first).
  for (const args of [builtArgs, mock('--quiet')]) await stop((await start(args)).child)
  const startups: Record<string, Array<Started>> = {}
  for (let round = 1; round <= options.rounds; round++) {
    log(`start-up round ${round}/${options.rounds}`)
    for (const [variant, { args, env }] of Object.entries(variants)) {
      const started = await start(args, env)
      startups[variant] = [...(startups[variant] ?? []), started]
      await stop(started.child)
    }
  }
  const big: Array<Started> = []
  for (let round = 1; round <= Math.min(3, options.rounds); round++) {
    log(`start-up with --pets ${BIG}, round ${round}`)
    const started = await start(mock('--quiet', '--pets', String(BIG)))
    big.push(started)
    await stop(started.child)
  }

  log(`${options.creates} creates at concurrency ${options.concurrency}, --pets ${BIG}`)
  const memory = await load(mock('--pets', String(BIG), '--log-format', 'json'), options)
  log(`the same with --data-file`)
  const dataFile = join(scratch, 'pets.json')
  const durable = await load(
    mock('--pets', String(BIG), '--log-format', 'json', '--data-file', dataFile),
    options,
  )
  log('restart from the data file')
  const restarted = await start(mock('--quiet', '--pets', String(BIG), '--data-file', dataFile))
  await stop(restarted.child)

  log('reset()')
  const resets = {
    small: await timeResets(createPetstoreCore(), 200),
    big: await timeResets(createPetstoreCore({ pets: BIG }), 10),
    withDb: await timeResets(createPetstore(), 50),
  }

  const median = (values: Array<number>) => quantile(values, 0.5)
  const quarter = (options.creates / 4).toLocaleString('en-US')
  const of = (variant: string, field: 'firstOkMs' | 'cpuMs' | 'rssMb') =>
    median((variant === 'big' ? big : (startups[variant] ?? [])).map((run) => run[field]))
  const startRows = (label: string, mock: string, bare: string): Array<Row> => [
    ratioRow(
      `start-up, default data${label} (ms)`,
      of(mock, 'firstOkMs'),
      of(bare, 'firstOkMs'),
      1.5,
    ),
    ratioRow(`  the same in CPU time (ms)`, of(mock, 'cpuMs'), of(bare, 'cpuMs'), 1.5),
    ratioRow(
      `RSS after start, default data${label} (MB)`,
      of(mock, 'rssMb'),
      of(bare, 'rssMb'),
      1.5,
    ),
  ]

  const versus = (mock: string, bare: string) =>
    `${fixed(of(mock, 'firstOkMs'), 1)} / ${fixed(of(bare, 'firstOkMs'), 1)} = ${fixed(of(mock, 'firstOkMs') / of(bare, 'firstOkMs'), 2)}x`
  const rows: Array<Row> = [
    ...startRows(', as published (dist/), compile cache warm', 'builtMock', 'bareJs'),
    infoRow(
      '  the first start, compile cache cold (ms, vs bare)',
      versus('builtMockCold', 'bareJs'),
    ),
    infoRow(
      "  against a bare server without node:http's ES namespace (ms)",
      versus('builtMock', 'bareLeanJs'),
    ),
    ...startRows(', sources (npm start in a checkout)', 'mock', 'bare').map(asInfo),
    limitRow(`start-up, --pets ${BIG} (ms)`, of('big', 'firstOkMs'), 1000, of('bare', 'firstOkMs')),
    infoRow(`  the same in CPU time (ms)`, fixed(of('big', 'cpuMs'))),
    limitRow(`RSS after start, --pets ${BIG} (MB)`, of('big', 'rssMb'), 250, of('bare', 'rssMb')),
    {
      figure: `last ${quarter} creates / first ${quarter}`,
      target: '<= 1.20',
      measured: `${fixed(memory.lastMs / memory.firstMs, 2)} (${fixed(memory.lastMs)} / ${fixed(memory.firstMs)} ms)`,
      bare: '-',
      pass: memory.lastMs / memory.firstMs <= 1.2,
    },
    ...(['create', 'list', 'get'] as const).map((kind) =>
      limitRow(
        `${kind} p99, server (ms)${kind === 'create' ? '' : ' while creates run'}`,
        memory.server[kind].p99,
        5,
      ),
    ),
    ...(['create', 'list', 'get'] as const).map((kind) =>
      infoRow(
        `${kind} p99, client round trip (ms)`,
        `${fixed(memory.client[kind].p99, 2)} (p50 ${fixed(memory.client[kind].p50, 2)})`,
      ),
    ),
    infoRow('creates per second', fixed(memory.perSecond)),
    infoRow('RSS after the creates (MB)', fixed(memory.rssMb, 1)),
    limitRow('reset(), default data (ms, median)', resets.small.p50, 1),
    limitRow(`reset(), ${BIG} pets (ms, median)`, resets.big.p50, 50),
    infoRow(
      'reset() with db (createPetstore), default data (ms, median)',
      fixed(resets.withDb.p50, 3),
    ),
  ]
  const durableRows: Array<Row> = [
    infoRow(
      'creates per second',
      `${fixed(durable.perSecond)} (${fixed(durable.perSecond / memory.perSecond, 2)}x of in memory)`,
    ),
    infoRow(
      'wall time per create at concurrency 50 (µs)',
      `${fixed(1e6 / durable.perSecond)} (in memory ${fixed(1e6 / memory.perSecond)})`,
    ),
    infoRow(
      `last ${quarter} creates / first ${quarter}`,
      fixed(durable.lastMs / durable.firstMs, 2),
    ),
    ...(['create', 'list', 'get'] as const).map((kind) =>
      infoRow(
        `${kind} p99 / p50, server (ms)`,
        `${fixed(durable.server[kind].p99, 2)} / ${fixed(durable.server[kind].p50, 2)}`,
      ),
    ),
    infoRow('create p99, client round trip (ms)', fixed(durable.client.create.p99, 2)),
    infoRow('RSS after the creates (MB)', fixed(durable.rssMb, 1)),
    infoRow(
      `restart from the file (${BIG} + ${options.creates} pets): start-up ms, RSS MB`,
      `${fixed(restarted.firstOkMs)}, ${fixed(restarted.rssMb, 1)}`,
    ),
  ]
  return {
    node: process.version,
    cpus: availableParallelism(),
    loadAverage: { before: loadBefore, after: loadavg() },
    options,
    startups: Object.fromEntries(
      Object.entries({ ...startups, big }).map(([variant, runs]) => [
        variant,
        runs.map(({ firstOkMs, cpuMs, rssMb }) => ({ firstOkMs, cpuMs, rssMb })),
      ]),
    ),
    memory,
    durable,
    resets,
    rows,
    durableRows,
  }
}

interface Row {
  figure: string
  target: string
  measured: string
  bare: string
  pass: boolean | undefined
}

function ratioRow(figure: string, measured: number, bare: number, max: number): Row {
  const ratio = measured / bare
  return {
    figure,
    target: `<= ${fixed(max, 2)}x bare`,
    measured: `${fixed(measured, 1)} (${fixed(ratio, 2)}x)`,
    bare: fixed(bare, 1),
    pass: ratio <= max,
  }
}

function limitRow(figure: string, measured: number, max: number, bare?: number): Row {
  return {
    figure,
    target: `< ${max}`,
    measured: fixed(measured, measured < 10 ? 3 : 1),
    bare: bare === undefined ? '-' : fixed(bare, 1),
    pass: measured < max,
  }
}

/** The row without its target: a figure shown for comparison. */
function asInfo(row: Row): Row {
  return { ...row, target: '-', pass: undefined }
}

/** The bare server's source with node:http taken as src/adapter/node/node-http.ts takes it. */
function withoutHttpNamespace(source: string): string {
  const from = "import http from 'node:http'"
  if (!source.includes(from)) throw new Error(`bench/bare-server.ts no longer holds ${from}`)
  return source.replace(from, "const http = process.getBuiltinModule('node:http')")
}

function infoRow(figure: string, measured: string): Row {
  return { figure, target: '-', measured, bare: '-', pass: undefined }
}

/** Runs the creates and, on another connection, lists and gets while they run. */
async function load(args: Array<string>, options: Options) {
  const server = await start(args)
  const creates = new Pool(server.url, { connections: options.concurrency })
  const reads = new Pool(server.url, { connections: 1 })
  const client = {
    create: [] as Array<number>,
    list: [] as Array<number>,
    get: [] as Array<number>,
  }
  const marks: Array<number> = []
  const quarter = Math.floor(options.creates / 4)
  let issued = 0
  let done = 0
  const body = JSON.stringify({ name: 'Bench', categoryId: 1, status: 'pending' })
  const began = performance.now()
  marks.push(began)
  const writer = async () => {
    while (issued < options.creates) {
      issued++
      const sent = performance.now()
      const response = await creates.request({
        method: 'POST',
        path: '/v1/pets',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body,
      })
      await response.body.text()
      if (response.statusCode !== 201) throw new Error(`a create answered ${response.statusCode}`)
      const now = performance.now()
      client.create.push(now - sent)
      done++
      if (done % quarter === 0) marks.push(now)
    }
  }
  let writing = true
  const reader = async () => {
    const statuses = ['', '&status=available', '&status=pending', '&status=sold']
    for (let n = 0; writing; n++) {
      const kind = n % 2 === 0 ? 'list' : 'get'
      const path =
        kind === 'list'
          ? `/v1/pets?limit=20${statuses[n % statuses.length]}`
          : `/v1/pets/${1 + ((n * 7919) % (BIG + done))}`
      const sent = performance.now()
      const response = await reads.request({ method: 'GET', path, headers: AUTH })
      await response.body.text()
      if (response.statusCode !== 200)
        throw new Error(`GET ${path} answered ${response.statusCode}`)
      client[kind].push(performance.now() - sent)
    }
  }
  const reading = reader()
  await Promise.all(Array.from({ length: options.concurrency }, writer))
  writing = false
  await reading
  const seconds = (performance.now() - began) / 1000
  await Promise.all([creates.close(), reads.close()])
  const rssMb = readRssMb(server.child)
  await stop(server.child)
  const stats = (values: Array<number>) => ({
    p50: quantile(values, 0.5),
    p99: quantile(values, 0.99),
    count: values.length,
  })
  return {
    perSecond: options.creates / seconds,
    firstMs: (marks[1] ?? Number.NaN) - (marks[0] ?? Number.NaN),
    lastMs: (marks[4] ?? Number.NaN) - (marks[3] ?? Number.NaN),
    server: {
      create: stats(server.served.create),
      list: stats(server.served.list),
      get: stats(server.served.get),
    },
    client: { create: stats(client.create), list: stats(client.list), get: stats(client.get) },
    rssMb,
  }
}

async function timeResets(
  petstore: { ready: Promise<void>; reset(): Promise<void> },
  times: number,
) {
  await petstore.ready
  const samples: Array<number> = []
  for (let n = 0; n < times; n++) {
    const started = performance.now()
    await petstore.reset()
    samples.push(performance.now() - started)
  }
  return { p50: quantile(samples, 0.5), max: Math.max(...samples), times }
}

async function start(args: Array<string>, env?: NodeJS.ProcessEnv): Promise<Started> {
  const began = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_COMPILE_CACHE: join(scratch, 'compile-cache'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.track(child)
  const served: Started['served'] = { create: [], list: [], get: [] }
  let output = ''
  let lines = 0
  let pending = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args[0]} did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    )
    // The banner is on stdout, or on stderr with --log-format json.
    const collect = (chunk: string) => {
      if (output.length < 16_384) output += chunk
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      collect(chunk)
      pending += chunk
      const complete = pending.split('\n')
      pending = complete.pop() ?? ''
      for (const line of complete) {
        if (!line.startsWith('{') || lines++ >= MAX_LOG_LINES) continue
        const entry = JSON.parse(line) as {
          method: string
          route: string | null
          durationMs: number
        }
        const kind =
          entry.route === '/v1/pets'
            ? entry.method === 'POST'
              ? 'create'
              : 'list'
            : entry.route === '/v1/pets/{petId}'
              ? 'get'
              : undefined
        if (kind) served[kind].push(entry.durationMs)
      }
    })
    child.stderr?.setEncoding('utf8').on('data', collect)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${args[0]} exited with ${code} before listening:\n${output}`))
    })
  })
  const response = await fetch(`${url}/v1/pets`, { headers: AUTH })
  await response.text()
  if (response.status !== 200) throw new Error(`GET ${url}/v1/pets answered ${response.status}`)
  const firstOkMs = performance.now() - began
  // The first request's log line is not part of any load.
  await new Promise((resolve) => setTimeout(resolve, 20))
  served.list.length = 0
  return { child, url, firstOkMs, cpuMs: readCpuMs(child.pid), rssMb: readRssMb(child), served }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

function readRssMb(child: ChildProcess): number {
  return readMemory(child.pid)?.rssMb ?? Number.NaN
}

function quantile(values: Array<number>, fraction: number): number {
  return percentile(Float64Array.from(values).sort(), fraction)
}

function fixed(value: number, digits = 0): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
}

function log(line: string): void {
  if (!options.json) process.stderr.write(`${line}\n`)
}

function printReport(report: Awaited<ReturnType<typeof benchmark>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  const table = (rows: Array<Row>) => {
    const header = ['figure', 'target', 'measured', 'bare server', 'result']
    const cells = rows.map((row) => [
      row.figure,
      row.target,
      row.measured,
      row.bare,
      row.pass === undefined ? '-' : row.pass ? 'pass' : 'FAIL',
    ])
    const widths = header.map((name, column) =>
      Math.max(name.length, ...cells.map((cell) => (cell[column] ?? '').length)),
    )
    const line = (cell: Array<string>) =>
      `| ${cell.map((value, column) => value.padEnd(widths[column] ?? 0)).join(' | ')} |`
    out(line(header))
    out(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
    for (const cell of cells) out(line(cell))
  }
  const { options } = report
  out(
    `Data layer, Node ${report.node}, ${report.cpus} CPUs; start-up: median of ${options.rounds} ` +
      `alternating rounds; load: ${options.creates} creates at concurrency ${options.concurrency}, ` +
      `lists and gets on one more connection meanwhile`,
  )
  out(describeLoad(report.loadAverage.before, report.loadAverage.after))
  out()
  out('Without --data-file:')
  out()
  table(report.rows)
  out()
  out('With --data-file (same load, --pets 100000):')
  out()
  table(report.durableRows)
}

function readOptions(): Options {
  const flags = readBenchFlags('node bench/data-layer.ts', {
    rounds: { default: 5, min: 1, max: 50, whole: true, describe: 'start-up rounds per server' },
    creates: { default: 20_000, min: 4, max: 1_000_000, whole: true, describe: 'creates per run' },
    concurrency: { default: 50, min: 1, max: 1000, whole: true, describe: 'creates in flight' },
  })
  // Quarters: the first and the last are compared.
  return { ...flags, creates: flags.creates - (flags.creates % 4) }
}
