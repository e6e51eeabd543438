/**
 * A soak of the standalone server: for N minutes, a few concurrent clients mix
 * every route with bad inputs (broken JSON, deep nesting, invalid UTF-8, wrong
 * content types, foreign hosts, duplicate Authorization), errors on demand,
 * delays and requests aborted mid-delay. Every few seconds it samples the
 * heap after a full GC, the process's active handles and timers, and the
 * server's open connections; at the end it prints the first and last quiet
 * samples (load stopped, client closed) and the counts by status. A 5xx that
 * nobody asked for, or a connection the server broke, is a failure (exit 1).
 * Not a CI test: run it by hand and read the table.
 *
 * @example
 * node --expose-gc bench/soak.ts --minutes 3
 * npm run soak -- --minutes 10 --clients 16 --json
 */
import { parseArgs } from 'node:util'
import { Agent, request } from 'undici'
import { type RunningServer, startServer } from '../src/adapter/node/start-server.ts'

const KEY = 'sk_test_enterprise'
/** Pets the store may hold: creates beyond get 507, so the data itself stays bounded. */
const MAX_PETS = 2_000
/** The longest `Prefer: delay` the soak asks for, in ms. */
const MAX_DELAY_MS = 200

interface Sample {
  at: string
  seconds: number
  heapUsedMb: number
  rssMb: number
  externalMb: number
  handles: number
  timers: number
  sockets: number
  serverConnections: number
  requests: number
}

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    clients: { type: 'string', default: '8' },
    'sample-seconds': { type: 'string', default: '15' },
    seed: { type: 'string', default: '7' },
    json: { type: 'boolean', default: false },
  },
})
const minutes = Number(values.minutes)
const clients = Number(values.clients)
const sampleSeconds = Number(values['sample-seconds'])
if (![minutes, clients, sampleSeconds].every((value) => Number.isFinite(value) && value > 0)) {
  throw new Error(
    '[petstore-mock] Failed to start the soak: --minutes, --clients and --sample-seconds must be positive numbers.',
  )
}
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) {
  throw new Error('[petstore-mock] Failed to start the soak: run node with --expose-gc.')
}

/** A small seeded generator, so that two runs send the same mix. */
let state = Number(values.seed) >>> 0 || 1
const random = () => {
  state ^= state << 13
  state ^= state >>> 17
  state ^= state << 5
  return (state >>> 0) / 2 ** 32
}
const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)] as T

interface Step {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'HEAD' | 'OPTIONS'
  path: string
  headers?: Record<string, string> | Array<string>
  body?: string | Buffer
  /** Abort the request after this many ms. */
  abortAfterMs?: number
}

