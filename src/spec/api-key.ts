import type { PlanName } from './plans.ts'

/**
 * An API key the mock accepts (spec §5), with the limits of its plan (§8).
 *
 * @example
 * const key: ApiKey = { key: 'sk_test_free', plan: 'free', perMinute: 60, perDay: 1000 }
 */
export interface ApiKey {
  /** The bearer token. */
  key: string
  plan: PlanName
  /** Requests allowed per minute window. */
  perMinute: number
  /** Requests allowed per day window. */
  perDay: number
}
