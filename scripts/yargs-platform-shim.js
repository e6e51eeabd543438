// yargs' platform shim for the `petstore-mock` bin's bundle, in place of
// yargs' own `lib/platform-shims/esm.mjs` (scripts/bundle-bin.js resolves that
// import here; yargs keeps its platform in this one object, as its browser
// and Deno builds do). It differs from yargs' in two ways:
// - its translations are found in the installed yargs package (a dependency,
//   so always there), not next to the bundle, so that messages stay in the
//   user's language;
// - cliui and string-width, which only lay out `--help`, are loaded when
//   first called: string-width compiles Unicode property regular expressions
//   when it loads, which was most of yargs' start-up cost. `require` here is
//   the bundler's: it evaluates the bundled module on the first call.
import { notStrictEqual, strictEqual } from 'node:assert'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, extname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inspect } from 'node:util'
import escalade from 'escalade/sync'
import getCallerFile from 'get-caller-file'
import y18n from 'y18n'
import { getProcessArgvBin } from 'yargs/build/lib/utils/process-argv.js'
import Parser from 'yargs-parser'

const here = fileURLToPath(import.meta.url)
const mainFilename = here.substring(0, here.lastIndexOf('node_modules'))
const requireHere = createRequire(import.meta.url)

/** A module's default export, or (cliui names one) the module itself, called. */
const callDefault = (module, argument) =>
  (typeof module === 'function' ? module : module.default)(argument)

export default {
  assert: { notStrictEqual, strictEqual },
  cliui: (options) => callDefault(require('cliui'), options),
  findUp: escalade,
  getEnv: (key) => process.env[key],
  inspect,
  getProcessArgvBin,
  mainFilename: mainFilename || process.cwd(),
  Parser,
  path: { basename, dirname, extname, relative, resolve, join },
  process: {
    argv: () => process.argv,
    cwd: process.cwd,
    emitWarning: (warning, type) => process.emitWarning(warning, type),
    execPath: () => process.execPath,
    exit: (code) => {
      process.exit(code)
    },
    nextTick: process.nextTick,
    stdColumns: typeof process.stdout.columns !== 'undefined' ? process.stdout.columns : null,
  },
  readFileSync,
  readdirSync,
  require: requireHere,
  getCallerFile: () => {
    const callerFile = getCallerFile(3)
    return callerFile.match(/^file:\/\//) ? fileURLToPath(callerFile) : callerFile
  },
  stringWidth: (text) => callDefault(require('string-width'), text),
  y18n: y18n({
    directory: resolve(dirname(requireHere.resolve('yargs/package.json')), 'locales'),
    updateFiles: false,
  }),
}
