import { ApiError } from '../errors/api-error.ts'
import { clip } from '../operations/query-params.ts'
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
 * `__code` / `__delay` query parameters when there is no `Prefer` header.
 * Unknown preferences are ignored, as RFC 7240 asks; a bad value of a known
 * one is a 400.
 *
 * @example
 * parseSimulation('code=429, delay=300', new URLSearchParams()) // { status: 429, delay: 300 }
 */
export function parseSimulation(prefer: string | null, query: URLSearchParams): Simulation {
  const simulation: Simulation = {}
  if (prefer !== null) {
    for (const part of prefer.split(',')) {
      const [rawName = '', ...rest] = part.split('=')
      const name = rawName.trim().toLowerCase()
      const value =
        rest
          .join('=')
          .split(';')[0]
          ?.trim()
          .replace(/^"(.*)"$/, '$1') ?? ''
      if (name === 'code') simulation.status = readStatus(value, 'Prefer: code')
      else if (name === 'delay') simulation.delay = readDelay(value, 'Prefer: delay')
    }
    return simulation
  }
  const code = query.get('__code')
  const delay = query.get('__delay')
  if (code !== null) simulation.status = readStatus(code, '__code')
  if (delay !== null) simulation.delay = readDelay(delay, '__delay')
  return simulation
}

/**
 * Checks a status that a request or scenario asks to force.
 *
 * @example
 * readStatus('503', 'Prefer: code') // 503
 */
export function readStatus(raw: string | number, source: string): number {
  const value = typeof raw === 'number' ? raw : /^\d{3}$/.test(raw) ? Number(raw) : Number.NaN
  if (SIMULATED_STATUSES[value] === undefined) {
    throw new ApiError(
      400,
      'invalid_simulation',
      `${source} must be one of ${SIMULATED_STATUS_LIST.join(', ')}, got "${clip(String(raw))}".`,
    )
  }
  return value
}

/**
 * Checks a delay in ms that a request or scenario asks for.
 *
 * @example
 * readDelay('300', 'Prefer: delay') // 300
 */
export function readDelay(raw: string | number, source: string): number {
  const value = typeof raw === 'number' ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(value) || value < 0 || value > MAX_DELAY_MS) {
    throw new ApiError(
      400,
      'invalid_simulation',
      `${source} must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}, got "${clip(String(raw))}".`,
    )
  }
  return value
}
