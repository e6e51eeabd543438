import { z } from 'zod'
import type { ErrorCode } from '../../spec/error-codes.ts'

/**
 * The statuses that `Prefer: code=NNN`, `__code` and scenarios can force, with
 * the Error `code` and message each gets.
 *
 * @example
 * SIMULATED_STATUSES[503].code // 'service_unavailable'
 */
export const SIMULATED_STATUSES: Readonly<Record<number, { code: ErrorCode; message: string }>> = {
  400: { code: 'invalid_request', message: 'The request is invalid (simulated).' },
  401: { code: 'unauthorized', message: 'The API key is missing or invalid (simulated).' },
  404: { code: 'not_found', message: 'The requested resource was not found (simulated).' },
  429: { code: 'rate_limited', message: 'Rate limit exceeded (simulated).' },
  500: { code: 'internal_error', message: 'The server failed unexpectedly (simulated).' },
  503: { code: 'service_unavailable', message: 'The service is unavailable (simulated).' },
}

/**
 * The statuses that can be forced, in order.
 *
 * @example
 * SIMULATED_STATUS_LIST.includes(503) // true
 */
export const SIMULATED_STATUS_LIST = Object.keys(SIMULATED_STATUSES).map(Number)

/** The longest delay that can be asked for, in ms. */
export const MAX_DELAY_MS = 60_000

/**
 * What a forced status and a delay must be, in words: every check of them
 * (the `Prefer` header, the query fallback, scenarios) says this.
 *
 * @example
 * SIMULATION_RULES.delay // 'must be a whole number of milliseconds from 0 to 60000'
 */
export const SIMULATION_RULES = {
  status: `must be one of ${SIMULATED_STATUS_LIST.join(', ')}`,
  delay: `must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`,
} as const

/**
 * A status that can be forced.
 *
 * @example
 * SimulatedStatus.safeParse(418).success // false
 */
export const SimulatedStatus = z
  .int({ error: SIMULATION_RULES.status })
  .refine((status) => SIMULATED_STATUSES[status] !== undefined, {
    message: SIMULATION_RULES.status,
  })

/**
 * A delay that can be asked for, in ms.
 *
 * @example
 * SimulatedDelay.safeParse(60_001).success // false
 */
export const SimulatedDelay = z
  .int({ error: SIMULATION_RULES.delay })
  .min(0, { error: SIMULATION_RULES.delay })
  .max(MAX_DELAY_MS, { error: SIMULATION_RULES.delay })
