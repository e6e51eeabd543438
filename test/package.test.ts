import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { constants, existsSync } from 'node:fs'
import {
  access,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, relative, resolve, sep } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkNodeVersion } from '../src/cli/check-node-version.ts'
import {
  commandLineOf,
  descendantsOf,
  isRunning,
  untilAllExit,
} from '../src/test-utils/process-tree.ts'
import { docFiles, readDoc } from './docs.ts'

/**
 * The package as a user gets it: `npm pack` (which runs the `prepare` build),
 * installed from the tarball into fresh projects beside msw 3 and beside the
 * oldest msw 2 of the peer range, then type-checked, run, and its bins started.
 * Every child process runs on this process's Node (the repo's Node 24), also
 * npm's own scripts and the bins, through PATH.
 */

const ROOT = resolve(import.meta.dirname, '..')
const CONSUMER = join(import.meta.dirname, 'consumer')
/** msw 3, and the oldest msw 2 that the peer range allows. */
const MSW_VERSIONS = { msw3: 'msw@^3', msw2: 'msw@2.12.0' } as const
const MSW_INSTALLED = { msw3: /^3\./, msw2: /^2\.12\.0$/ } as const
type Project = keyof typeof MSW_VERSIONS

const PACK_MS = 120_000
const INSTALL_MS = 240_000
const TSC_MS = 120_000
const RUN_MS = 60_000
const SERVER_MS = 30_000

const env = childEnv()
const children = new Set<ChildProcess>()
let workDir = ''
let tarball = ''
/** The checkout's package.json before `npm pack`, which must leave it as it was. */
let manifestBeforePack = ''
let packed: Array<{ path: string; mode: number }> = []
const projects: Record<Project, string> = { msw3: '', msw2: '' }

beforeAll(
  async () => {
    workDir = await mkdtemp(join(tmpdir(), 'petstore-mock-pack-'))
    manifestBeforePack = await readFile(join(ROOT, 'package.json'), 'utf8')
    const pack = await run('npm', ['pack', '--json', '--pack-destination', workDir], {
      cwd: ROOT,
      timeoutMs: PACK_MS,
    })
    const [result] = parsePackJson(pack.stdout)
    tarball = join(workDir, result.filename)
    packed = result.files
    await Promise.all(
      (Object.keys(MSW_VERSIONS) as Array<Project>).map(async (project) => {
        const dir = join(workDir, project)
        await mkdir(dir)
        await writeFile(
          join(dir, 'package.json'),
          `${JSON.stringify({ name: `consumer-${project}`, private: true, type: 'module' }, null, 2)}\n`,
        )
        await copyFile(join(CONSUMER, 'tsconfig.json'), join(dir, 'tsconfig.json'))
        await copyFile(join(CONSUMER, 'pets.spec.ts'), join(dir, 'pets.spec.ts'))
        await run(
          'npm',
          [
            'install',
            tarball,
            MSW_VERSIONS[project],
            // The vitest examples of the docs run beside msw 3.
            ...(project === 'msw3' ? ['vitest@^5'] : []),
            'typescript@~6.0.3',
            '@types/node',
            '--no-audit',
            '--no-fund',
            '--prefer-offline',
            '--loglevel=error',
          ],
          { cwd: dir, timeoutMs: INSTALL_MS },
        )
        projects[project] = dir
      }),
    )
  },
  PACK_MS + INSTALL_MS + 30_000,
)

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

/** Imports the installed package, makes a pet and prints every module loaded on the way. */
const LOADED_BY_FIRST_ANSWERS = `
import { registerHooks } from 'node:module'
const loaded = []
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context) } })
const { createPetstore } = await import('petstore-mock')
const petstore = createPetstore({ baseUrl: 'https://api.example.com' })
const response = await petstore.fetch(new Request('https://api.example.com/v1/pets', {
  method: 'POST',
  headers: { authorization: 'Bearer sk_test_free', 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
}))
process.stdout.write(JSON.stringify({ status: response.status, loaded }))
`

