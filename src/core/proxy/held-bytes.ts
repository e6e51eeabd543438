import { ApiError } from '../../errors/api-error.ts'
import { RETRY_AFTER } from '../../spec/headers.ts'
import type { ProxyLimits } from './read-upstream-body.ts'

/**
 * The proxy's account of the upstream bodies it holds for callers, from
 * when one is read until its caller has it whole or is gone, or
 * `limits.maxHoldMs` have passed: then the caller's connection is cut off
 * and the answer let go of, so that callers that read slowly (or not at all)
 * hold the others back for at most that long. No request is sent while
 * `limits.maxHeldBytes` are held; the answers of requests already sent are
 * held whatever their size (the upstream has acted on them: refusing one
 * would lose it, and a retry would act twice), so at most `maxHeldBytes` plus
 * the `maxInFlight` answers of `maxResponseBytes`.
 *
 * @example
 * const held = createHeldBytes(PROXY_LIMITS, 'https://staging.example.com')
 */
export interface HeldBytes {
  /** Throws the 503 when nothing more can be held: before a request is sent. */
  checkRoom(): void
  /**
   * Holds `size` bytes until `whenDone` calls back (at once without it), or
   * for `maxHoldMs` at most, when `cutOff` closes the caller's connection;
   * never refuses: the request was sent.
   */
  hold(
    size: number,
    whenDone: ((listener: () => void) => void) | undefined,
    cutOff?: () => void,
  ): void
  /** The bytes held now. */
  readonly bytes: number
}

/**
 * Creates the account of one upstream's held bodies (see `HeldBytes`). A
 * refusal is 503 `service_unavailable` with `Retry-After:
 * limits.busyRetryAfterS`, like a request over `maxInFlight`; `timers` time
 * each answer's `maxHoldMs`.
 *
 * @example
 * const held = createHeldBytes(limits, target.origin)
 * held.checkRoom()
 * held.hold(body.byteLength, request.whenDone, request.cutOff)
 */
export function createHeldBytes(
  limits: ProxyLimits,
  origin: string,
  timers: HoldTimers = systemTimers,
): HeldBytes {
  let bytes = 0
  const refuse = (): never => {
    throw new ApiError(
      'service_unavailable',
      `The proxy holds ${limits.maxHeldBytes} bytes or more of answers from ${origin} that their callers have not read: retry in ${limits.busyRetryAfterS} s.`,
      { [RETRY_AFTER]: String(limits.busyRetryAfterS) },
    )
  }
  return {
    checkRoom() {
      if (bytes >= limits.maxHeldBytes) refuse()
    },
    hold(size, whenDone, cutOff) {
      if (whenDone === undefined || size === 0) return
      bytes += size
      let held = true
      const release = () => {
        if (!held) return
        held = false
        timers.clearTimeout(timer)
        bytes -= size
      }
      const timer = timers.setTimeout(() => {
        release()
        cutOff?.()
      }, limits.maxHoldMs)
      whenDone(release)
    },
    get bytes() {
      return bytes
    },
  }
}

/**
 * The timer functions of `createHeldBytes`; tests pass fake ones.
 *
 * @example
 * createHeldBytes(limits, origin, { setTimeout: (fire) => fire, clearTimeout: () => {} })
 */
export interface HoldTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const systemTimers: HoldTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}
