import { ApiError } from '../errors/api-error.ts'
import { clip } from '../errors/clip.ts'
import { MAX_DELAY_MS, SIMULATED_STATUS_LIST, SIMULATED_STATUSES } from './simulated-statuses.ts'

/**
 * A forced outcome for one request.
 */
export interface Simulation {
  status?: number
  delay?: number
}

/**
 * Reads `Prefer: code=NNN, delay=MS` (Prism's convention, RFC 7240), or the
 * `__code` / `__delay` query parameters when the request states neither
 * preference in a `Prefer` header. Unknown preferences are ignored and only
 * the first instance of a preference counts, as RFC 7240 asks; a bad value of
 * a known one is a 400.
 *
 * @example
 * parseSimulation('code=429, delay=300', new URLSearchParams()) // { status: 429, delay: 300 }
 * parseSimulation(null, new URLSearchParams('__code=503')) // { status: 503 }
 */
export function parseSimulation(prefer: string | null, query: URLSearchParams): Simulation {
  const simulation: Simulation = {}
  for (const part of prefer?.split(',') ?? []) {
    const at = part.indexOf('=')
    const name = (at === -1 ? part : part.slice(0, at)).split(';')[0]?.trim().toLowerCase()
    const value = at === -1 ? '' : unquote(part.slice(at + 1).split(';')[0] ?? '')
    if (name === 'code' && simulation.status === undefined) {
      simulation.status = readStatus(value, 'Prefer: code')
    } else if (name === 'delay' && simulation.delay === undefined) {
      simulation.delay = readDelay(value, 'Prefer: delay')
    }
  }
  if (simulation.status !== undefined || simulation.delay !== undefined) return simulation
  const code = query.get('__code')
  const delay = query.get('__delay')
  if (code !== null) simulation.status = readStatus(code, '__code')
  if (delay !== null) simulation.delay = readDelay(delay, '__delay')
  return simulation
}

/**
 * Checks a status that a request asks to force.
 *
 * @example
 * readStatus('503', 'Prefer: code') // 503
 */
export function readStatus(raw: string, source: string): number {
  const value = /^\d{3}$/.test(raw) ? Number(raw) : Number.NaN
  if (SIMULATED_STATUSES[value] === undefined) {
    throw new ApiError(
      'invalid_simulation',
      `${source} must be one of ${SIMULATED_STATUS_LIST.join(', ')}, got "${clip(raw)}".`,
    )
  }
  return value
}

/**
 * Checks a delay in ms that a request asks for.
 *
 * @example
 * readDelay('300', 'Prefer: delay') // 300
 */
export function readDelay(raw: string, source: string): number {
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(value) || value > MAX_DELAY_MS) {
    throw new ApiError(
      'invalid_simulation',
      `${source} must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}, got "${clip(raw)}".`,
    )
  }
  return value
}

function unquote(value: string): string {
  return value.trim().replace(/^"(.*)"$/, '$1')
}
