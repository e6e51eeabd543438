import { ApiError } from '../../errors/api-error.ts'
import { clip } from '../../utils/clip.ts'
import { SIMULATION_RULES, SimulatedDelay, SimulatedStatus } from './simulated-statuses.ts'

/**
 * A forced outcome for one request.
 *
 * @example
 * const simulation: Simulation = parseSimulation('code=503', new URLSearchParams()) // { status: 503, source: 'prefer' }
 */
export interface Simulation {
  status?: number
  delay?: number
  /** Where a request's own preference came from: the `Prefer` header or the query. */
  source?: 'prefer' | 'query'
}

/**
 * What a request that asks for nothing gets: one frozen object, not one per request.
 *
 * @example
 * parseSimulation(null, new URLSearchParams()) === NO_SIMULATION // true
 */
export const NO_SIMULATION: Readonly<Simulation> = Object.freeze({})

/**
 * Reads `Prefer: code=NNN, delay=MS` (Prism's convention, RFC 7240), or the
 * `__code` / `__delay` query parameters when the request states neither
 * preference in a `Prefer` header. Unknown preferences are ignored and only
 * the first instance of a preference counts, as RFC 7240 asks; a bad value of
 * a known one is a 400.
 *
 * @example
 * parseSimulation('code=429, delay=300', new URLSearchParams()) // { status: 429, delay: 300, source: 'prefer' }
 * parseSimulation(null, new URLSearchParams('__code=503')) // { status: 503, source: 'query' }
 */
export function parseSimulation(prefer: string | null, query: URLSearchParams): Simulation {
  if (prefer !== null) {
    const simulation: Simulation = {}
    for (const part of prefer.split(',')) {
      const at = part.indexOf('=')
      const name = (at === -1 ? part : part.slice(0, at)).split(';')[0]?.trim().toLowerCase()
      const value = at === -1 ? '' : unquote(part.slice(at + 1).split(';')[0] ?? '')
      if (name === 'code' && simulation.status === undefined) {
        simulation.status = readStatus(value, 'Prefer: code')
      } else if (name === 'delay' && simulation.delay === undefined) {
        simulation.delay = readDelay(value, 'Prefer: delay')
      }
    }
    if (simulation.status !== undefined || simulation.delay !== undefined) {
      simulation.source = 'prefer'
      return simulation
    }
  }
  const code = query.get('__code')
  const delay = query.get('__delay')
  if (code === null && delay === null) return NO_SIMULATION
  const simulation: Simulation = {}
  if (code !== null) simulation.status = readStatus(code, '__code')
  if (delay !== null) simulation.delay = readDelay(delay, '__delay')
  simulation.source = 'query'
  return simulation
}

/**
 * Checks a status that a request asks to force.
 *
 * @example
 * readStatus('503', 'Prefer: code') // 503
 */
export function readStatus(raw: string, source: string): number {
  const result = SimulatedStatus.safeParse(/^\d{3}$/.test(raw) ? Number(raw) : Number.NaN)
  if (!result.success) throw invalid(source, SIMULATION_RULES.status, raw)
  return result.data
}

/**
 * Checks a delay in ms that a request asks for.
 *
 * @example
 * readDelay('300', 'Prefer: delay') // 300
 */
export function readDelay(raw: string, source: string): number {
  const result = SimulatedDelay.safeParse(/^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN)
  if (!result.success) throw invalid(source, SIMULATION_RULES.delay, raw)
  return result.data
}

function invalid(source: string, rule: string, raw: string): ApiError {
  return new ApiError('invalid_simulation', `${source} ${rule}, got "${clip(raw)}".`)
}

function unquote(value: string): string {
  return value.trim().replace(/^"(.*)"$/, '$1')
}
