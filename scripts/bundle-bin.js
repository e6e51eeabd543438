// Runs after `tsc` in `npm run build`: replaces the compiled `petstore-mock`
// bin with a bundle (its dependencies included). Node then reads, resolves
// and compiles a few files at start instead of about 200 modules, so the
// server answers sooner and holds less. Dynamic imports stay lazy inside the
// bundle: a module is evaluated only when first imported.
//
// The bundle is split: `petstore-mock.js` holds only the bin's own lines (the
// Node version check, turning on Node's compile cache) and loads
// `petstore-mock-server.js`, everything else, after them (through a small
// file that names its export, beside a small file of what both read). So an
// old Node reads no import it lacks before the check, and the compile cache,
// which applies only to modules loaded after it is turned on, covers the
// large file: later starts skip compiling it (about 20 ms).
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import { writeThirdPartyNotices } from './third-party-notices.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * yargs keeps what it needs of its platform in one module, its platform shim,
 * which its entry imports as `./lib/platform-shims/esm.mjs`; the bundle
 * resolves that import to `scripts/yargs-platform-shim.js` instead (yargs'
 * code itself is bundled as published). That shim finds yargs' translations
 * in the installed package and loads cliui and string-width, which only lay
 * out `--help`, when first called (see the file). A yargs whose entry no
 * longer imports its shim there fails the build instead of bundling the
 * eager one. The shim imports one file of yargs that its `exports` does not
 * list, `getProcessArgvBin`'s, resolved here from the installed package.
 */
const yargsDir = dirname(createRequire(import.meta.url).resolve('yargs/package.json'))
const YARGS_SHIM = './lib/platform-shims/esm.mjs'
const YARGS_PROCESS_ARGV = 'yargs/build/lib/utils/process-argv.js'
let yargsShimResolved = false
const yargsShim = {
  name: 'yargs-shim',
  resolveId(source, importer) {
    if (source === YARGS_PROCESS_ARGV) return join(yargsDir, 'build/lib/utils/process-argv.js')
    if (source !== YARGS_SHIM || importer !== join(yargsDir, 'index.mjs')) return null
    yargsShimResolved = true
    return join(root, 'scripts/yargs-platform-shim.js')
  },
  buildEnd() {
    if (!yargsShimResolved) {
      throw new Error(
        `[petstore-mock] Failed to bundle the bin: yargs' entry no longer imports ${YARGS_SHIM}.`,
      )
    }
  },
}

// What the bin runs before it loads the rest: the modules it imports
// statically, found in the graph once it is built. They stay out of
// `petstore-mock-server.js`; what both sides read (package-version,
// format-message) lands in a small file of its own, so that the server file
// never imports the bin (the bin awaits the server file: an import back into
// it would never settle).
const entry = join(root, 'bin/petstore-mock.ts')
const binModules = new Set()
const binGraph = {
  name: 'bin-graph',
  buildEnd() {
    const visit = (id) => {
      if (binModules.has(id)) return
      binModules.add(id)
      for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
    }
    visit(entry)
  },
}

/**
 * Modules that only a dynamic import reaches keep chunks of their own, read
 * when first imported: undici (1.2 MB of code) only with `--proxy`; yargs and
 * what it brings only for a command line that is not plain (`--help`, a list
 * flag, a mistake: see src/cli/read-plain-flags.ts), its platform shim
 * included; the dashboard's page and script when it is first opened. In the server file, Node would read
 * and load them at every start.
 */
const LAZY = [
  /\/node_modules\/undici\//,
  /\/node_modules\/(yargs|yargs-parser|cliui|y18n|escalade|get-caller-file|require-directory|string-width|strip-ansi|ansi-regex|ansi-styles|wrap-ansi|emoji-regex|get-east-asian-width)\//,
  /\/scripts\/yargs-platform-shim\.js$/,
  /\/src\/dashboard\/dashboard-(page|script)\.ts$/,
]
const isLazy = (id) => LAZY.some((pattern) => pattern.test(id.replaceAll('\\', '/')))

const bundle = await build({
  input: entry,
  platform: 'node',
  logLevel: 'warn',
  plugins: [yargsShim, binGraph],
  // The bin exports nothing: its chunk may hold only what it runs.
  preserveEntrySignatures: false,
  output: {
    dir: join(root, 'dist/bin'),
    format: 'esm',
    entryFileNames: 'petstore-mock.js',
    chunkFileNames: 'petstore-mock-[name].js',
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [{ name: 'server', test: (id) => !binModules.has(id) && !isLazy(id) }],
    },
  },
})

// The bin must read nothing but its own small files before its checks.
const chunks = bundle.output.filter((output) => output.type === 'chunk')
const binChunk = chunks.find((chunk) => chunk.isEntry)
const server = chunks.find((chunk) => chunk.name === 'server')
if (!binChunk || !server || binChunk.imports.includes(server.fileName)) {
  throw new Error(
    `[petstore-mock] Failed to bundle the bin: ${server?.fileName ?? 'the server chunk'} must be loaded only after the bin's checks, not imported by ${binChunk?.fileName ?? 'the bin'}.`,
  )
}

// The bundle holds code of these packages: their licenses ship beside it.
writeThirdPartyNotices(
  bundle.output,
  join(root, 'dist/bin/THIRD-PARTY-NOTICES.txt'),
  'dist/bin/petstore-mock*.js',
)