describe('the tarball', () => {
  it('ships the build and no tests, sources or stale output', async () => {
    const paths = packed.map((file) => file.path)
    expect(paths).toContain('package.json')
    expect(paths).toContain('README.md')
    expect(paths).toContain('dist/src/index.js')
    expect(paths).toContain('dist/src/index.d.ts')
    expect(paths).toContain('CHANGELOG.md')
    expect(paths).toContain('LICENSE')
    // The README links the pages of docs/ and the kit's catalogue: an installed copy has them.
    for (const doc of [...docFiles(), 'conformance/CATALOGUE.md']) expect(paths).toContain(doc)
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
    const license = await readFile(join(ROOT, 'LICENSE'), 'utf8')
    expect(manifest.license).toBe('MIT')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} petstore-mock contributors\n/)
    expect(paths.filter((path) => /\.test\./.test(path))).toEqual([])
    expect(paths.filter((path) => path.includes('test-utils'))).toEqual([])
    expect(paths.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([])
    // Output of a source that is gone would ship too: `rm -rf dist` and pack again.
    const built = paths.filter((path) => path.startsWith('dist/') && path.endsWith('.js'))
    // The petstore-mock bin's bundle: the bin and the files it imports; and
    // the exported entry points' bundles, with the chunks they share.
    const bundle = await bundleOf(join(ROOT, 'dist/bin/petstore-mock.js'))
    const entryFiles = await importedByEntries()
    for (const path of paths.filter((path) => path.startsWith('dist/chunks/'))) {
      expect(entryFiles, `${path} is imported by an exported entry`).toContain(path)
      bundle.push(path)
    }
    expect(bundle).toContain('dist/bin/petstore-mock-server.js')
    // The bin reads only its own small files before its checks; the server
    // file is loaded after them, with import().
    const bin = await readFile(join(ROOT, 'dist/bin/petstore-mock.js'), 'utf8')
    const staticImports = [...bin.matchAll(/^import .*"(\.\/[^"]+)";$/gm)].map(([, file]) => file)
    expect(staticImports.length, 'the bin imports its small files').toBeGreaterThan(0)
    expect(staticImports).not.toContain('./petstore-mock-server.js')
    const orphans: Array<string> = []
    for (const path of built) {
      if (bundle.includes(path)) continue
      const source = join(ROOT, path.slice('dist/'.length).replace(/\.js$/, '.ts'))
      if (!(await exists(source))) orphans.push(path)
    }
    expect(orphans, 'built files without a source').toEqual([])
  })

  it("packs package.json without the checkout's scripts, and leaves the checkout's as it was", {
    timeout: RUN_MS,
  }, async () => {
    const { stdout } = await run('tar', ['-xzOf', tarball, 'package/package.json'], {
      cwd: workDir,
      timeoutMs: RUN_MS,
    })
    const inTarball = JSON.parse(stdout) as Record<string, unknown>
    const manifest = JSON.parse(manifestBeforePack) as Record<string, unknown>
    // `prepare` builds a clone on `npm install`: installing the tarball needs it not.
    expect(manifest.scripts).toMatchObject({ prepare: 'npm run build' })
    const { scripts: _scripts, ...withoutScripts } = manifest
    expect(inTarball).toEqual(withoutScripts)
    expect(await readFile(join(ROOT, 'package.json'), 'utf8')).toBe(manifestBeforePack)
    expect(await exists(join(ROOT, '.package.json.unpacked'))).toBe(false)
  })

  it('holds every file that package.json exports, and every bin as an executable', async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>
      exports: Record<string, string | Record<string, string>>
    }
    const relative = (target: string) => target.replace(/^\.\//, '')
    const targets = [
      ...Object.values(manifest.bin),
      ...Object.values(manifest.exports).flatMap((entry) =>
        typeof entry === 'string' ? [entry] : Object.values(entry),
      ),
    ].map(relative)
    const modes = new Map(packed.map((file) => [file.path, file.mode]))
    expect(targets.filter((target) => !modes.has(target))).toEqual([])
    const bins = Object.values(manifest.bin).map(relative)
    expect(bins.filter((bin) => ((modes.get(bin) ?? 0) & 0o111) === 0)).toEqual([])
  })
})

describe.each(Object.keys(MSW_VERSIONS) as Array<Project>)('installed beside %s', (project) => {
  it('reads zod from its own chunks: no module of the zod package, no locale', {
    timeout: RUN_MS,
  }, async () => {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '--no-warnings', '-e', LOADED_BY_FIRST_ANSWERS],
      { cwd: projects[project], timeoutMs: RUN_MS },
    )
    const { status, loaded } = JSON.parse(stdout) as { status: number; loaded: Array<string> }
    expect(status).toBe(201)
    expect(loaded.filter((url) => url.includes('/node_modules/petstore-mock/'))).not.toEqual([])
    expect(loaded.filter((url) => /\/node_modules\/zod\/|locales/.test(url))).toEqual([])
  })

  it('resolves one copy of msw, the one asked for', { timeout: RUN_MS }, async () => {
    const modules = join(projects[project], 'node_modules')
    const manifest = JSON.parse(await readFile(join(modules, 'msw/package.json'), 'utf8')) as {
      version: string
    }
    expect(manifest.version).toMatch(MSW_INSTALLED[project])
    const entries = await readdir(modules, { recursive: true })
    expect(entries.filter((entry) => /(^|[\\/])node_modules[\\/]msw$/.test(entry))).toEqual([])
  })

  it('type-checks an importer (strict, module nodenext, no skipLibCheck)', {
    timeout: TSC_MS + 5_000,
  }, async () => {
    const tsc = join(projects[project], 'node_modules/typescript/bin/tsc')
    const { code, stdout } = await run(process.execPath, [tsc, '-p', '.', '--pretty', 'false'], {
      cwd: projects[project],
      timeoutMs: TSC_MS,
      allowFailure: true,
    })
    // Errors inside other packages' declarations are theirs (msw 2.12.0's
    // @mswjs/interceptors against TypeScript 6's DOM types, for one); the
    // importer's file and this package's declarations must be clean.
    const errors = stdout.split('\n').filter((line) => /: error TS\d+:/.test(line))
    const ours = errors.filter(
      (line) => !line.startsWith('node_modules/') || line.startsWith('node_modules/petstore-mock/'),
    )
    expect(ours, stdout).toEqual([])
    if (code !== 0) expect(errors.length, `tsc exited with ${code}:\n${stdout}`).toBeGreaterThan(0)
  })

  it("runs an importer's node:test file with setupServer and fetch", {
    timeout: RUN_MS + 5_000,
  }, async () => {
    const { stdout } = await run(process.execPath, ['--test-reporter=tap', 'pets.spec.ts'], {
      cwd: projects[project],
      timeoutMs: RUN_MS,
    })
    expect(stdout).toMatch(/^# pass 7$/m)
    expect(stdout).toMatch(/^# fail 0$/m)
  })
})

