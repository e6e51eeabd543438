import { z } from 'zod'
import { ConfigError } from '../../errors/config-error.ts'
import type { PetstoreErrorCode } from '../../errors/petstore-error.ts'
import { describeRule } from '../../utils/number-rule.ts'

/**
 * The zod rule of a whole-number option from `min` to `max` (no `max`: no
 * upper bound), with the one message every such option gives.
 *
 * @example
 * whole(0, 100_000).safeParse(-1).error?.issues[0]?.message
 * // 'must be a whole number from 0 to 100000'
 */
export function whole(min: number, max?: number) {
  const bounds = `${min}/${max}`
  let rule = RULES.get(bounds)
  if (rule === undefined) {
    const error = describeRule({ min, max, whole: true })
    rule = z.int({ error }).min(min, { error })
    if (max !== undefined) rule = rule.max(max, { error })
    RULES.set(bounds, rule)
  }
  return rule
}

/**
 * Each rule made once, by its bounds (every option checks the same one each
 * time a petstore or server is made). As many as the code has pairs of
 * bounds: a dozen.
 */
const RULES = new Map<string, z.ZodInt>()

/**
 * Checks one whole-number option outside the options schema (a key's limits,
 * a timeout of the server) by the same rule, and fills in its default: a bad
 * value throws a `ConfigError` naming it.
 *
 * @example
 * wholeOption(undefined, { name: 'journalSize', fallback: 1000, min: 0, max: 100_000, action: 'create the journal' })
 * // 1000
 */
export function wholeOption(
  value: unknown,
  rule: {
    name: string
    fallback: number
    min: number
    max?: number
    action: string
    code?: PetstoreErrorCode
  },
): number {
  if (value === undefined) return rule.fallback
  const result = whole(rule.min, rule.max).safeParse(value)
  if (result.success) return result.data
  throw new ConfigError(
    rule.code ?? 'ERR_PETSTORE_INVALID_OPTION',
    rule.action,
    `\`${rule.name}\` ${result.error.issues[0]?.message}, got ${String(value)}`,
    { option: rule.name, value, rule: { min: rule.min, max: rule.max, whole: true } },
  )
}
