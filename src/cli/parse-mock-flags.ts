import { join, relative } from 'node:path'
import type { InferredOptionTypes, Options } from 'yargs'
import { DEFAULTS } from '../base/options/defaults.ts'
import { parseProxyTarget } from '../core/proxy/proxy-target.ts'
import { ConfigError } from '../errors/config-error.ts'
import type { CliIo } from './cli-io.ts'
import { mockFlags } from './mock-flags.ts'
import { EXAMPLE_FIXTURES, packageRoot, packageVersion } from './package-version.ts'
import { readPlainFlags } from './read-plain-flags.ts'

/**
 * The flags of `petstore-mock` as read: each flag of `mockFlags` by its
 * name, as its type (yargs' camel-case copies are left out: the plain reader
 * makes none).
 *
 * @example
 * const args: MockArgs | undefined = await parseMockFlags(['--port', '0'], io) // args?.port === 0
 */
export type MockArgs = InferredOptionTypes<ReturnType<typeof mockFlags>>

/**
 * Reads the flags of `petstore-mock`: a plain command line (`--port 4010`,
 * `--seed 42 --quiet`) without loading yargs, anything else with yargs
 * (`parseWithYargs`), which also prints `--help` and `--version` (then
 * `undefined`). A bad flag throws a `ConfigError` naming it; `-h` is
 * `--host` (as in Prism), so `-h` without an address says where the help is.
 *
 * @example
 * const args = await parseMockFlags(['--port', '8080'], io) // args.port: 8080
 */
export async function parseMockFlags(
  argv: Array<string>,
  io: CliIo,
): Promise<MockArgs | undefined> {
  const flags = mockFlags(io.env)
  const bareHost = argv.findIndex(
    (arg, index) => arg === '-h' && (argv[index + 1] ?? '-').startsWith('-'),
  )
  if (bareHost !== -1) {
    // -h is --host, as in Prism (`prism mock -h 0.0.0.0`); alone, it was likely meant as help.
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_FLAG',
      'read the flags',
      '-h is --host and needs an address, as in Prism (-h 0.0.0.0); for the flags, run petstore-mock --help',
    )
  }
  const args =
    (readPlainFlags(argv, flags) as MockArgs | undefined) ??
    ((await parseWithYargs(argv, io, flags)) as MockArgs | undefined)
  if (args === undefined) return undefined
  if (args.proxy !== undefined) parseProxyTarget(args.proxy, '--proxy')
  else if (args.record !== undefined || argv.some((arg) => arg.startsWith('--proxy-fallback'))) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_FLAG',
      'read the flags',
      `${args.record !== undefined ? '--record' : '--proxy-fallback'} needs --proxy URL`,
    )
  }
  for (const [name, flag] of Object.entries(flags) as Array<[string, Options]>) {
    if (flag.type !== 'number') continue
    const value = (args as Record<string, unknown>)[name]
    if (value !== undefined && !Number.isFinite(value)) {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_FLAG',
        'read the flags',
        `--${name} must be a number`,
      )
    }
  }
  return args
}

/**
 * Reads the flags of `petstore-mock` with yargs, which `parseMockFlags`
 * loads only for a command line that is not plain; `undefined` when it
 * printed `--help` or `--version`.
 *
 * @example
 * await parseWithYargs(['--help'], io) // undefined, the help printed
 */
export async function parseWithYargs(argv: Array<string>, io: CliIo, flags = mockFlags(io.env)) {
  const { default: yargs } = await import('yargs')
  let helpShown = false
  const parser = yargs(argv)
    .scriptName('petstore-mock')
    .usage('$0 [options]\n\nA stateful mock of the Animal Adoption Service API on a port.')
    .options(flags)
    .example('$0', `Serve on http://${DEFAULTS.host}:${DEFAULTS.port} with the default keys`)
    .example('$0 --port 8080 --seed 42 --pets 500', 'Another port and more, different data')
    .example(
      '$0 --api-key sk_live_me=pro --rate-limit-scale 10',
      'An extra key; windows 10x shorter',
    )
    .example(`$0 --fixtures ${exampleFixtures()} --no-admin`, 'Your own data, no control API')
    .example('$0 --data-file pets.json', 'Created pets survive a restart')
    .example(
      '$0 --proxy https://staging.example.com/v1 --proxy-fallback mock',
      'In front of a real server: its answers, judged; the mock where it has no route',
    )
    .example(
      '$0 coverage merge petstore-coverage --threshold 80',
      'Merge the coverage files of a test run (petstore-mock coverage --help)',
    )
    .strict()
    .help()
    .alias('help', '?')
    .version('version', 'Print the version and exit', packageVersion())
    .wrap(io.columns === undefined ? null : Math.min(110, io.columns))
    .exitProcess(false)
    .fail((message, error) => {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_FLAG',
        'read the flags',
        // One line: yargs puts the details of some messages on lines of their own.
        (error?.message ?? message).replace(/\s*\n\s*/g, ' '),
      )
    })
    .showHelpOnFail(false)
  parser.parserConfiguration({ 'strip-aliased': true })
  // A flag that takes a value must have one: `--port` alone is an error, not the default port.
  // (getOptions() is part of yargs' API, not of its type declarations.)
  const { boolean: switches, key: known } = (
    parser as unknown as {
      getOptions(): { boolean: Array<string>; key: Record<string, unknown> }
    }
  ).getOptions()
  parser.requiresArg(
    Object.keys(known).filter(
      (name) => !switches.includes(name) && !['help', 'version'].includes(name),
    ),
  )
  const args = await parser.parseAsync(argv, {}, (_error, _parsed, output) => {
    if (output) {
      helpShown = true
      io.out(output)
    }
  })
  return helpShown ? undefined : args
}

/**
 * The example fixtures file that comes with the package, as a path from the
 * current folder: the help's example then runs as pasted wherever it is
 * shown (`fixtures/example.json` in the clone,
 * `node_modules/petstore-mock/fixtures/example.json` in a project).
 */
function exampleFixtures(): string {
  const root = packageRoot()
  const file = root === undefined ? EXAMPLE_FIXTURES : join(root, EXAMPLE_FIXTURES)
  const path = relative(process.cwd(), file)
  return /[\s'"$]/.test(path) ? `'${path.replaceAll("'", "'\\''")}'` : path
}
