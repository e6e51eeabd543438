// Runs after `tsc` in `npm run build`: makes the compiled bins executable and,
// in a checkout, links them into node_modules/.bin so that `npx petstore-mock`
// and `npx petstore-conformance` run this checkout's build, as they would in a
// project that installed the package.
import { chmodSync, existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { default: pkg } = await import(join(root, 'package.json'), { with: { type: 'json' } })
const binDir = join(root, 'node_modules', '.bin')

for (const [name, file] of Object.entries(pkg.bin)) {
  const target = join(root, file)
  chmodSync(target, 0o755)
  if (!existsSync(join(root, 'node_modules'))) continue
  mkdirSync(binDir, { recursive: true })
  const link = join(binDir, name)
  if (lstatSync(link, { throwIfNoEntry: false })) rmSync(link)
  symlinkSync(relative(binDir, target), link)
}
