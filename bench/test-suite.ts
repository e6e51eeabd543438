/**
 * A real suite: generates a vitest suite of `--files` test files (50), each
 * creating the mock, starting msw's `setupServer` with it and making a few
 * requests (list, get, create), and runs it against the same suite written
 * with hand-written msw handlers that answer the same requests from fixed
 * data. Figure: wall time of `vitest run`, mock over hand-written. Target: at
 * most 1.3x. Beside it, the CPU time of each run (vitest and its workers, from
 * /proc on Linux), which a busy machine disturbs less than wall time.
 *
 * `petstore-mock` is imported as a user's project imports it: a copy of the
 * build installed in a scratch project (`npm run bench` builds first), which
 * vitest loads as a dependency. Rounds alternate the two suites;
 * figures are medians. The load average is printed beside them: on a shared
 * machine, only the ratios within one run mean anything.
 *
 * @example
 * npm run bench
 * node bench/test-suite.ts --files 20 --rounds 5 --json
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { withInstalledCopy } from './install-copy.ts'
import { percentile, readEndedChildrenCpuMs } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'
import { describeLoad, fixed, runBench } from './run-bench.ts'

const ROOT = join(import.meta.dirname, '..')
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs')
const TARGET = 1.3

/** The same test in both suites: what a test of an app's API client does. */
const TEST_BODY = `
const base = 'https://api.example.com/v1'
const auth = { authorization: 'Bearer sk_test_free' }

it('lists, reads and creates pets', async () => {
  const list = await fetch(base + '/pets?limit=5', { headers: auth })
  expect(list.status).toBe(200)
  expect(await list.json()).toHaveLength(5)
  const one = await fetch(base + '/pets/1', { headers: auth })
  expect(one.status).toBe(200)
  expect((await one.json()).id).toBe(1)
  const created = await fetch(base + '/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
  })
  expect(created.status).toBe(201)
  expect(await created.json()).toMatchObject({ name: 'Rex', categoryId: 1 })
})
`

const SUITES = {
  msw: `import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'

const pets = Array.from({ length: 100 }, (_, index) => ({
  id: index + 1, name: 'Pet ' + (index + 1), categoryId: (index % 6) + 1, status: 'available',
}))
const server = setupServer(
  http.get('https://api.example.com/v1/pets', ({ request }) => {
    const limit = Number(new URL(request.url).searchParams.get('limit') ?? 20)
    return HttpResponse.json(pets.slice(0, limit))
  }),
  http.get('https://api.example.com/v1/pets/:petId', ({ params }) => {
    const pet = pets.find((candidate) => candidate.id === Number(params.petId))
    return pet ? HttpResponse.json(pet) : HttpResponse.json({ code: 'not_found' }, { status: 404 })
  }),
  http.post('https://api.example.com/v1/pets', async ({ request }) => {
    const input = await request.json()
    const pet = { id: pets.length + 1, status: 'available', ...input }
    pets.push(pet)
    return HttpResponse.json(pet, { status: 201 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
${TEST_BODY}`,
  'petstore-mock': `import { setupServer } from 'msw/node'
import { createPetstore } from 'petstore-mock'
import { afterAll, beforeAll, expect, it } from 'vitest'

const petstore = createPetstore({ baseUrl: 'https://api.example.com' })
const server = setupServer(...petstore.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
${TEST_BODY}`,
}

type Suite = keyof typeof SUITES

const options = readBenchFlags('node bench/test-suite.ts', {
  files: { default: 50, min: 1, max: 500, whole: true, describe: 'test files per suite' },
  rounds: { default: 3, min: 1, max: 20, whole: true, describe: 'runs per suite, alternating' },
})

await runBench(
  'the test-suite benchmark',
  options.json,
  () => withInstalledCopy(ROOT, measure),
  printReport,
)

async function measure(root: string) {
  const dirs = {} as Record<Suite, string>
  for (const [suite, source] of Object.entries(SUITES) as Array<[Suite, string]>) {
    const dir = join(root, suite)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'vitest.config.mjs'), 'export default { test: {} }\n')
    for (let file = 1; file <= options.files; file++) {
      writeFileSync(join(dir, `api-${String(file).padStart(3, '0')}.test.ts`), source)
    }
    dirs[suite] = dir
  }
  const loadBefore = loadavg()
  const wallMs: Record<Suite, Array<number>> = { msw: [], 'petstore-mock': [] }
  const cpuMs: Record<Suite, Array<number>> = { msw: [], 'petstore-mock': [] }
  for (let round = 1; round <= options.rounds; round++) {
    for (const suite of Object.keys(SUITES) as Array<Suite>) {
      if (!options.json) {
        process.stderr.write(`suite round ${round}/${options.rounds}: ${suite}\n`)
      }
      const cpuBefore = readEndedChildrenCpuMs()
      wallMs[suite].push(await runSuite(dirs[suite]))
      cpuMs[suite].push(readEndedChildrenCpuMs() - cpuBefore)
    }
  }
  const median = (values: Array<number>) => percentile(Float64Array.from(values).sort(), 0.5)
  const mock = median(wallMs['petstore-mock'])
  const msw = median(wallMs.msw)
  const cpu = { mock: median(cpuMs['petstore-mock']), msw: median(cpuMs.msw) }
  return {
    node: process.version,
    cpus: availableParallelism(),
    files: options.files,
    rounds: options.rounds,
    target: TARGET,
    loadAverage: { before: loadBefore, after: loadavg() },
    wallMs,
    cpuMs,
    median: { mock, msw },
    ratio: mock / msw,
    cpu: { ...cpu, ratio: cpu.mock / cpu.msw },
    met: mock / msw <= TARGET,
  }
}

/** One `vitest run` of a suite; fails unless every test passed. */
async function runSuite(dir: string): Promise<number> {
  const started = performance.now()
  try {
    await promisify(execFile)(
      process.execPath,
      [VITEST, 'run', '--root', dir, '--reporter', 'dot'],
      {
        cwd: dir,
        timeout: 600_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    )
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`the suite in ${dir} failed:\n${`${stdout}\n${stderr}`.slice(-4000)}`)
  }
  return performance.now() - started
}

function printReport(report: Awaited<ReturnType<typeof measure>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  out(
    `A vitest suite of ${report.files} files (create, setupServer, list + get + create), ` +
      `${report.rounds} rounds (medians), Node ${report.node}, ${report.cpus} CPUs`,
  )
  out(describeLoad(report.loadAverage.before, report.loadAverage.after))
  out(
    `vitest run wall time: petstore-mock ${fixed(report.median.mock)} ms, hand-written msw handlers ${fixed(report.median.msw)} ms, ` +
      `ratio ${fixed(report.ratio, 2)}x  target <= ${fixed(report.target, 2)}x: ${report.met ? 'met' : 'NOT met'}`,
  )
  if (Number.isFinite(report.cpu.ratio)) {
    out(
      `CPU time (vitest and its workers): petstore-mock ${fixed(report.cpu.mock)} ms, hand-written msw handlers ${fixed(report.cpu.msw)} ms, ` +
        `ratio ${fixed(report.cpu.ratio, 2)}x`,
    )
  }
}