/**
 * The fenced blocks of the README and of docs/ that are meant to run, each
 * found by its first line (or a line of it) and run as a user pastes it, in
 * the project that installed the tarball. The only change: a mock the test
 * starts on port 0 stands in for the docs' `http://127.0.0.1:4010`.
 */
const RUN: Record<string, string> = {
  'first.test.ts': '// first.test.ts: runs as pasted with vitest',
  'pets.test.ts': '// pets.test.ts: runs as pasted with vitest',
  'client.mts': '// client.mts: npx node client.mts',
  'run-conformance.mts': '// run-conformance.mts: npx node run-conformance.mts',
  'conformance.test.ts': '// conformance.test.ts: npx vitest run conformance.test.ts',
  'prefer.mjs': "const key = { Authorization: 'Bearer sk_test_free' }",
  'match.mjs': '// From a page served by the mock, or a test runner',
  'coverage-list.test.ts': '// coverage-list.test.ts: a test file that writes its coverage',
  'coverage-errors.test.ts': '// coverage-errors.test.ts: another test file, forcing a state',
}
/** `ts` and `js` blocks not run here, and why. */
const NOT_RUN: Record<string, string> = {
  "import { setupWorker } from 'msw/browser'":
    'runs in a page built by your bundler; test/browser.test.ts runs the same handlers under setupWorker in Chromium',
  "petstore.force('listPets:429:rate-limited', { times: 1 })":
    'src/control/admin/coverage-routes.test.ts reads coverage() and force() in-process and through connectPetstore against a real server, and holds the two reports equal',
  "import { Verifier } from '@pact-foundation/pact'":
    'needs @pact-foundation/pact in your project; src/control/admin/coverage-pact.test.ts runs this Verifier against the mock on the exported file',
  'proxy: process.env.API_URL':
    'needs a real server at API_URL; src/core/proxy/in-process-proxy.test.ts does the same under setupServer against the reference server',
}

