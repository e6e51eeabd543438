/**
 * A test file's cold start: in a fresh Node process, `import` + creating the
 * mock + the first answered request through msw's `setupServer`, for
 * `petstore-mock` against the same with a hand-written msw handler that
 * returns a fixed list of pets (`msw` + `msw/node` only). Target: at most 1.5x.
 *
 * The package is imported as a user's project imports it: a copy of the build
 * installed in a scratch project (`npm run bench` builds first). Rounds
 * alternate the two, each process timed from spawn to exit (wall) and by its
 * own CPU time (steadier on a busy machine); figures are medians. The load
 * average is printed beside them: on a shared machine, only the ratios
 * within one run mean anything.
 *
 * @example
 * npm run bench
 * node bench/cold-start.ts --rounds 20 --json
 */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { withInstalledCopy } from './install-copy.ts'
import { percentile } from './process-stats.ts'
import { readBenchFlags } from './read-bench-flags.ts'
import { describeLoad, fixed, runBench } from './run-bench.ts'

const ROOT = join(import.meta.dirname, '..')
const TARGET = 1.5

/** What both variants do once ready: one request, checked, then report their own figures. */
const REQUEST_AND_REPORT = `
const server = setupServer(...handlers)
server.listen({ onUnhandledRequest: 'error' })
const response = await fetch('https://api.example.com/v1/pets?limit=20', {
  headers: { authorization: 'Bearer sk_test_free' },
})
const answered = await response.json()
server.close()
if (response.status !== 200 || answered.length !== 20) {
  throw new Error('unexpected answer: ' + response.status + ' ' + JSON.stringify(answered).slice(0, 200))
}
const usage = process.resourceUsage()
process.stdout.write(JSON.stringify({
  sinceStartMs: performance.now(),
  cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
}))
`

const VARIANTS = {
  msw: `import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
const pets = Array.from({ length: 20 }, (_, index) => ({
  id: index + 1, name: 'Pet ' + (index + 1), categoryId: (index % 6) + 1, status: 'available',
}))
const handlers = [http.get('https://api.example.com/v1/pets', () => HttpResponse.json(pets))]
${REQUEST_AND_REPORT}`,
  'petstore-mock': `import { setupServer } from 'msw/node'
import { createPetstore } from 'petstore-mock'
const { handlers } = createPetstore({ baseUrl: 'https://api.example.com' })
${REQUEST_AND_REPORT}`,
}

type Variant = keyof typeof VARIANTS

interface Sample {
  wallMs: number
  sinceStartMs: number
  cpuMs: number
}

const options = readBenchFlags('node bench/cold-start.ts', {
  rounds: { default: 10, min: 1, max: 200, whole: true, describe: 'fresh processes per variant' },
})

await runBench(
  'the cold-start benchmark',
  options.json,
  () => withInstalledCopy(ROOT, measure),
  printReport,
)

async function measure(dir: string) {
  const files = {} as Record<Variant, string>
  for (const [variant, source] of Object.entries(VARIANTS) as Array<[Variant, string]>) {
    files[variant] = join(dir, `${variant}.mjs`)
    writeFileSync(files[variant], source)
  }
  const loadBefore = loadavg()
  // One discarded start of each: the files are in the page cache for every round.
  for (const variant of Object.keys(VARIANTS) as Array<Variant>) await run(files[variant])
  const samples: Record<Variant, Array<Sample>> = { msw: [], 'petstore-mock': [] }
  for (let round = 1; round <= options.rounds; round++) {
    if (!options.json) process.stderr.write(`cold start round ${round}/${options.rounds}\n`)
    for (const variant of Object.keys(VARIANTS) as Array<Variant>) {
      samples[variant].push(await run(files[variant]))
    }
  }
  const median = (variant: Variant, field: keyof Sample) =>
    percentile(Float64Array.from(samples[variant].map((sample) => sample[field])).sort(), 0.5)
  const figures = (['wallMs', 'sinceStartMs', 'cpuMs'] as const).map((field) => {
    const mock = median('petstore-mock', field)
    const msw = median('msw', field)
    return { field, mock, msw, ratio: mock / msw, met: mock / msw <= TARGET }
  })
  return {
    node: process.version,
    cpus: availableParallelism(),
    rounds: options.rounds,
    target: TARGET,
    loadAverage: { before: loadBefore, after: loadavg() },
    samples,
    figures,
  }
}

async function run(file: string): Promise<Sample> {
  const started = performance.now()
  const { stdout } = await promisify(execFile)(process.execPath, [file], {
    cwd: dirname(file),
    timeout: 60_000,
  })
  const wallMs = performance.now() - started
  const own = JSON.parse(stdout) as Omit<Sample, 'wallMs'>
  return { wallMs, ...own }
}

function printReport(report: Awaited<ReturnType<typeof measure>>): void {
  const out = (line = '') => process.stdout.write(`${line}\n`)
  out(
    `A test file's cold start: import + create + first answered request through setupServer, ` +
      `fresh process, ${report.rounds} rounds (medians), Node ${report.node}, ${report.cpus} CPUs`,
  )
  out(describeLoad(report.loadAverage.before, report.loadAverage.after))
  const names = {
    wallMs: 'spawn to exit (ms)',
    sinceStartMs: 'process start to first answer (ms)',
    cpuMs: 'CPU time of the process (ms)',
  }
  for (const figure of report.figures) {
    out(
      `${names[figure.field].padEnd(36)} petstore-mock ${fixed(figure.mock, 1).padStart(6)}  ` +
        `msw alone ${fixed(figure.msw, 1).padStart(6)}  ratio ${fixed(figure.ratio, 2)}x  ` +
        `target <= ${fixed(report.target, 2)}x: ${figure.met ? 'met' : 'NOT met'}`,
    )
  }
}
