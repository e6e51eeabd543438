/**
 * The plans of spec §8 and their default limits (requests per minute and per day).
 * Enterprise limits are agreed per customer; these are the mock's defaults.
 *
 * @example
 * PLANS.free.perMinute // 60
 */
export const PLANS = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 300, perDay: 10_000 },
  business: { perMinute: 1_000, perDay: 100_000 },
  enterprise: { perMinute: 10_000, perDay: 1_000_000 },
} as const

/**
 * A plan of the API (spec §8): `free`, `pro`, `business` or `enterprise`.
 *
 * @example
 * const plan: PlanName = 'pro' // PLANS[plan].perMinute === 300
 */
export type PlanName = keyof typeof PLANS

/**
 * The plans, in order from Free to Enterprise.
 *
 * @example
 * PLAN_NAMES // ['free', 'pro', 'business', 'enterprise']
 */
export const PLAN_NAMES = Object.keys(PLANS) as Array<PlanName>

/**
 * Tells whether a string names a plan.
 *
 * @example
 * isPlanName('pro') // true
 */
export function isPlanName(value: string): value is PlanName {
  return Object.hasOwn(PLANS, value)
}