describe('the examples of the README and docs/, as pasted', () => {
  let readme = ''
  let mockUrl = ''
  let mock: ChildProcess | undefined
  const bin = () => join(projects.msw3, 'node_modules/.bin/petstore-mock')
  /** A block of the docs as pasted, talking to the test's mock instead of port 4010. */
  const block = (lang: string, marker: string) => {
    const found = readmeBlocks(readme).filter(
      (item) => item.lang === lang && item.text.includes(marker),
    )
    expect(
      found.map((item) => item.text.split('\n')[0]),
      marker,
    ).toHaveLength(1)
    return (found[0]?.text ?? '').replaceAll('http://127.0.0.1:4010', mockUrl)
  }
  const journal = async () =>
    (await (await fetch(`${mockUrl}/__mock/requests`)).json()) as Array<Record<string, unknown>>
  const node = (file: string, timeoutMs = RUN_MS) =>
    run(process.execPath, [file], { cwd: projects.msw3, timeoutMs })
  /** A `ts` block's own command, from its first line (`// client.mts: npx node client.mts, …`), run with sh. */
  const pasted = (file: string, timeoutMs = RUN_MS) =>
    run('sh', ['-c', commandOf(block('ts', RUN[file] as string))], {
      cwd: projects.msw3,
      timeoutMs,
    })
  const vitest = (file: string, extra: NodeJS.ProcessEnv = {}) =>
    run(
      process.execPath,
      [join(projects.msw3, 'node_modules/vitest/vitest.mjs'), 'run', file, '--reporter=verbose'],
      { cwd: projects.msw3, timeoutMs: 2 * RUN_MS, env: extra },
    )
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its summary.
  const plain = (text: string) => text.replace(/\u001b\[[\d;]*m/g, '')

  beforeAll(async () => {
    readme = allDocs()
    const started = await startBin(bin(), ['--port', '0', '--quiet'], projects.msw3)
    mock = started.child
    mockUrl = started.url
  }, SERVER_MS + 5_000)

  beforeEach(async () => {
    // Each example starts from the seeded mock, as after `npx petstore-mock`.
    const reset = await fetch(`${mockUrl}/__mock/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(reset.status).toBe(200)
  })

  afterAll(async () => {
    if (mock === undefined) return
    const exited = new Promise((done) => mock?.once('exit', done))
    mock.kill('SIGTERM')
    await withTimeout(exited, SERVER_MS, 'the mock of the examples to exit').finally(() =>
      mock?.kill('SIGKILL'),
    )
  })

  it('runs every ts and js block, or says why not', () => {
    const markers = [...Object.values(RUN), ...Object.keys(NOT_RUN)]
    const blocks = readmeBlocks(readme).filter((item) => item.lang === 'ts' || item.lang === 'js')
    const unplaced = blocks
      .filter((item) => markers.filter((marker) => item.text.includes(marker)).length !== 1)
      .map((item) => item.text.split('\n')[0])
    expect(unplaced).toEqual([])
    expect(blocks.length).toBe(markers.length)
  })

  it("runs the README's quick start for a test author against the installed package", {
    timeout: 2 * RUN_MS + 5_000,
  }, async () => {
    await writeFile(
      join(projects.msw3, 'first.test.ts'),
      block('ts', RUN['first.test.ts'] as string),
    )
    const { stdout } = await vitest('first.test.ts')
    expect(plain(stdout)).toMatch(/Tests\s+1 passed \(1\)/)
  })

  it('runs the vitest example against the installed package', {
    timeout: 2 * RUN_MS + 5_000,
  }, async () => {
    await writeFile(join(projects.msw3, 'pets.test.ts'), block('ts', RUN['pets.test.ts'] as string))
    const { stdout } = await vitest('pets.test.ts')
    expect(plain(stdout)).toMatch(/Tests\s+3 passed \(3\)/)
  })

  it('writes coverage from two vitest files on two shards; the merge command fails a threshold naming the unmet cells, and passes one it meets', {
    timeout: 6 * RUN_MS,
  }, async () => {
    const cwd = projects.msw3
    const files = ['coverage-list.test.ts', 'coverage-errors.test.ts']
    for (const file of files) await writeFile(join(cwd, file), block('ts', RUN[file] as string))
    // The docs' shards, each a vitest process of its own, on the two files.
    for (const shard of ['1/2', '2/2']) {
      const { stdout } = await run(
        process.execPath,
        [join(cwd, 'node_modules/vitest/vitest.mjs'), 'run', `--shard=${shard}`, ...files],
        { cwd, timeoutMs: 2 * RUN_MS },
      )
      expect(plain(stdout)).toMatch(/Tests\s+\d+ passed \(\d+\)/)
    }
    const written = (await readdir(join(cwd, 'petstore-coverage'))).sort()
    expect(written).toHaveLength(2)
    expect(written[0]).toMatch(
      /^coverage-errors\.test\.ts\.[0-9a-f]{10}\.[0-9a-f]{8}\.petstore-coverage\.json$/,
    )
    expect(written[1]).toMatch(/^coverage-list\.test\.ts\./)

    const merge = block('sh', 'npx petstore-mock coverage merge petstore-coverage')
    const summary = join(workDir, 'step-summary.md')
    const failed = await run('sh', ['-c', merge], {
      cwd,
      timeoutMs: RUN_MS,
      allowFailure: true,
      env: { GITHUB_STEP_SUMMARY: summary },
    })
    expect(failed.code, failed.stderr).toBe(1)
    // What the docs show it prints, as printed.
    const shown = block('text', 'petstore-mock coverage: ')
      .split('\n')
      .filter((line) => line !== '' && line.trim() !== '...')
    expect(failed.stdout.split('\n').slice(0, shown.length)).toEqual(shown)
    expect(failed.stdout).toContain(
      '  GET /v1/pets/{petId}: deprecation headers (Deprecation, Sunset) (200)  getPet:200:deprecated',
    )
    expect(failed.stdout).not.toContain('listPets:429:rate-limited')
    const json = JSON.parse(await readFile(join(cwd, 'coverage.json'), 'utf8'))
    expect(json).toMatchObject({ files: 2, metCells: 3, passed: false, threshold: 80 })
    expect(
      json.cells
        .filter((cell: { met: number }) => cell.met > 0)
        .map((cell: { id: string }) => cell.id),
    ).toEqual(['listPets:200:page-full', 'listPets:429:rate-limited', 'getPet:404:not-found'])
    expect(await readFile(join(cwd, 'coverage.xml'), 'utf8')).toContain(
      '<failure message="GET /v1/pets: empty list (200) was never met [listPets:200:empty]"',
    )
    const markdown = await readFile(join(cwd, 'coverage.md'), 'utf8')
    expect(markdown).toContain('<h2>petstore-mock coverage: failed</h2>')
    expect(await readFile(summary, 'utf8')).toBe(markdown)

    const met = await run('sh', ['-c', merge.replace('--threshold 80', '--threshold 4.5')], {
      cwd,
      timeoutMs: RUN_MS,
      env: { GITHUB_STEP_SUMMARY: summary },
    })
    expect(met.code).toBe(0)
    expect(met.stdout.split('\n')[0]).toBe(
      'petstore-mock coverage: 3 of 65 cells met (4.6 %) in 2 files: threshold 4.5 % met',
    )
  })

  it('runs the remote-control client example with node', { timeout: RUN_MS + 5_000 }, async () => {
    await writeFile(join(projects.msw3, 'client.mts'), block('ts', RUN['client.mts'] as string))
    const { stdout } = await pasted('client.mts')
    expect(stdout.split('\n')[0]).toBe('rate_limited scenario')
    expect(stdout).toContain("path: '/v1/pets'")
  })

  it("runs the page's fetch examples in .mjs files", { timeout: 2 * RUN_MS }, async () => {
    await writeFile(join(projects.msw3, 'prefer.mjs'), block('js', RUN['prefer.mjs'] as string))
    await node('prefer.mjs')
    expect(await journal()).toMatchObject([
      { path: '/v1/pets', status: 503, forced: 'prefer' },
      { path: '/v1/pets', status: 429, forced: 'query' },
    ])
    await writeFile(join(projects.msw3, 'match.mjs'), block('js', RUN['match.mjs'] as string))
    await node('match.mjs')
    const scenarios = await (await fetch(`${mockUrl}/__mock/scenarios`)).json()
    expect(scenarios).toMatchObject([
      { status: 400, remaining: 5, match: { body: { name: 'Error' } } },
    ])
  })

  it.skipIf(!hasCurl())('runs the curl commands with sh', { timeout: RUN_MS + 5_000 }, async () => {
    const list = await run(
      'sh',
      ['-c', block('sh', "curl -H 'Authorization: Bearer sk_test_free'")],
      {
        cwd: projects.msw3,
        timeoutMs: RUN_MS,
      },
    )
    expect((JSON.parse(list.stdout) as Array<unknown>).length).toBe(3)
    const scenarios = block('sh', '# The next 3 GET /v1/pets/{any id} answer 500')
    // The block queues, drops and resets: run without its last two lines, the scenario is there.
    await run('sh', ['-c', scenarios.split('\n').slice(0, 3).join('\n')], {
      cwd: projects.msw3,
      timeoutMs: RUN_MS,
    })
    expect(await (await fetch(`${mockUrl}/__mock/scenarios`)).json()).toMatchObject([
      { status: 500, remaining: 3, method: 'GET', path: '/v1/pets/{petId}' },
    ])
    await run('sh', ['-c', scenarios], { cwd: projects.msw3, timeoutMs: RUN_MS })
    expect(await (await fetch(`${mockUrl}/__mock/scenarios`)).json()).toEqual([])
  })

  it('runs the conformance library example with node', {
    timeout: 2 * RUN_MS + 5_000,
  }, async () => {
    const file = 'run-conformance.mts'
    await writeFile(join(projects.msw3, file), block('ts', RUN[file] as string))
    const { stdout } = await pasted(file, 2 * RUN_MS)
    // console.log(result.summary, result.stats, result.exitCode): the exit code last.
    expect(stdout.trim()).toMatch(/failed: 0,[\s\S]* 0$/)
  })

  it('runs the conformance vitest example', { timeout: 2 * RUN_MS + 5_000 }, async () => {
    const file = 'conformance.test.ts'
    await writeFile(join(projects.msw3, file), block('ts', RUN[file] as string))
    const { stdout } = await vitest(file, { API_URL: `${mockUrl}/v1` })
    expect(plain(stdout)).toMatch(/Tests\s+\d+ passed[^\n]*\(\d+\)/)
    expect(plain(stdout)).not.toMatch(/\d+ failed/)
  })

  it('serves the fixtures example, and the fixtures file of --help from the project', {
    timeout: 2 * SERVER_MS + 5_000,
  }, async () => {
    await writeFile(
      join(projects.msw3, 'fixtures.json'),
      block('json', '"categories": [{ "id": 1, "name": "Dogs" }]'),
    )
    const own = await startBin(bin(), ['--port', '0', '--fixtures', 'fixtures.json'], projects.msw3)
    try {
      const pets = await fetch(`${own.url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free' },
      })
      expect(await pets.json()).toEqual([
        { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      ])
    } finally {
      own.child.kill('SIGKILL')
    }
    const help = await run(bin(), ['--help'], { cwd: projects.msw3, timeoutMs: RUN_MS })
    const [, example = ''] =
      /^\s*petstore-mock (--fixtures \S+ --no-admin)\s/m.exec(help.stdout) ?? []
    expect(example).toBe('--fixtures node_modules/petstore-mock/fixtures/example.json --no-admin')
    const theirs = await startBin(bin(), [...example.split(' '), '--port', '0'], projects.msw3)
    try {
      const pets = await fetch(`${theirs.url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free' },
      })
      expect(pets.status).toBe(200)
    } finally {
      theirs.child.kill('SIGKILL')
    }
  })
})

describe('the installed bins', () => {
  const bin = (name: string) => join(projects.msw3, 'node_modules/.bin', name)

  it('petstore-mock serves on --port 0 and exits 0 on SIGTERM', {
    timeout: 3 * SERVER_MS,
  }, async () => {
    await access(bin('petstore-mock'), constants.X_OK)
    const child = spawn(bin('petstore-mock'), ['--port', '0'], {
      cwd: projects.msw3,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    const output = collect(child)
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    try {
      const url = await waitFor(output, /listening on (http:\/\/\S+)/, exited, SERVER_MS)
      const response = await fetch(`${url}/v1/pets`, {
        headers: { authorization: 'Bearer sk_test_free' },
        signal: AbortSignal.timeout(SERVER_MS),
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ratelimit-limit')).toBe('60')
      expect(((await response.json()) as Array<unknown>).length).toBe(20)
      // petstore-mock/client, as an importer reaches it from the tarball.
      await writeFile(
        join(projects.msw3, 'client-check.mjs'),
        [
          "import { connectPetstore } from 'petstore-mock/client'",
          'const petstore = connectPetstore(process.argv[2])',
          "await petstore.simulate({ status: 503, method: 'GET', path: '/v1/pets' })",
          "const answer = await fetch(process.argv[2] + '/v1/pets', { headers: { authorization: 'Bearer sk_test_free' } })",
          'const entry = await petstore.waitForRequest({ since: 0, status: 503 })',
          'console.log(JSON.stringify({ status: answer.status, entry }))',
        ].join('\n'),
      )
      const checked = await run(process.execPath, ['client-check.mjs', url], {
        cwd: projects.msw3,
        timeoutMs: RUN_MS,
      })
      expect(JSON.parse(checked.stdout)).toMatchObject({
        status: 503,
        entry: { path: '/v1/pets', status: 503, code: 'service_unavailable', forced: 'scenario' },
      })
      child.kill('SIGTERM')
      const code = await withTimeout(exited, SERVER_MS, 'petstore-mock to exit after SIGTERM')
      expect(code, output.text()).toBe(0)
    } finally {
      child.kill('SIGKILL')
      children.delete(child)
    }
  })

  // The bins must load nothing a Node older than engines.node lacks before
  // they check its version (a bundler hoisting an import above the check
  // turns the clear line into a SyntaxError). Runs where such a Node is on
  // PATH (a system Node 20 beside the project's Node 24, for one); skipped
  // where none is.
  const oldNode = findOldNode()
  it.skipIf(oldNode === undefined)(
    `each bin, on an older Node (${oldNode?.version ?? 'none on PATH'}), prints one line and exits`,
    { timeout: 2 * RUN_MS },
    async () => {
      for (const [name, exitCode] of [
        ['petstore-mock', 1],
        ['petstore-conformance', 2],
      ] as const) {
        const expected = checkNodeVersion({
          version: oldNode?.version.slice(1),
          prefix: `[${name}]`,
        })
        const { code, stdout, stderr } = await run(oldNode?.path ?? '', [bin(name), '--help'], {
          cwd: projects.msw3,
          timeoutMs: RUN_MS,
          allowFailure: true,
        })
        expect({ name, code, stdout, stderr }).toEqual({
          name,
          code: exitCode,
          stdout: '',
          stderr: `${expected}\n`,
        })
      }
    },
  )

  it.runIf(HAS_PROC)(
    'petstore-mock under npx: a SIGTERM to npx leaves no process listening',
    { timeout: 3 * SERVER_MS },
    async () => {
      const { stderr } = await npxMockStoppedBySigterm(projects.msw3, env)
      expect(stderr).not.toMatch(/EBADENGINE|npm warn/)
    },
  )

  it('petstore-conformance answers --help', { timeout: RUN_MS + 5_000 }, async () => {
    await expect(
      access(bin('petstore-conformance'), constants.X_OK),
      'node_modules/.bin/petstore-conformance exists and is executable',
    ).resolves.toBeUndefined()
    const { stdout } = await run(bin('petstore-conformance'), ['--help'], {
      cwd: projects.msw3,
      timeoutMs: RUN_MS,
    })
    expect(stdout).toContain('--base-url')
  })
})

/**
 * The set-up of docs/install.md for an older Node (a system Node 20): `node@24` added
 * to the project, npm run on it, the examples run with `npx node`. Runs where
 * such a Node is on PATH, with this test's Node 24 taken off it.
 */
const olderNode = findOldNode()
describe.runIf(olderNode !== undefined)(
  `on an older Node (${olderNode?.version ?? 'none on PATH'}) with node@24 in the project, as docs/install.md sets it up`,
  () => {
    const readme = async () => allDocs()
    let dir = ''
    let setup = ''
    /** PATH with the older Node first and no other `node`; npm's installs served from its cache where it can. */
    const oldEnv = (): NodeJS.ProcessEnv => ({
      PATH: [
        dirname(olderNode?.path ?? ''),
        ...(process.env.PATH ?? '')
          .split(delimiter)
          .filter((entry) => entry !== '' && !existsSync(join(entry, 'node'))),
      ].join(delimiter),
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    })

    beforeAll(
      async () => {
        dir = join(workDir, 'node20')
        await mkdir(dir)
        await writeFile(
          join(dir, 'package.json'),
          `${JSON.stringify({ name: 'consumer-node20', private: true, type: 'module' }, null, 2)}\n`,
        )
        // The block for a tarball on Node 20 as pasted, but for the tarball's path and for
        // starting the mock, which the tests do on port 0.
        const clone = '/path/to/clone/petstore-mock-<version>.tgz'
        const blocks = readmeBlocks(await readme()).filter(
          (item) => item.lang === 'sh' && item.text.includes('npm install --save-dev node@24'),
        )
        expect(blocks.map((item) => item.text)).toContainEqual(
          expect.stringContaining("npx -c 'npm install --save-dev petstore-mock msw'"),
        )
        const block = blocks.find((item) => item.text.includes(clone))
        expect(block?.text, 'the block of docs/install.md for a tarball on Node 20').toContain(
          `npx -c 'npm install --save-dev ${clone} msw'`,
        )
        const commands = (block?.text ?? '')
          .split('\n')
          .filter((line) => !/^\s*(#|$)/.test(line) && !line.startsWith('npx petstore-mock'))
          .map((line) => line.replace(clone, tarball))
        const { stdout, stderr } = await run('sh', ['-c', commands.join('\n')], {
          cwd: dir,
          timeoutMs: 2 * INSTALL_MS,
          env: oldEnv(),
        })
        setup = `${stdout}\n${stderr}`
      },
      2 * INSTALL_MS + 30_000,
    )

    it('installs the tarball as docs/install.md says: no engine warning, no install script of the package, msw 3 beside it', async () => {
      expect(setup.split('\n').filter((line) => /EBADENGINE/.test(line))).toEqual([])
      expect(setup.split('\n').filter((line) => /petstore-mock@/.test(line))).toEqual([])
      const msw = JSON.parse(await readFile(join(dir, 'node_modules/msw/package.json'), 'utf8'))
      expect(msw.version).toMatch(/^3\./)
    })

    it.runIf(HAS_PROC)(
      'runs npx petstore-mock and the client example as pasted; a SIGTERM to npx leaves nothing listening',
      { timeout: 3 * SERVER_MS + RUN_MS },
      async () => {
        const { stderr } = await npxMockStoppedBySigterm(dir, oldEnv(), async (url) => {
          const [block = ''] = readmeBlocks(await readme())
            .filter((item) => item.lang === 'ts' && item.text.includes(RUN['client.mts'] as string))
            .map((item) => item.text.replaceAll('http://127.0.0.1:4010', url))
          await writeFile(join(dir, 'client.mts'), block)
          const { stdout } = await run('sh', ['-c', commandOf(block)], {
            cwd: dir,
            timeoutMs: RUN_MS,
            env: oldEnv(),
          })
          expect(stdout.split('\n')[0]).toBe('rate_limited scenario')
        })
        expect(stderr).not.toMatch(/EBADENGINE|npm warn/)
      },
    )
  },
)

/**
 * Starts `npx petstore-mock --port 0` in a project, calls `use` with its URL,
 * then sends SIGTERM to npx's own pid (as a CI script, an IDE or a process
 * manager does) and waits until every process npx started has exited and
 * the port refuses. Resolves with what npx printed on stderr.
 */
async function npxMockStoppedBySigterm(
  cwd: string,
  childEnvironment: NodeJS.ProcessEnv,
  use: (url: string) => Promise<void> = async () => {},
): Promise<{ stderr: string }> {
  const npx = spawn('npx', ['petstore-mock', '--port', '0', '--quiet'], {
    cwd,
    env: { ...env, ...childEnvironment },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(npx)
  const output = collect(npx)
  const exited = new Promise<number | null>((done) => npx.once('exit', (code) => done(code)))
  let started: Array<number> = []
  try {
    const url = await waitFor(output, /listening on (http:\/\/\S+)/, exited, SERVER_MS)
    // npm exec, the shell it runs the command in, and the mock's node below them.
    started = descendantsOf(npx.pid as number)
    expect(started.map(commandLineOf).join('\n')).toMatch(/petstore-mock --port 0/)
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
    await use(url)
    npx.kill('SIGTERM')
    await untilAllExit(started, SERVER_MS, 'npx got SIGTERM', () => output.text())
    await expect(fetch(`${url}/openapi.json`)).rejects.toThrow()
    return { stderr: output.stderr() }
  } finally {
    npx.kill('SIGKILL')
    for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  }
}

/** Whether /proc names each process's children (Linux): the npx tests find the mock's pid there. */
const HAS_PROC = existsSync('/proc/self/task')

/** The command a block's first line names: `// client.mts: npx node client.mts, beside …`. */
function commandOf(block: string): string {
  const [, command = ''] =
    /^\/\/ [\w.-]+: (.+?)(?:, beside .*)?$/m.exec(block.split('\n')[0] ?? '') ?? []
  expect(command, block.split('\n')[0]).toMatch(/^npx node [\w.-]+\.mts$/)
  return command
}

/** The fenced code blocks of a Markdown text, with their language. */
function readmeBlocks(markdown: string): Array<{ lang: string; text: string }> {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, lang = '', text = '']) => ({
    lang,
    text,
  }))
}

/** The README and every page of docs/, one after the other. */
function allDocs(): string {
  return docFiles()
    .map((path) => readDoc(path))
    .join('\n')
}

/** Whether curl is on PATH. */
function hasCurl(): boolean {
  return spawnSync('curl', ['--version'], { timeout: 10_000 }).status === 0
}

/** Starts a bin that serves, and resolves with its URL once it says where it listens. */
async function startBin(
  command: string,
  args: Array<string>,
  cwd: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  child.once('exit', () => children.delete(child))
  const output = collect(child)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const url = await waitFor(output, /listening on (http:\/\/\S+)/, exited, SERVER_MS)
  return { child, url }
}

/** The files of a bundle, relative to the root: the entry and those it imports, transitively. */
async function bundleOf(entry: string): Promise<Array<string>> {
  const found = new Set<string>()
  const visit = async (file: string) => {
    const path = relative(ROOT, file).split(sep).join('/')
    if (found.has(path)) return
    found.add(path)
    const text = await readFile(file, 'utf8')
    for (const [, target] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\.?\/[^"]+)"/g)) {
      await visit(join(dirname(file), target ?? ''))
    }
  }
  await visit(entry)
  return [...found]
}

/** The files that the entry points package.json exports import, themselves included. */
async function importedByEntries(): Promise<Array<string>> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>
  }
  const files = new Set<string>()
  for (const entry of Object.values(manifest.exports)) {
    const target = typeof entry === 'string' ? entry : entry.default
    if (!target?.endsWith('.js')) continue
    for (const file of await bundleOf(join(ROOT, target))) files.add(file)
  }
  return [...files]
}

/** A `node` on PATH older than the package's engines.node, if there is one. */
function findOldNode(): { path: string; version: string } | undefined {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    if (!directory) continue
    const path = join(directory, 'node')
    const probe = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 })
    const version = probe.status === 0 ? probe.stdout.trim() : ''
    // Old by the bins' own rule.
    if (/^v\d+\.\d+\.\d+$/.test(version) && checkNodeVersion({ version: version.slice(1) })) {
      return { path, version }
    }
  }
  return undefined
}

