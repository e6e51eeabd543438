// Runs after `tsc` in `npm run build`: replaces the compiled entry points
// that package.json exports (`petstore-mock`, `/server`, `/client`,
// `/conformance`, `/conformance/vitest`) with bundles of this package's own
// modules, sharing chunks (`dist/chunks/`), so that each module still exists
// once whichever entries a process imports. Its dependencies stay imports,
// but for zod (`BUNDLED`).
// A test file imports the package again in every worker: Node then reads,
// resolves and links a few files instead of about a hundred (about 15 ms of
// CPU per test file). Dynamic imports stay lazy (the dashboard, `@msw/data`).
// The declarations, and the other compiled files (which the
// `petstore-conformance` bin runs), stay as `tsc` wrote them.
import { rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import { writeThirdPartyNotices } from './third-party-notices.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { default: pkg } = await import(join(root, 'package.json'), { with: { type: 'json' } })

/** `{ 'src/index': '<root>/src/index.ts', … }`: each exported module, by its place under dist/. */
const input = {}
for (const target of Object.values(pkg.exports)) {
  const file = typeof target === 'string' ? target : target.default
  if (!file.startsWith('./dist/') || !file.endsWith('.js')) continue
  const name = file.slice('./dist/'.length, -'.js'.length)
  input[name] = join(root, `${name}.ts`)
}

/**
 * Packages bundled, tree-shaken, into the chunks. zod's entry loads about 95
 * modules, 64 of them locales that only `z.locales` reaches; the spec's
 * schemas use one locale-free part of it. Bundled, a test file that imports
 * the package reads zod as part of one chunk: about 30 ms less CPU per test
 * file. Its types still come from the `zod` dependency.
 */
const BUNDLED = ['zod']

rmSync(join(root, 'dist/chunks'), { recursive: true, force: true })
const bundle = await build({
  input,
  platform: 'node',
  logLevel: 'warn',
  // Packages (and Node's own modules) are imported, except those of `BUNDLED`.
  external: (id) =>
    !BUNDLED.some((name) => id === name || id.startsWith(`${name}/`)) &&
    !id.startsWith('.') &&
    !id.startsWith('/') &&
    !/^[A-Za-z]:[\\/]/.test(id),
  output: {
    dir: join(root, 'dist'),
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
})

// The chunks hold code of these packages: their licenses ship beside them.
const bundled = writeThirdPartyNotices(
  bundle.output,
  join(root, 'dist/THIRD-PARTY-NOTICES.txt'),
  'dist/chunks/*.js',
)
if (bundled.join() !== [...BUNDLED].sort().join()) {
  throw new Error(
    `[petstore-mock] Failed to bundle the library: its chunks hold ${bundled.join(', ') || 'no package'}, not ${BUNDLED.join(', ')}.`,
  )
}
