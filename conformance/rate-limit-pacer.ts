import type { RateLimitHeaders } from './rate-limit-headers.ts'
import type { Credential } from './types.ts'

/** Thrown when keeping to the rate limit would mean waiting longer than allowed. */
export class WaitTooLongError extends Error {
  override name = 'WaitTooLongError'
  readonly code = 'ERR_PETSTORE_CONFORMANCE_WAIT_TOO_LONG'
}

/** Options of {@link createRateLimitPacer}. */
export interface RateLimitPacerOptions {
  now: () => number
  sleep: (ms: number) => Promise<void>
  /** Spacing of requests while the server sends no usable headers (Free plan: 60/min). */
  fallbackIntervalMs?: number
  /** Extra wait after a window's reset, for clock rounding. */
  marginMs?: number
  /** The longest single wait; beyond it the pacer throws {@link WaitTooLongError}. */
  maxWaitMs?: number
  onWait?: (ms: number, reason: string) => void
}

interface Bucket {
  remaining?: number
  /** Local time (ms) at which the window resets. */
  resetAt?: number
  /** The `X-RateLimit-Reset` the bucket's numbers belong to. */
  reset?: number
  lastSentAt?: number
}

/**
 * Paces requests by the rate-limit headers the server sends, one bucket per
 * credential (the key, and the per-address bucket of unauthenticated calls):
 * requests go out while `Remaining` is above zero, then the pacer waits for
 * `Reset`. Without usable headers it spaces requests at the Free plan's
 * 60 a minute.
 *
 * @example
 * const pacer = createRateLimitPacer({ now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) })
 * await pacer.beforeSend('valid')
 * pacer.afterResponse('valid', { limit: 60, remaining: 59, reset: 1767225660 }, 1767225600)
 */
export function createRateLimitPacer(options: RateLimitPacerOptions) {
  const fallbackIntervalMs = options.fallbackIntervalMs ?? 1000
  const marginMs = options.marginMs ?? 250
  const maxWaitMs = options.maxWaitMs ?? 65_000
  const buckets = new Map<Credential, Bucket>()
  const bucketOf = (credential: Credential): Bucket => {
    let bucket = buckets.get(credential)
    if (!bucket) {
      bucket = {}
      buckets.set(credential, bucket)
    }
    return bucket
  }

  const wait = async (ms: number, reason: string): Promise<number> => {
    if (ms <= 0) {
      return 0
    }
    if (ms > maxWaitMs) {
      throw new WaitTooLongError(
        `[petstore-mock] Failed to keep to the rate limit: ${reason} would take ${Math.ceil(ms / 1000)} s, more than the ${Math.ceil(maxWaitMs / 1000)} s cap.`,
      )
    }
    options.onWait?.(ms, reason)
    await options.sleep(ms)
    return ms
  }

  return {
    /** Waits until a request with this credential may go out; returns the ms waited. */
    async beforeSend(credential: Credential): Promise<number> {
      const bucket = bucketOf(credential)
      let waited = 0
      if (bucket.remaining !== undefined && bucket.resetAt !== undefined) {
        if (bucket.remaining > 0) {
          bucket.remaining -= 1
        } else {
          waited = await wait(
            bucket.resetAt + marginMs - options.now(),
            'waiting for the rate-limit window to reset (Remaining 0)',
          )
          bucket.remaining = undefined
          bucket.resetAt = undefined
        }
      } else if (bucket.lastSentAt !== undefined) {
        waited = await wait(
          bucket.lastSentAt + fallbackIntervalMs - options.now(),
          'pacing at 60 requests a minute (no rate-limit headers)',
        )
      }
      bucket.lastSentAt = options.now()
      return waited
    },
    /**
     * Records the headers of a response. `serverDate` (seconds, from `Date`)
     * corrects for clock skew between the kit and the server.
     */
    afterResponse(
      credential: Credential,
      headers: RateLimitHeaders | undefined,
      serverDate?: number,
    ): void {
      const bucket = bucketOf(credential)
      if (!headers) {
        bucket.remaining = undefined
        bucket.resetAt = undefined
        return
      }
      // Responses to concurrent requests arrive in any order: within one
      // window the lowest Remaining is the true one.
      const sameWindow = bucket.reset === headers.reset && bucket.remaining !== undefined
      bucket.remaining = sameWindow
        ? Math.min(bucket.remaining as number, headers.remaining)
        : headers.remaining
      bucket.reset = headers.reset
      bucket.resetAt =
        serverDate === undefined
          ? headers.reset * 1000
          : options.now() + Math.max(0, headers.reset - serverDate) * 1000
    },
    /** Forgets what is known of a bucket (after a backoff). */
    forget(credential: Credential): void {
      const bucket = bucketOf(credential)
      bucket.remaining = undefined
      bucket.resetAt = undefined
    },
    /** What the pacer knows of a bucket. */
    state(credential: Credential): Readonly<Bucket> {
      return { ...bucketOf(credential) }
    },
  }
}

/** The pacer returned by {@link createRateLimitPacer}. */
export type RateLimitPacer = ReturnType<typeof createRateLimitPacer>
