import type { KeySpec } from '../core/plans/create-keyring.ts'
import { ConfigError } from '../errors/config-error.ts'
import { isPlanName, PLAN_NAMES } from '../spec/plans.ts'

/**
 * Reads one `--api-key KEY=PLAN` flag; an Enterprise key may set its own
 * limits as `KEY=enterprise:PER_MINUTE/PER_DAY`.
 *
 * @example
 * parseApiKeyFlag('sk_me=pro') // ['sk_me', 'pro']
 * parseApiKeyFlag('sk_big=enterprise:50000/5000000')
 * // ['sk_big', { plan: 'enterprise', perMinute: 50000, perDay: 5000000 }]
 */
export function parseApiKeyFlag(flag: string): [string, KeySpec] {
  const match = /^([^=\s]+)=(\w+)(?::(\d+)\/(\d+))?$/.exec(flag.trim())
  const plan = match?.[2]?.toLowerCase() ?? ''
  if (match === null || match[1] === undefined || !isPlanName(plan)) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_KEY',
      'read --api-key',
      `expected KEY=PLAN with PLAN one of ${PLAN_NAMES.join(', ')} (or KEY=enterprise:PER_MINUTE/PER_DAY), got "${flag}"`,
    )
  }
  if (match[3] === undefined) return [match[1], plan]
  if (plan !== 'enterprise') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_KEY',
      'read --api-key',
      `only enterprise keys set their own limits, got "${flag}"`,
    )
  }
  return [match[1], { plan, perMinute: Number(match[3]), perDay: Number(match[4]) }]
}
