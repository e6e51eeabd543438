// Runs after `tsc` in `npm run build`: replaces the compiled `petstore-mock`
// bin with one bundled file (its dependencies included). Node then reads,
// resolves and compiles one file at start instead of about 200 modules, so
// the server answers sooner and holds less. Dynamic imports stay lazy inside
// the bundle: a module is evaluated only when first imported.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Edits of yargs' ESM platform shim, each an exact text that must be there
 * (a yargs upgrade that changes it fails the build instead of bundling
 * something else):
 * - its translations are found in the installed yargs package (a dependency,
 *   so always there), not next to the bundle, so that messages stay in the
 *   user's language;
 * - cliui and string-width, which only lay out `--help`, are loaded when
 *   first called: string-width compiles Unicode property regular
 *   expressions when it loads, which was most of yargs' start-up cost.
 */
const YARGS_SHIM_EDITS = [
  ["import cliui from 'cliui'\n", ''],
  ["import stringWidth from 'string-width';\n", ''],
  [
    'const require = createRequire(import.meta.url);',
    'const requireHere = createRequire(import.meta.url);',
  ],
  // `require` of an ES module in the bundle: its default export, or (cliui
  // names one) its `module.exports` export, which is the function itself.
  ['  cliui,\n', "  cliui: (options) => callDefault(require('cliui'), options),\n"],
  ['  stringWidth,\n', "  stringWidth: (text) => callDefault(require('string-width'), text),\n"],
  [
    'export default {',
    'const callDefault = (module, argument) =>\n  (typeof module === "function" ? module : module.default)(argument)\n\nexport default {',
  ],
  ['  require,\n', '  require: requireHere,\n'],
  [
    "resolve(__dirname, '../../../locales')",
    "resolve(dirname(requireHere.resolve('yargs/package.json')), 'locales')",
  ],
]

const yargsShim = {
  name: 'yargs-shim',
  transform(code, id) {
    if (!id.replaceAll('\\', '/').endsWith('yargs/lib/platform-shims/esm.mjs')) return null
    let edited = code
    for (const [from, to] of YARGS_SHIM_EDITS) {
      if (!edited.includes(from)) {
        throw new Error(
          `[petstore-mock] Failed to bundle the bin: yargs' shim no longer holds ${JSON.stringify(from)}.`,
        )
      }
      edited = edited.replace(from, to)
    }
    return edited
  },
}

const bundle = await build({
  input: join(root, 'bin/petstore-mock.ts'),
  platform: 'node',
  logLevel: 'warn',
  plugins: [yargsShim],
  output: {
    file: join(root, 'dist/bin/petstore-mock.js'),
    format: 'esm',
    codeSplitting: false,
  },
})

// The bundle holds code of these packages: their licenses ship beside it.
const packages = new Set()
for (const chunk of bundle.output) {
  for (const id of chunk.type === 'chunk' ? chunk.moduleIds : []) {
    const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'))
    if (match?.[1]) packages.add(match[1])
  }
}
const notices = [
  ...new Set(
    [...packages].map((directory) => {
      const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'))
      const file = readdirSync(directory).find((name) => /^(licen[cs]e|copying)/i.test(name))
      const text = file
        ? readFileSync(join(directory, file), 'utf8').trim()
        : `License: ${manifest.license}`
      return `${manifest.name}@${manifest.version} (${manifest.license})\n\n${text}\n`
    }),
  ),
].sort()
writeFileSync(
  join(root, 'dist/bin/THIRD-PARTY-NOTICES.txt'),
  `dist/bin/petstore-mock.js bundles code of these packages:\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
)
