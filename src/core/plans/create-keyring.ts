import { wholeOption } from '../../base/options/whole-option.ts'
import { ConfigError } from '../../errors/config-error.ts'
import type { ApiKey } from '../../spec/api-key.ts'
import { isPlanName, PLAN_NAMES, PLANS, type PlanName } from '../../spec/plans.ts'
import { DEFAULT_KEYS } from './default-keys.ts'

export type { ApiKey } from '../../spec/api-key.ts'

/**
 * A key's plan, or its plan with limits of its own (for Enterprise keys).
 *
 * @example
 * const keys: Record<string, KeySpec> = { sk_me: 'pro', sk_big: { plan: 'enterprise', perMinute: 50_000 } }
 */
export type KeySpec = PlanName | { plan: PlanName; perMinute?: number; perDay?: number }

/**
 * The keys a keyring holds besides the default ones, and the default limits of Enterprise keys.
 *
 * @example
 * const keyring = createKeyring({ keys: { sk_me: 'pro' }, enterprise: { perMinute: 20_000 } })
 */
export interface KeyringOptions {
  /** More keys, added to the four default ones. */
  keys?: Record<string, KeySpec>
  /** Limits of Enterprise keys that do not set their own. */
  enterprise?: { perMinute?: number; perDay?: number }
}

/** The characters of an RFC 6750 bearer token (token68). */
export const TOKEN_PATTERN = /^[A-Za-z0-9\-._~+/]+=*$/

/**
 * Builds the key lookup from the default keys and the user's own.
 * Validates eagerly: a bad key or plan throws a `ConfigError`.
 *
 * @example
 * const keyring = createKeyring({ keys: { sk_live_me: 'pro' } })
 * keyring.get('sk_live_me')?.perMinute // 300
 */
export function createKeyring(options: KeyringOptions = {}): Map<string, ApiKey> {
  const enterprise = {
    perMinute: positive(
      options.enterprise?.perMinute,
      PLANS.enterprise.perMinute,
      'enterprise.perMinute',
    ),
    perDay: positive(options.enterprise?.perDay, PLANS.enterprise.perDay, 'enterprise.perDay'),
  }
  const keyring = new Map<string, ApiKey>()
  const entries = Object.entries({ ...DEFAULT_KEYS, ...options.keys })
  for (const [key, spec] of entries) {
    if (!TOKEN_PATTERN.test(key)) {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_KEY',
        'add an API key',
        `"${key}" is not a valid bearer token (letters, digits and -._~+/ only)`,
      )
    }
    const plan = typeof spec === 'string' ? spec : spec?.plan
    if (typeof plan !== 'string' || !isPlanName(plan)) {
      throw new ConfigError(
        'ERR_PETSTORE_INVALID_KEY',
        'add an API key',
        `the plan of "${key}" must be one of ${PLAN_NAMES.join(', ')}, got "${String(plan)}"`,
      )
    }
    const base = plan === 'enterprise' ? enterprise : PLANS[plan]
    const own: { perMinute?: number; perDay?: number } = typeof spec === 'string' ? {} : spec
    keyring.set(key, {
      key,
      plan,
      perMinute: positive(own.perMinute, base.perMinute, `${key}.perMinute`),
      perDay: positive(own.perDay, base.perDay, `${key}.perDay`),
    })
  }
  return keyring
}

function positive(value: number | undefined, fallback: number, name: string): number {
  return wholeOption(value, {
    name,
    fallback,
    min: 1,
    action: 'add an API key',
    code: 'ERR_PETSTORE_INVALID_KEY',
  })
}
