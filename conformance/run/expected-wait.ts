import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import { kitNote } from '../model/kit-message.ts'
import { inWords } from '../reporters/pretty-reporter.ts'
import type { RateLimitPacer } from '../transport/rate-limit-pacer.ts'

/** A wait shorter than this is not announced before the run (ms). */
const ANNOUNCED_WAIT_MS = 5_000

/**
 * About how many requests a run with `selected` of the `all` default checks
 * sends: {@link KIT_DEFAULTS.expectedRequests} in the same share, within the
 * request budget.
 *
 * @example
 * expectedRequests(60, 60, 500) // 346
 */
export function expectedRequests(selected: number, all: number, maxRequests: number): number {
  const share = all > 0 ? selected / all : 1
  return Math.min(maxRequests, Math.ceil(KIT_DEFAULTS.expectedRequests * share))
}

/**
 * The note said before the first check when the key's rate limit will make
 * the run wait: the limit the pre-flight answer showed, the requests the run
 * is expected to send (`sent` of them already) and the wait they will take by the pacer's own
 * arithmetic (`paceMs`); undefined when the wait is short or the server
 * shows no limit.
 *
 * @example
 * expectedWaitNote(pacer, 300, 1)
 * // '[petstore-conformance] the key allows 60 requests a minute (59 left now) and this run sends about 300: expect about 4 min 1 s of waiting for the rate limit (a key of a higher plan, or fewer checks, waits less)'
 */
export function expectedWaitNote(
  pacer: RateLimitPacer,
  requests: number,
  sent: number,
): string | undefined {
  const { limit, remaining } = pacer.state('valid')
  if (limit === undefined || remaining === undefined) return undefined
  const waitMs = pacer.paceMs(Math.max(0, requests - sent), 'valid')
  if (waitMs < ANNOUNCED_WAIT_MS) return undefined
  return kitNote(
    `the key allows ${limit} requests a minute (${remaining} left now) and this run sends about ${requests}: expect about ${inWords(waitMs)} of waiting for the rate limit (a key of a higher plan, or fewer checks, waits less)`,
  )
}
