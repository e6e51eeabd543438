import { parseArgs } from 'node:util'

/** A numeric flag: its default and the range it must fall in. */
export interface NumberFlag {
  default: number
  min: number
  max: number
  describe: string
  /** Rounded down to a whole number. */
  whole?: boolean
}

/**
 * Reads a benchmark's numeric flags (and `--json`, `--help`): prints the usage
 * on `--help`, and exits 2 with one `[petstore-mock] Failed to read the flags`
 * line on a bad value.
 *
 * @example
 * const { rounds, json } = readBenchFlags('node bench/x.ts', {
 *   rounds: { default: 5, min: 1, max: 50, describe: 'rounds per server' },
 * })
 */
export function readBenchFlags<Name extends string>(
  command: string,
  flags: Record<Name, NumberFlag>,
): Record<Name, number> & { json: boolean } {
  const fail = (reason: string): never => {
    process.stderr.write(`[petstore-mock] Failed to read the flags: ${reason}.\n`)
    process.exit(2)
  }
  const names = Object.keys(flags) as Array<Name>
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      options: {
        ...Object.fromEntries(
          names.map((name) => [name, { type: 'string', default: String(flags[name].default) }]),
        ),
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values as Record<string, string | boolean | undefined>
  } catch (error) {
    return fail(error instanceof Error ? error.message.replace(/\.$/, '') : String(error))
  }
  if (values.help) {
    const width = Math.max(...names.map((name) => name.length)) + 4
    process.stdout.write(
      [
        `${command} ${names.map((name) => `[--${name} N]`).join(' ')} [--json]`,
        '',
        ...names.map(
          (name) =>
            `  ${`--${name}`.padEnd(width)} ${flags[name].describe} (default ${flags[name].default})`,
        ),
        `  ${'--json'.padEnd(width)} print the report as JSON`,
        '',
      ].join('\n'),
    )
    process.exit(0)
  }
  const result = { json: values.json === true } as Record<Name, number> & { json: boolean }
  for (const name of names) {
    const { min, max } = flags[name]
    const value = Number(values[name])
    if (!Number.isFinite(value) || value < min || value > max) {
      fail(`--${name} must be a number from ${min} to ${max}`)
    }
    ;(result as Record<string, number>)[name] = flags[name].whole ? Math.floor(value) : value
  }
  return result
}
