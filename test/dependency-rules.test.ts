import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cruise } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs'))

/** Writes `files` (path → source) into a fresh folder and cruises it with the project's rules. */
async function violationsOf(files: Record<string, string>): Promise<Array<string>> {
  const directory = mkdtempSync(join(tmpdir(), 'petstore-depcruise-'))
  directories.push(directory)
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(directory, path, '..'), { recursive: true })
    writeFileSync(join(directory, path), source)
  }
  const result = await cruise(['src'], {
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
})
