import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cruise } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs'))

/** Writes `files` (path → source) into a fresh folder and cruises it with the project's rules. */
async function violationsOf(
  files: Record<string, string>,
  roots: Array<string> = ['src'],
): Promise<Array<string>> {
  const directory = mkdtempSync(join(tmpdir(), 'petstore-depcruise-'))
  directories.push(directory)
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(directory, path, '..'), { recursive: true })
    writeFileSync(join(directory, path), source)
  }
  const result = await cruise(roots, {
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    // Folder rules are judged on the folder graph, which the cruise derives along with metrics.
    metrics: true,
    tsPreCompilationDeps: true,
    baseDir: directory,
  })
  if (typeof result.output === 'string') throw new Error(result.output)
  return result.output.summary.violations.map((violation) => violation.rule.name)
}

const directories: Array<string> = []
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

describe('the dependency rules (.dependency-cruiser.cjs)', () => {
  it('pass layers that point one way', async () => {
    expect(
      await violationsOf({
        'src/low/a.ts': 'export const a = 1\n',
        'src/high/b.ts': "import { a } from '../low/a.ts'\nexport const b = a\n",
      }),
    ).toEqual([])
  })

  it('fail a folder that imports a folder that imports it back, with no module cycle', async () => {
    expect(
      await violationsOf({
        'src/low/a.ts': "import { c } from '../high/c.ts'\nexport const a = c\n",
        'src/high/b.ts': "import { a } from '../low/a.ts'\nexport const b = a\n",
        'src/high/c.ts': 'export const c = 1\n',
      }),
    ).toContain('no-circular-folders')
  })

  it('fail a subfolder that imports its parent folder back (the folder graph leaves nested folders out)', async () => {
    expect(
      await violationsOf({
        'src/top/x.ts': "import { y } from './sub/y.ts'\nexport const x = y\n",
        'src/top/z.ts': 'export const z = 1\n',
        'src/top/sub/y.ts': "import { z } from '../z.ts'\nexport const y = z\n",
      }),
    ).toContain('no-circular-folders-nested')
  })

  it('pass a subfolder that imports a sibling folder its parent also uses', async () => {
    expect(
      await violationsOf({
        'src/top/x.ts': "import { y } from './sub/y.ts'\nexport const x = y\n",
        'src/top/model/z.ts': 'export const z = 1\n',
        'src/top/sub/y.ts': "import { z } from '../model/z.ts'\nexport const y = z\n",
      }),
    ).toEqual([])
  })

  it('fail two modules that import each other', async () => {
    expect(
      await violationsOf({
        'src/low/a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
        'src/low/b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
      }),
    ).toContain('no-circular-modules')
  })

  it('pass a spec module that imports only itself and packages', async () => {
    expect(
      await violationsOf({
        'src/spec/a.ts': "import { b } from './b.ts'\nexport const a = b\n",
        'src/spec/b.ts': 'export const b = 1\n',
        'src/app/c.ts': "import { a } from '../spec/a.ts'\nexport const c = a\n",
      }),
    ).toEqual([])
  })

  it('fail a spec module that imports another layer', async () => {
    expect(
      await violationsOf({
        'src/spec/a.ts': "import { d } from '../options/d.ts'\nexport const a = d\n",
        'src/options/d.ts': 'export const d = 1\n',
      }),
    ).toEqual(['spec-is-a-leaf'])
  })

  it('fail a Node.js built-in reached from the client, however indirectly', async () => {
    expect(
      await violationsOf({
        'src/client/a.ts': "import { b } from '../data/b.ts'\nexport const a = b\n",
        'src/data/b.ts': "import { c } from './c.ts'\nexport const b = c\n",
        'src/data/c.ts': "import { readFileSync } from 'node:fs'\nexport const c = readFileSync\n",
      }),
    ).toContain('browser-safe-entries')
  })

  it('fail a Node.js built-in imported by the package entry, written without node:', async () => {
    expect(
      await violationsOf({
        'src/index.ts': "import { createServer } from 'http'\nexport const serve = createServer\n",
      }),
    ).toEqual(['browser-safe-entries'])
  })

  it('pass Node.js built-ins outside the browser-safe entries', async () => {
    expect(
      await violationsOf({
        'src/index.ts': "export { b } from './data/b.ts'\n",
        'src/data/b.ts': 'export const b = 1\n',
        'src/cli/a.ts': "import { readFileSync } from 'node:fs'\nexport const a = readFileSync\n",
      }),
    ).toEqual([])
  })

  it('fail the package importing the conformance kit', async () => {
    expect(
      await violationsOf(
        {
          'src/app/a.ts': "import { k } from '../../conformance/k.ts'\nexport const a = k\n",
          'conformance/k.ts': 'export const k = 1\n',
        },
        ['src', 'conformance'],
      ),
    ).toEqual(['package-never-imports-the-kit'])
  })

  it('pass the kit importing the package', async () => {
    expect(
      await violationsOf(
        {
          'src/spec/a.ts': 'export const a = 1\n',
          'conformance/k.ts': "import { a } from '../src/spec/a.ts'\nexport const k = a\n",
        },
        ['src', 'conformance'],
      ),
    ).toEqual([])
  })

  it('fail a layer importing a layer above it, with no cycle', async () => {
    expect(
      await violationsOf({
        'src/core/journal/a.ts':
          "import { b } from '../../control/admin/b.ts'\nexport const a = b\n",
        'src/control/admin/b.ts': 'export const b = 1\n',
      }),
    ).toEqual(['layer-core-imports-only-lower'])
  })

  it('pass a layer importing the layers below it', async () => {
    expect(
      await violationsOf({
        'src/control/admin/b.ts':
          "import { a } from '../../core/journal/a.ts'\nexport const b = a\n",
        'src/core/journal/a.ts': "import { c } from '../../spec/c.ts'\nexport const a = c\n",
        'src/spec/c.ts': 'export const c = 1\n',
      }),
    ).toEqual([])
  })

  it('fail a layer of the kit importing one above it, and pass the entries above the layers', async () => {
    expect(
      await violationsOf(
        {
          'conformance/model/a.ts': "import { b } from '../probes/b.ts'\nexport const a = b\n",
          'conformance/probes/b.ts': 'export const b = 1\n',
          'conformance/index.ts': "import { a } from './model/a.ts'\nexport const i = a\n",
        },
        ['conformance'],
      ),
    ).toEqual(['kit-layer-model-imports-only-lower'])
  })

  it('fail the kernel (src/base/http) importing a domain folder', async () => {
    expect(
      await violationsOf({
        'src/base/http/types.ts': "import type { K } from '../options/k.ts'\nexport type T = K\n",
        'src/base/options/k.ts': 'export type K = { key: string }\n',
      }),
    ).toEqual(['kernel-knows-no-domain'])
  })

  it('fail the OpenAPI builder importing the data generator', async () => {
    expect(
      await violationsOf({
        'src/core/openapi/doc.ts':
          "import { seed } from '../data/seed.ts'\nexport const doc = seed\n",
        'src/core/data/seed.ts': 'export const seed = 1\n',
      }),
    ).toEqual(['openapi-reads-only-the-spec'])
  })
})