/** This environment minus what the npm and vitest running this test set, with our Node first. */
function childEnv(): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|NODE_ENV$|INIT_CWD$)/.test(name)) continue
    result[name] = value
  }
  result.PATH = [dirname(process.execPath), process.env.PATH].filter(Boolean).join(delimiter)
  return result
}

interface RunResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a command to its end; rejects with its output after `timeoutMs`, and on
 * a non-zero exit unless `allowFailure`.
 */
function run(
  command: string,
  args: Array<string>,
  options: { cwd: string; timeoutMs: number; allowFailure?: boolean; env?: NodeJS.ProcessEnv },
): Promise<RunResult> {
  const label = `${command === process.execPath ? 'node' : command} ${args.join(' ')} (in ${options.cwd})`
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    const output = collect(child)
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`${label} took longer than ${options.timeoutMs} ms\n${output.text()}`))
    }, options.timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      children.delete(child)
      fail(new Error(`${label} could not start: ${error.message}`))
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      children.delete(child)
      if (code === 0 || (options.allowFailure && code !== null)) {
        done({ code, stdout: output.stdout(), stderr: output.stderr() })
      } else fail(new Error(`${label} exited with ${code ?? signal}\n${output.text()}`))
    })
  })
}

/**
 * Keeps the last 1 MiB of each stream, for assertions and failure messages:
 * room for `npm pack --json` (about 100 bytes a file of the package, 60 KiB
 * at 570 files) after the build's own output.
 */
