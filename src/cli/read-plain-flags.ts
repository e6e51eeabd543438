import type { Options } from 'yargs'

/** A decimal number as a person types it: no sign, exponent or leading zero; at most 15 digits. */
const PLAIN_NUMBER = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?$/
/** `--name`, `--name=value` or `-n`: lower-case names, dashes inside. */
const FLAG = /^(?:--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:=(.*))?|-([a-z]))$/s

/**
 * Reads a plain command line by the flags' table, as yargs reads it (defaults
 * filled in, values as their type), without loading yargs. Plain: each token
 * a flag of the table (its name, `--no-` before a switch's name, or a
 * one-letter alias) given once (a list flag, once per item), a switch
 * without a value, and any other flag with one value: a plain decimal for a
 * number, one of the choices, a string that starts with no dash. Anything
 * else (`--help`, `--version`, an unknown or repeated flag, a value yargs
 * might read otherwise) gives
 * `undefined`: yargs reads that command line, and says what is wrong with it.
 * The argv is read once, token by token (bounded by its length).
 *
 * @example
 * readPlainFlags(['--port', '8080', '-q'], mockFlags({}))?.port // 8080
 * readPlainFlags(['--api-key', 'sk_a=pro', '--api-key', 'sk_b=free'], mockFlags({}))?.['api-key'] // ['sk_a=pro', 'sk_b=free']
 * readPlainFlags(['--help'], mockFlags({})) // undefined
 */
export function readPlainFlags(
  argv: ReadonlyArray<string>,
  flags: Readonly<Record<string, Options>>,
): Record<string, unknown> | undefined {
  const read: Record<string, unknown> = {}
  const aliases = new Map<string, string>()
  for (const [name, flag] of Object.entries(flags)) {
    if (flag.default !== undefined) read[name] = flag.default
    if (typeof flag.alias === 'string') aliases.set(flag.alias, name)
  }
  const given = new Set<string>()
  for (let index = 0; index < argv.length; index++) {
    const match = FLAG.exec(argv[index] ?? '')
    if (match === null) return undefined
    const [, long, inline, short] = match
    let name = long ?? aliases.get(short ?? '')
    let negated = false
    if (name !== undefined && !Object.hasOwn(flags, name) && name.startsWith('no-')) {
      name = name.slice('no-'.length)
      negated = true
    }
    const flag = name === undefined || !Object.hasOwn(flags, name) ? undefined : flags[name]
    if (name === undefined || flag === undefined) return undefined
    if (flag.array) {
      // A list flag takes one string each time it is given: `--api-key a=pro --api-key b=free`.
      const value = inline ?? argv[++index]
      if (flag.type !== 'string' || !isPlainString(value)) return undefined
      read[name] = [...((read[name] as Array<string> | undefined) ?? []), value]
      continue
    }
    if (given.has(name)) return undefined
    given.add(name)
    if (flag.type === 'boolean') {
      if (inline !== undefined) return undefined
      read[name] = !negated
      continue
    }
    if (negated) return undefined
    const value = inline ?? argv[++index]
    if (!isPlainString(value)) return undefined
    if (flag.type === 'number') {
      if (!PLAIN_NUMBER.test(value)) return undefined
      read[name] = Number(value)
    } else if (flag.choices !== undefined) {
      if (!(flag.choices as ReadonlyArray<unknown>).includes(value)) return undefined
      read[name] = value
    } else if (flag.type === 'string') {
      read[name] = value
    } else {
      return undefined
    }
  }
  return read
}

/** A value yargs reads as it is: not empty, and not taken for a flag. */
function isPlainString(value: string | undefined): value is string {
  return value !== undefined && value !== '' && !value.startsWith('-')
}
