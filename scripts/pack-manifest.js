// Runs around `npm pack` and `npm publish` (`prepack`, then `postpack`): the
// packed package.json carries no `scripts`. They are this checkout's (build,
// test, lint, bench; `prepare` builds a clone on `npm install`); an installed
// package needs none, and npm asks the installer to allow `prepare` as an
// install script it does not need.
//
// `node scripts/pack-manifest.js strip` keeps package.json as it is in
// `.package.json.unpacked` (ignored by git, never packed) and writes it without
// `scripts`; `node scripts/pack-manifest.js restore` puts the kept file back.
// A pack that failed between the two leaves the kept file: the next `strip`
// (or `restore`) puts it back first, so package.json never loses its scripts
// for more than one pack. npm reads package.json again after `prepack`, so
// `prepare` does not run during a pack: `prepack` builds first.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const manifest = join(root, 'package.json')
const kept = join(root, '.package.json.unpacked')

const step = process.argv[2]
if (existsSync(kept)) renameSync(kept, manifest)
if (step === 'strip') {
  const text = readFileSync(manifest, 'utf8')
  const { scripts: _scripts, ...packed } = JSON.parse(text)
  writeFileSync(kept, text)
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`)
} else if (step !== 'restore') {
  console.error(
    `[petstore-mock] Failed to prepare package.json for the pack: the step is "strip" or "restore", got ${JSON.stringify(step ?? '')}.`,
  )
  process.exitCode = 1
}
