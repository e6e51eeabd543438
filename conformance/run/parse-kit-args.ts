import yargs from 'yargs'
import { packageVersion } from '../../src/cli/package-version.ts'
import { ConformanceError } from '../model/kit-message.ts'
import { KIT_EPILOG, KIT_FLAGS, KIT_USAGE, type KitArgs } from './kit-flags.ts'

/** What the command line asks for: a run (its flags), or a text to print (`--help`, `--version`). */
export type KitCommandLine = { args: KitArgs } | { print: string }

/**
 * Reads the flags of `petstore-conformance` ({@link KIT_FLAGS}) with yargs.
 * `--help` and `--version` give the text to print; an unknown flag or a bad
 * value throws a usage `ConformanceError`.
 *
 * @example
 * const line = await parseKitArgs(['--base-url', 'http://127.0.0.1:4010/v1'])
 * if ('args' in line) line.args['base-url'] // 'http://127.0.0.1:4010/v1'
 */
export async function parseKitArgs(
  argv: Array<string>,
  columns = process.stdout.columns ?? 100,
): Promise<KitCommandLine> {
  const parser = yargs(argv)
    .scriptName('petstore-conformance')
    .usage(KIT_USAGE)
    .options(KIT_FLAGS)
    .epilog(KIT_EPILOG)
    .version(packageVersion())
    .help()
    .strict()
    .wrap(Math.min(100, columns))
    .exitProcess(false)
  let output = ''
  const parsed = await new Promise<Record<string, unknown>>((resolve, reject) => {
    parser.parseAsync(argv, {}, (error, args, text) => {
      output = text
      if (error) {
        reject(
          new ConformanceError(
            'usage',
            'parse the arguments',
            error.message.replace(/\s*\n\s*/g, ' '),
          ),
        )
      } else {
        resolve(args as Record<string, unknown>)
      }
    })
  })
  if (parsed.help || parsed.version) {
    return { print: `${output}\n` }
  }
  return { args: parsed as KitArgs }
}
