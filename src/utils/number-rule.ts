/**
 * The bounds of a numeric option: what a check enforces and what a message
 * about a bad value says, from one description (so that the CLI can say it
 * again in the unit of its flag).
 *
 * @example
 * const rule: NumberRule = { min: 0, max: 100_000, whole: true }
 */
export interface NumberRule {
  min: number
  /** No upper bound when absent. */
  max?: number | undefined
  /** Whole numbers only. */
  whole: boolean
}

/**
 * A bad value of a numeric option: which option, the value given and the rule it broke.
 *
 * @example
 * const problem: OptionProblem = { option: 'rateLimit.scale', value: 0, rule: { min: 0.001, max: 10_000, whole: false } }
 */
export interface OptionProblem {
  /** The option's path as `createPetstore` takes it: `seed`, `rateLimit.scale`. */
  option: string
  value: unknown
  rule: NumberRule
}

/**
 * Whether `value` follows `rule`.
 *
 * @example
 * followsRule(1.5, { min: 0, whole: true }) // false
 */
export function followsRule(value: unknown, rule: NumberRule): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!rule.whole || Number.isInteger(value)) &&
    value >= rule.min &&
    (rule.max === undefined || value <= rule.max)
  )
}

/**
 * The words of a rule, as every message about a numeric option says them.
 *
 * @example
 * describeRule({ min: 0, max: 100_000, whole: true }) // 'must be a whole number from 0 to 100000'
 * describeRule({ min: 0.001, max: 10_000, whole: false }) // 'must be a number from 0.001 to 10000'
 */
export function describeRule(rule: NumberRule): string {
  const kind = rule.whole ? 'a whole number' : 'a number'
  return rule.max === undefined
    ? `must be ${kind} from ${rule.min}`
    : `must be ${kind} from ${rule.min} to ${rule.max}`
}