const auth = { authorization: `Bearer ${KEY}` }
const json = { ...auth, 'content-type': 'application/json' }
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** The mix: each entry a weight and a request maker. */
const MIX: Array<[number, () => Step]> = [
  [
    20,
    () => ({
      method: 'GET',
      path: `/v1/pets?limit=${1 + Math.floor(random() * 100)}`,
      headers: auth,
    }),
  ],
  [
    6,
    () => ({
      method: 'GET',
      path: `/v1/pets?status=${pick(['available', 'pending', 'sold', 'lost'])}`,
      headers: auth,
    }),
  ],
  [10, () => ({ method: 'GET', path: `/v1/pets/${Math.floor(random() * 300)}`, headers: auth })],
  [6, () => ({ method: 'GET', path: '/v1/store/orders?limit=5', headers: auth })],
  [
    8,
    () => ({
      method: 'POST',
      path: '/v1/pets',
      headers: json,
      body: JSON.stringify({
        name: `Soak ${Math.floor(random() * 1e6)}`,
        categoryId: 1 + Math.floor(random() * 6),
      }),
    }),
  ],
  [
    3,
    () => ({
      method: 'POST',
      path: '/v1/pets',
      headers: json,
      body: `{"name":${deep(Math.floor(random() * 8_000))},"categoryId":1}`,
    }),
  ],
  [
    3,
    () => ({
      method: 'POST',
      path: '/v1/pets',
      headers: json,
      body: Buffer.from([0x7b, 0x22, 0x6e, 0xc3, 0x28, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    }),
  ],
  [
    2,
    () => ({
      method: 'POST',
      path: '/v1/pets',
      headers: json,
      body: '\ufeff{"name":"Bom","categoryId":1}',
    }),
  ],
  [
    3,
    () => ({
      method: 'POST',
      path: '/v1/pets',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: '{"name":"Plain","categoryId":1}',
    }),
  ],
  [3, () => ({ method: 'POST', path: '/v1/pets', headers: json, body: '{"name": "broken' })],
  [
    2,
    () => ({
      method: 'GET',
      path: '/v1/pets',
      headers: ['authorization', `Bearer ${KEY}`, 'authorization', 'Bearer sk_test_free'],
    }),
  ],
  [3, () => ({ method: 'GET', path: '/v1/pets', headers: { ...auth, host: 'evil.example' } })],
  [3, () => ({ method: 'GET', path: '/v1/pets' })],
  [
    3,
    () => ({ method: 'GET', path: `/v1/pets?__code=${pick([400, 401, 404, 429])}`, headers: auth }),
  ],
  [
    5,
    () => ({
      method: 'GET',
      path: '/v1/pets?limit=1',
      headers: { ...auth, prefer: `delay=${Math.floor(random() * MAX_DELAY_MS)}` },
    }),
  ],
  [
    4,
    () => ({
      method: 'GET',
      path: '/v1/pets?limit=1',
      headers: { ...auth, prefer: `delay=${MAX_DELAY_MS}` },
      abortAfterMs: Math.floor(random() * MAX_DELAY_MS),
    }),
  ],
  [3, () => ({ method: 'GET', path: '/openapi.json' })],
  [2, () => ({ method: 'DELETE', path: '/v1/pets', headers: auth })],
  [
    2,
    () => ({
      method: 'OPTIONS',
      path: '/v1/pets',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    }),
  ],
  [2, () => ({ method: 'GET', path: '/nowhere' })],
  [3, () => ({ method: 'GET', path: '/__mock/state' })],
  [
    2,
    () => ({
      method: 'POST',
      path: '/__mock/scenarios',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        status: pick([400, 404, 429]),
        times: 1,
        method: 'GET',
        path: '/v1/store/orders',
      }),
    }),
  ],
  [
    1,
    () => ({
      method: 'DELETE',
      path: '/__mock/scenarios',
      headers: { 'content-type': 'application/json' },
    }),
  ],
  [1, () => ({ method: 'POST', path: '/__mock/reset', headers: { 'content-type': 'text/plain' } })],
  [
    0.3,
    () => ({
      method: 'POST',
      path: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
    }),
  ],
  [
    1,
    () => ({
      method: 'POST',
      path: '/__mock/reset',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    }),
  ],
]
const totalWeight = MIX.reduce((sum, [weight]) => sum + weight, 0)
const nextStep = (): Step => {
  let roll = random() * totalWeight
  for (const [weight, make] of MIX) {
    roll -= weight
    if (roll <= 0) return make()
  }
  return (MIX[0] as [number, () => Step])[1]()
}

const counts = new Map<string, number>()
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)
let requests = 0
let unexpected = 0
const firstProblems: Array<string> = []

