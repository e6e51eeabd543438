import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A scratch project outside the checkout with the built package installed
 * as npm would (`node_modules/petstore-mock`: its `package.json` and
 * `dist/`), beside links to the checkout's other packages. A benchmark then
 * imports `petstore-mock` the way a user's project does: from
 * `node_modules`, which test runners load as a dependency. (Inside the
 * checkout, the name would resolve to the checkout itself, which vitest
 * transforms as sources of its own.) `remove()` deletes it.
 *
 * @example
 * const project = installCopy(ROOT)
 * try { run(join(project.dir, 'x.mjs')) } finally { project.remove() }
 */
export function installCopy(root: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-bench-'))
  const modules = join(dir, 'node_modules')
  const link = (name: string) =>
    symlinkSync(join(root, 'node_modules', name), join(modules, name), 'dir')
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name.startsWith('.') || name === 'petstore-mock') continue
    if (!name.startsWith('@')) {
      mkdirSync(modules, { recursive: true })
      link(name)
      continue
    }
    mkdirSync(join(modules, name), { recursive: true })
    for (const scoped of readdirSync(join(root, 'node_modules', name))) link(join(name, scoped))
  }
  const target = join(modules, 'petstore-mock')
  mkdirSync(target, { recursive: true })
  cpSync(join(root, 'package.json'), join(target, 'package.json'))
  cpSync(join(root, 'dist'), join(target, 'dist'), {
    recursive: true,
    filter: (source) => !/\.test\.(js|d\.ts)$/.test(source),
  })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Runs `measure` in a scratch project with the build installed (see
 * `installCopy`), and removes the project after.
 *
 * @example
 * const report = await withInstalledCopy(ROOT, (dir) => measure(dir))
 */
export async function withInstalledCopy<T>(
  root: string,
  measure: (dir: string) => Promise<T>,
): Promise<T> {
  if (!existsSync(join(root, 'dist/src/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first')
  }
  const project = installCopy(root)
  try {
    return await measure(project.dir)
  } finally {
    project.remove()
  }
}
