import type { JudgedExchange } from '../../src/judge/judge-exchange.ts'
import type { ConformanceResult } from '../model/types.ts'
import { type ConformanceOptions, runConformance } from '../run/run-conformance.ts'
import { fakeClock } from './fake-clock.ts'
import { recordingTransport } from './recording-transport.ts'
import { REFERENCE_TOKENS } from './reference/reference-options.ts'
import { type ReferenceOptions, startReferenceServer } from './reference-server.ts'

/** The key the reference server accepts by default, which the kit is given. */
export const REFERENCE_TOKEN = REFERENCE_TOKENS[0] as string
/** The second key the reference server accepts by default (`--other-token`). */
export const REFERENCE_OTHER_TOKEN = REFERENCE_TOKENS[1] as string

/**
 * Starts the reference server with `options`, runs the kit against it
 * (seed 1, both keys) and closes it. Server and kit share a fake clock: rate-limit
 * windows, `Retry-After` and pacing pass without real waiting. Unless `run`
 * gives a transport, the result holds every exchange as a proxy would have
 * seen it (`exchanges`, for the proxy's judge).
 *
 * @example
 * const result = await runAgainstReference({ firstId: 9007199254740993n })
 */
export async function runAgainstReference(
  options: ReferenceOptions = {},
  run: Partial<ConformanceOptions> = {},
): Promise<ConformanceResult & { served: number; exchanges: Array<JudgedExchange> }> {
  const clock = fakeClock()
  const server = await startReferenceServer({ clock: clock.now, ...options })
  const recorder = run.transport ? undefined : recordingTransport(clock.now)
  try {
    const result = await runConformance({
      baseUrl: server.baseUrl,
      token: REFERENCE_TOKEN,
      otherToken: REFERENCE_OTHER_TOKEN,
      seed: 1,
      now: clock.now,
      sleep: clock.sleep,
      ...(recorder ? { transport: recorder.transport } : {}),
      ...run,
    })
    return { ...result, served: server.requests(), exchanges: recorder?.exchanges ?? [] }
  } finally {
    await recorder?.close()
    await server.close()
  }
}

/**
 * The ids of the required checks that failed, sorted, without duplicates.
 *
 * @example
 * expect(failedRequired(result)).toEqual([])
 */
export function failedRequired(result: ConformanceResult): Array<string> {
  return [
    ...new Set(
      result.results
        .filter((entry) => entry.outcome === 'failed' && entry.level === 'required')
        .map((entry) => entry.id),
    ),
  ].sort()
}

/**
 * The ids of the advisory checks that warned, sorted, without duplicates.
 *
 * @example
 * expect(warned(result)).toEqual(['get.deprecation-headers'])
 */
export function warned(result: ConformanceResult): Array<string> {
  return [
    ...new Set(
      result.results
        .filter((entry) => entry.outcome === 'failed' && entry.level === 'advisory')
        .map((entry) => entry.id),
    ),
  ].sort()
}
