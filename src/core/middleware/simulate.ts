import type { Clock } from '../../base/clock/clock.ts'
import type { Context, Middleware, Next } from '../../base/http/types.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { forceCell } from '../coverage/force-cell.ts'
import { forcedError } from '../simulation/forced-error.ts'
import { NO_SIMULATION, parseSimulation, type Simulation } from '../simulation/parse-simulation.ts'
import type { ScenarioQueue } from '../simulation/scenario-queue.ts'
import { SIMULATED_STATUSES } from '../simulation/simulated-statuses.ts'
import { sleep } from '../simulation/sleep.ts'

/**
 * Errors and latency on demand: `Prefer: code=NNN, delay=MS`, the `__code` /
 * `__delay` query fallback, or else the next matching queued scenario (which
 * is not used up when the request asks for its own). A forced response has a
 * valid Error body and keeps the rate-limit headers; a forced 429 says
 * `X-RateLimit-Remaining: 0` and `Retry-After` (the rate limiter's seconds to
 * the window's reset), a forced 401 `WWW-Authenticate`. A scenario armed for a
 * coverage cell (`POST /__mock/coverage/force`) answers as that cell's state
 * (`forceCell`). The delay ends early, without an answer, when the client goes away.
 *
 * @example
 * const chain = [authenticate(keyring), rateLimit(limiter), requireAuth(), simulate(queue, clock)]
 */
export function simulate(scenarios: ScenarioQueue, clock: Clock): Middleware {
  if (typeof scenarios?.take !== 'function' || typeof clock?.now !== 'function') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the simulate middleware',
      'a scenario queue and a clock are required',
    )
  }
  /** Goes on, or answers with the status the simulation forces. */
  const settle = (ctx: Context, next: Next, status: number | undefined) => {
    const forced = status === undefined ? undefined : SIMULATED_STATUSES[status]
    if (status === undefined || forced === undefined) return next(ctx)
    throw forcedError(ctx, forced.code, forced.message)
  }
  return function simulate(ctx, next) {
    // Applied once per request: the proxy applies it before the mock may answer instead.
    if (ctx.forced !== undefined) return next(ctx)
    const { request } = ctx
    const asked = parseSimulation(request.headers.get('prefer'), request.query)
    const taken =
      asked.source !== undefined ? undefined : scenarios.take(request, ctx.route?.path, ctx.path)
    if (taken?.cell !== undefined) {
      ctx.forced = 'scenario'
      return forceCell(taken.cell, ctx, next, clock)
    }
    const simulation: Simulation = asked.source !== undefined ? asked : (taken ?? NO_SIMULATION)
    if (simulation.status !== undefined || simulation.delay !== undefined) {
      ctx.forced = asked.source ?? 'scenario'
    }
    if (!simulation.delay) return settle(ctx, next, simulation.status)
    const slept = clock.sleep
      ? clock.sleep(simulation.delay, request.signal)
      : sleep(simulation.delay, request.signal)
    return Promise.resolve(slept).then(() => settle(ctx, next, simulation.status))
  }
}
