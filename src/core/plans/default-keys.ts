import type { PlanName } from '../../spec/plans.ts'

/**
 * The keys the mock accepts out of the box, one per plan.
 *
 * @example
 * DEFAULT_KEYS.sk_test_free // 'free'
 */
export const DEFAULT_KEYS: Readonly<Record<string, PlanName>> = {
  sk_test_free: 'free',
  sk_test_pro: 'pro',
  sk_test_business: 'business',
  sk_test_enterprise: 'enterprise',
}
