import type { Middleware } from '../app/types.ts'
import type { Clock } from '../clock/clock.ts'
import { ApiError } from '../errors/api-error.ts'
import { parseSimulation, type Simulation } from '../simulation/parse-simulation.ts'
import type { ScenarioQueue } from '../simulation/scenario-queue.ts'
import { SIMULATED_STATUSES } from '../simulation/simulated-statuses.ts'
import { sleep } from '../simulation/sleep.ts'
import { WWW_AUTHENTICATE } from './require-auth.ts'

/**
 * Errors and latency on demand: `Prefer: code=NNN, delay=MS`, the `__code` /
 * `__delay` query fallback, or the next queued scenario. A forced response
 * has a valid Error body and keeps the rate-limit headers.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), requireAuth(), simulate(queue, clock)]
 */
export function simulate(scenarios: ScenarioQueue, clock: Clock): Middleware {
  return async function simulate(ctx, next) {
    const { request } = ctx
    const asked = parseSimulation(request.headers.get('prefer'), request.query)
    const simulation: Simulation =
      asked.status !== undefined || asked.delay !== undefined
        ? asked
        : (scenarios.take(request.method, request.path) ?? {})
    if (simulation.delay) await sleep(simulation.delay, request.signal)
    const status = simulation.status
    const forced = status === undefined ? undefined : SIMULATED_STATUSES[status]
    if (status === undefined || forced === undefined) return next()
    const { code, message } = forced
    const headers: Record<string, string> = {}
    if (status === 401) headers['www-authenticate'] = WWW_AUTHENTICATE
    if (status === 429 || status === 503) {
      const reset = Number(ctx.headers['x-ratelimit-reset'] ?? 0)
      headers['retry-after'] = String(Math.max(1, reset - Math.floor(clock.now() / 1000)))
    }
    throw new ApiError(status, code, message, headers)
  }
}
