import { ConfigError } from '../errors/config-error.ts'
import { messageOf } from '../errors/message-of.ts'
import { describeRule, type NumberRule } from '../utils/number-rule.ts'

/**
 * The `petstore-mock` flag behind each numeric option the CLI passes on, and
 * how many of the option's units make one of the flag's (`--ban-seconds` is
 * in seconds, `rateLimit.banDurationMs` in ms): the one place that maps
 * option paths to flags.
 *
 * @example
 * FLAG_OF_OPTION['rateLimit.scale'] // { flag: 'rate-limit-scale', per: 1 }
 */
export const FLAG_OF_OPTION: Readonly<Record<string, { flag: string; per: number }>> = {
  port: { flag: 'port', per: 1 },
  seed: { flag: 'seed', per: 1 },
  pets: { flag: 'pets', per: 1 },
  orders: { flag: 'orders', per: 1 },
  maxPets: { flag: 'max-pets', per: 1 },
  journalSize: { flag: 'journal-size', per: 1 },
  shutdownTimeoutMs: { flag: 'shutdown-timeout', per: 1000 },
  'rateLimit.scale': { flag: 'rate-limit-scale', per: 1 },
  'rateLimit.banAfter': { flag: 'ban-after', per: 1 },
  'rateLimit.banDurationMs': { flag: 'ban-seconds', per: 1000 },
  'enterprise.perMinute': { flag: 'enterprise-per-minute', per: 1 },
  'enterprise.perDay': { flag: 'enterprise-per-day', per: 1 },
}

/**
 * The message of an error met while starting from flags, in the person's
 * words: a bad numeric option is named by the flag they typed, its bounds and
 * value in the flag's unit; a key's bad limit by where the key was given
 * (`keySources`: key to `--api-key KEY=…` or `--keys FILE`). Any other error
 * keeps its message.
 *
 * @example
 * flagMessage(error)
 * // '[petstore-mock] Failed to read the flags: --rate-limit-scale must be a number from 0.001 to 10000, got 0.'
 */
export function flagMessage(error: unknown, keySources: Record<string, string> = {}): string {
  const problem = error instanceof ConfigError ? error.problem : undefined
  if (problem === undefined) return messageOf(error)
  const code = (error as ConfigError).code
  const limit = /^(.+)\.(perMinute|perDay)$/.exec(problem.option)
  const key = limit?.[1]
  if (key !== undefined && Object.hasOwn(keySources, key)) {
    const window = limit?.[2] === 'perMinute' ? 'per-minute' : 'per-day'
    return new ConfigError(
      code,
      `read ${keySources[key]}`,
      `the ${window} limit of "${key}" ${describeRule(problem.rule)}, got ${String(problem.value)}`,
    ).message
  }
  if (!Object.hasOwn(FLAG_OF_OPTION, problem.option)) return messageOf(error)
  const { flag, per } = FLAG_OF_OPTION[problem.option] as { flag: string; per: number }
  const inFlagUnits: NumberRule = {
    min: problem.rule.min / per,
    max: problem.rule.max === undefined ? undefined : problem.rule.max / per,
    whole: problem.rule.whole && per === 1,
  }
  // A whole number of the option's units is a multiple of 1/per in the flag's.
  const steps = problem.rule.whole && per !== 1 ? ` (in steps of ${1 / per})` : ''
  const value = typeof problem.value === 'number' ? problem.value / per : problem.value
  return new ConfigError(
    code,
    'read the flags',
    `--${flag} ${describeRule(inFlagUnits)}${steps}, got ${String(value)}`,
  ).message
}