async function client(mock: RunningServer, dispatcher: Agent, until: number): Promise<void> {
  while (Date.now() < until) {
    const step = nextStep()
    const controller = new AbortController()
    const timer =
      step.abortAfterMs === undefined
        ? undefined
        : setTimeout(() => controller.abort(), step.abortAfterMs)
    requests++
    try {
      const response = await request(`${mock.url}${step.path}`, {
        method: step.method,
        headers: step.headers,
        body: step.body,
        dispatcher,
        signal: controller.signal,
      })
      await response.body.text()
      count(String(response.statusCode))
      if (response.statusCode >= 500 && response.statusCode !== 507) {
        unexpected++
        if (firstProblems.length < 5)
          firstProblems.push(`${step.method} ${step.path} → ${response.statusCode}`)
      }
    } catch (error) {
      if (controller.signal.aborted) {
        count('aborted')
      } else {
        count('client error')
        unexpected++
        if (firstProblems.length < 5)
          firstProblems.push(`${step.method} ${step.path} → ${String(error)}`)
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

async function sample(mock: RunningServer, started: number): Promise<Sample> {
  // Twice: the first collection can leave garbage that only the second frees.
  gc?.()
  await new Promise((resolve) => setImmediate(resolve))
  gc?.()
  const memory = process.memoryUsage()
  const resources = process.getActiveResourcesInfo()
  const serverConnections = await new Promise<number>((resolve) =>
    mock.server.getConnections((_error, value) => resolve(value)),
  )
  return {
    at: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    heapUsedMb: round(memory.heapUsed / 2 ** 20),
    rssMb: round(memory.rss / 2 ** 20),
    externalMb: round(memory.external / 2 ** 20),
    handles: resources.length,
    timers: resources.filter((kind) => kind === 'Timeout').length,
    sockets: resources.filter((kind) => kind === 'TCPSocketWrap').length,
    serverConnections,
    requests,
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

const mock = await startServer({
  port: 0,
  host: '127.0.0.1',
  seed: 1,
  maxPets: MAX_PETS,
  enterprise: { perMinute: 100_000_000, perDay: 1_000_000_000 },
})
const started = Date.now()
const samples: Array<Sample> = []

// Warm up (JIT, caches, the first connections), then a quiet baseline.
{
  const dispatcher = new Agent({ connections: clients })
  await Promise.all(
    Array.from({ length: clients }, () => client(mock, dispatcher, Date.now() + 5_000)),
  )
  await dispatcher.close()
  await new Promise((resolve) => setTimeout(resolve, 500))
}
const baseline = await sample(mock, started)
samples.push(baseline)
requests = 0
counts.clear()
unexpected = 0
firstProblems.length = 0

const loadStarted = Date.now()
const until = loadStarted + minutes * 60_000
const dispatcher = new Agent({ connections: clients, keepAliveTimeout: 4_000 })
const sampler = setInterval(() => {
  void sample(mock, started).then((value) => {
    samples.push(value)
    if (!values.json)
      process.stderr.write(
        `${value.seconds}s ${value.requests} requests, heap ${value.heapUsedMb} MB, ${value.handles} handles\n`,
      )
  })
}, sampleSeconds * 1000)
await Promise.all(Array.from({ length: clients }, () => client(mock, dispatcher, until)))
clearInterval(sampler)
const loadSeconds = (Date.now() - loadStarted) / 1000
await dispatcher.close()
// Let keep-alive sockets close on both sides.
await new Promise((resolve) => setTimeout(resolve, 6_000))
const end = await sample(mock, started)
samples.push(end)
await mock.close({ timeoutMs: 1_000 })

const report = {
  minutes,
  clients,
  requests,
  requestsPerSecond: Math.round(requests / loadSeconds),
  statuses: Object.fromEntries([...counts].sort()),
  unexpected,
  firstProblems,
  start: baseline,
  end,
  samples,
}
if (values.json) {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
} else {
  const rows: Array<[string, keyof Sample]> = [
    ['heap used after GC (MB)', 'heapUsedMb'],
    ['external (MB)', 'externalMb'],
    ['rss (MB)', 'rssMb'],
    ['active handles', 'handles'],
    ['  of which timers', 'timers'],
    ['  of which TCP sockets', 'sockets'],
    ['server connections', 'serverConnections'],
  ]
  const lines = [
    `soak: ${requests} requests in ${round(loadSeconds)} s (${report.requestsPerSecond}/s), ${clients} clients`,
    `statuses: ${Object.entries(report.statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')}`,
    `unexpected 5xx or broken connections: ${unexpected}${firstProblems.length > 0 ? ` (${firstProblems.join('; ')})` : ''}`,
    '',
    `| ${'measure'.padEnd(24)} | ${'start'.padStart(8)} | ${'end'.padStart(8)} |`,
    `| ${'-'.repeat(24)} | ${'-'.repeat(8)} | ${'-'.repeat(8)} |`,
    ...rows.map(
      ([label, key]) =>
        `| ${label.padEnd(24)} | ${String(baseline[key]).padStart(8)} | ${String(end[key]).padStart(8)} |`,
    ),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}
process.exitCode = unexpected === 0 ? 0 : 1