function collect(child: ChildProcess) {
  const limit = 1024 * 1024
  let out = ''
  let err = ''
  const listeners = new Set<() => void>()
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out = (out + chunk).slice(-limit)
    for (const listener of listeners) listener()
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err = (err + chunk).slice(-limit)
  })
  return {
    stdout: () => out,
    stderr: () => err,
    text: () => `--- stdout\n${out}\n--- stderr\n${err}`,
    onData: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** Resolves with the first group of `pattern` once it appears on stdout. */
function waitFor(
  output: ReturnType<typeof collect>,
  pattern: RegExp,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<string> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      stop()
      fail(new Error(`no ${pattern} on stdout within ${timeoutMs} ms\n${output.text()}`))
    }, timeoutMs)
    const check = () => {
      const match = pattern.exec(output.stdout())
      if (match?.[1] === undefined) return
      clearTimeout(timer)
      stop()
      done(match[1])
    }
    const stop = output.onData(check)
    exited.then((code) => {
      clearTimeout(timer)
      stop()
      fail(new Error(`exited with ${code} before ${pattern} appeared\n${output.text()}`))
    })
    check()
  })
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`waited ${timeoutMs} ms for ${what}`)), timeoutMs)
    promise.then(
      (value) => {
        clearTimeout(timer)
        done(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        fail(error)
      },
    )
  })
}

/** `npm pack --json` prints an array; build output may precede it. */
function parsePackJson(
  stdout: string,
): [{ filename: string; files: Array<{ path: string; mode: number }> }] {
  const start = stdout.search(/^\[/m)
  if (start === -1) throw new Error(`npm pack printed no JSON:\n${stdout}`)
  return JSON.parse(stdout.slice(start))
}
