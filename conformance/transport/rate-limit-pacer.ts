import {
  parseRateLimitHeaders,
  RATE_LIMIT_HEADERS_IN_ORDER,
  type RateLimitHeaders,
  rateLimitHeaderProblems,
  serverDateSeconds,
} from '../../src/judge/rate-limit-headers.ts'
import { RATE_LIMIT_HEADER_NAMES as SPELLED } from '../../src/spec/index.ts'
import type { KitClock } from '../model/kit-clock.ts'
import { ConformanceError, kitNote } from '../model/kit-message.ts'
import type { Credential } from '../model/types.ts'

/**
 * The most pacing notes said per credential in one run; beyond it one line
 * says that further ones are not reported (a server whose answers differ by
 * operation could otherwise flood the console).
 */
export const MAX_PACING_NOTES = 8

/** The header names as the spec spells them, by their lower-case names. */
const SPELLING: Record<string, string> = Object.fromEntries(
  Object.values(SPELLED).map((name) => [name.toLowerCase(), name]),
)

const spell = (names: Array<string>) => {
  const spelled = names.map((name) => SPELLING[name] ?? name)
  return spelled.length < 2
    ? spelled.join('')
    : `${spelled.slice(0, -1).join(', ')} and ${spelled.at(-1)}`
}

/** Thrown when keeping to the rate limit would mean waiting longer than allowed. */
export class WaitTooLongError extends ConformanceError {
  override name = 'WaitTooLongError'

  constructor(detail: string) {
    super('waitTooLong', 'keep to the rate limit', detail)
  }
}

/** Options of {@link createRateLimitPacer}. */
export interface RateLimitPacerOptions extends KitClock {
  /** Spacing of requests while the server sends no usable headers (Free plan: 60/min). */
  fallbackIntervalMs?: number
  /** Extra wait after a window's reset, for clock rounding. */
  marginMs?: number
  /** The longest single wait; beyond it the pacer throws {@link WaitTooLongError}. */
  maxWaitMs?: number
  /** Called before each wait that is not the plain spacing of requests. */
  onWait?: (ms: number, reason: string) => void
  /**
   * Called the first time each pacing state is met (by the headers, or at
   * the fallback rate and why: which headers an operation's answers lack or
   * send unusable), at most {@link MAX_PACING_NOTES} per credential, and
   * once per unusable header name with its value.
   */
  onNote?: (text: string) => void
}

interface Bucket {
  /** The `X-RateLimit-Limit` of the window the bucket's numbers belong to. */
  limit?: number
  remaining?: number
  /** Local time (ms) at which the window resets. */
  resetAt?: number
  /** The `X-RateLimit-Reset` the bucket's numbers belong to. */
  reset?: number
  lastSentAt?: number
}

/** Who a credential is, in a pacing note. */
const WHO: Record<Credential, string> = {
  valid: 'the key',
  other: 'the other key',
  invalid: 'requests without a valid key',
}

/**
 * The pacing notes of one run: each pacing state said once per credential
 * (the first time it is met), at most {@link MAX_PACING_NOTES} of them, and
 * each unusable header once: a server whose answers differ by operation makes
 * the pacing go back and forth, not the messages.
 */
class PacingNotes {
  readonly #said = new Map<Credential, Set<string>>()
  readonly #named = new Set<string>()
  readonly #onNote: ((text: string) => void) | undefined

  constructor(onNote: ((text: string) => void) | undefined) {
    this.#onNote = onNote
  }

  /** Says `text` of `credential` the first time, up to the bound. */
  state(credential: Credential, text: string): void {
    let texts = this.#said.get(credential)
    if (!texts) {
      texts = new Set()
      this.#said.set(credential, texts)
    }
    if (texts.has(text) || texts.size > MAX_PACING_NOTES) {
      return
    }
    texts.add(text)
    this.#onNote?.(
      kitNote(
        texts.size > MAX_PACING_NOTES
          ? `${WHO[credential]}: further changes of pacing are not reported (${MAX_PACING_NOTES} said)`
          : `${WHO[credential]}: ${text}`,
      ),
    )
  }

  /** Says once per header name that it is ignored, with its value. */
  unusable(name: string, value: string, problem: string): void {
    if (!this.#named.has(name)) {
      this.#named.add(name)
      this.#onNote?.(kitNote(`ignoring the header ${name}: "${value}" is ${problem}`))
    }
  }
}

/**
 * Why answers give no usable rate-limit headers, in words: which of them
 * they lack (and which they send), and which are unusable.
 */
function whyFallback(
  headers: Record<string, string>,
  problems: ReturnType<typeof rateLimitHeaderProblems>,
  operation: string | undefined,
): string {
  const unusable = problems.filter((entry) => entry.value !== undefined)
  const missing = problems.filter((entry) => entry.value === undefined).map((e) => e.name)
  const sent = RATE_LIMIT_HEADERS_IN_ORDER.filter((name) => headers[name] !== undefined)
  const answers = operation ? `answers to ${operation}` : 'answers'
  return [
    ...(missing.length === RATE_LIMIT_HEADERS_IN_ORDER.length
      ? [`${answers} carry no X-RateLimit-* headers`]
      : missing.length > 0
        ? [
            `${answers} lack ${spell(missing)}${sent.length > 0 ? ` (they send ${spell(sent)})` : ''}`,
          ]
        : []),
    ...(unusable.length > 0 ? [`unusable ${unusable.map((entry) => entry.name).join(', ')}`] : []),
  ].join('; ')
}

/**
 * Paces requests by the rate-limit headers the server sends, one bucket per
 * credential (the key, the other key, and the per-address bucket of unauthenticated calls):
 * requests go out while `Remaining` is above zero, then the pacer waits for
 * `Reset`. Without usable headers it spaces requests at the Free plan's
 * 60 a minute.
 *
 * @example
 * const pacer = new RateLimitPacer({ now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) })
 * await pacer.beforeSend('valid')
 * pacer.afterResponse('valid', { limit: 60, remaining: 59, reset: 1767225660 }, 1767225600)
 */
export class RateLimitPacer {
  readonly #options: RateLimitPacerOptions
  readonly #fallbackIntervalMs: number
  readonly #perMinute: number
  readonly #marginMs: number
  readonly #maxWaitMs: number
  readonly #notes: PacingNotes
  readonly #buckets = new Map<Credential, Bucket>()

  constructor(options: RateLimitPacerOptions) {
    this.#options = options
    this.#fallbackIntervalMs = options.fallbackIntervalMs ?? 1000
    this.#perMinute = Math.round(60_000 / this.#fallbackIntervalMs)
    this.#marginMs = options.marginMs ?? 250
    this.#maxWaitMs = options.maxWaitMs ?? 65_000
    this.#notes = new PacingNotes(options.onNote)
  }

  #bucketOf(credential: Credential): Bucket {
    let bucket = this.#buckets.get(credential)
    if (!bucket) {
      bucket = {}
      this.#buckets.set(credential, bucket)
    }
    return bucket
  }

  async #wait(ms: number, reason: string, spacing = false): Promise<number> {
    if (ms <= 0) {
      return 0
    }
    if (ms > this.#maxWaitMs) {
      throw new WaitTooLongError(
        `${reason} would take ${Math.ceil(ms / 1000)} s, more than the ${Math.ceil(this.#maxWaitMs / 1000)} s cap`,
      )
    }
    if (!spacing) {
      this.#options.onWait?.(ms, reason)
    }
    await this.#options.sleep(ms, reason)
    return ms
  }

  /** Waits until a request with this credential may go out; returns the ms waited. */
  async beforeSend(credential: Credential): Promise<number> {
    const bucket = this.#bucketOf(credential)
    const { now } = this.#options
    let waited = 0
    if (bucket.remaining !== undefined && bucket.resetAt !== undefined) {
      if (bucket.remaining > 0) {
        bucket.remaining -= 1
      } else {
        waited = await this.#wait(
          bucket.resetAt + this.#marginMs - now(),
          'waiting for the rate-limit window to reset (Remaining 0)',
        )
        bucket.remaining = undefined
        bucket.resetAt = undefined
      }
    } else if (bucket.lastSentAt !== undefined) {
      waited = await this.#wait(
        bucket.lastSentAt + this.#fallbackIntervalMs - now(),
        `pacing at ${this.#perMinute} requests a minute`,
        true,
      )
    }
    bucket.lastSentAt = now()
    return waited
  }

  /**
   * Records the raw (lower-cased) headers of a response: the rate-limit
   * headers when all three are usable, else the fallback rate. Notes each
   * pacing state the first time it is met (naming `operation`, the answer's,
   * when given), and each unusable header once.
   */
  observe(credential: Credential, headers: Record<string, string>, operation?: string): void {
    const problems = rateLimitHeaderProblems(headers)
    const parsed = parseRateLimitHeaders(headers)
    if (parsed) {
      this.#notes.state(
        credential,
        'pacing by the X-RateLimit-Remaining and X-RateLimit-Reset headers',
      )
    } else {
      for (const { name, value, problem } of problems) {
        if (value !== undefined) this.#notes.unusable(name, value, problem)
      }
      this.#notes.state(
        credential,
        `pacing at ${this.#perMinute} requests a minute after such answers: ${whyFallback(headers, problems, operation)}`,
      )
    }
    this.afterResponse(credential, parsed, serverDateSeconds(headers))
  }

  /**
   * Records the headers of a response. `serverDate` (seconds, from `Date`)
   * corrects for clock skew between the kit and the server.
   */
  afterResponse(
    credential: Credential,
    headers: RateLimitHeaders | undefined,
    serverDate?: number,
  ): void {
    const bucket = this.#bucketOf(credential)
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
    bucket.limit = headers.limit
    bucket.resetAt =
      serverDate === undefined
        ? headers.reset * 1000
        : this.#options.now() + Math.max(0, headers.reset - serverDate) * 1000
  }

  /**
   * How long the pacer will make `requests` more requests with this
   * credential wait (ms), from what it knows now: none while they fit in
   * the window's `Remaining`, else until its reset and a minute for each
   * further `X-RateLimit-Limit` requests (the spec's plans are limits a
   * minute); without a window, the fallback spacing for each. The
   * progress's time-left estimate adds it to the time the requests take.
   *
   * @example
   * pacer.paceMs(30) // 0 while Remaining is 30 or more
   */
  paceMs(requests: number, credential: Credential = 'valid'): number {
    const { limit, remaining, resetAt } = this.#bucketOf(credential)
    if (limit === undefined || limit <= 0 || remaining === undefined || resetAt === undefined) {
      return requests * (limit && limit > 0 ? 60_000 / limit : this.#fallbackIntervalMs)
    }
    if (requests <= remaining) {
      return 0
    }
    const windows = Math.ceil((requests - remaining) / limit)
    return Math.max(0, resetAt + this.#marginMs - this.#options.now()) + (windows - 1) * 60_000
  }

  /** Forgets what is known of a bucket (after a backoff). */
  forget(credential: Credential): void {
    const bucket = this.#bucketOf(credential)
    bucket.remaining = undefined
    bucket.resetAt = undefined
  }

  /** What the pacer knows of a bucket. */
  state(credential: Credential): Readonly<Bucket> {
    return { ...this.#bucketOf(credential) }
  }
}

/**
 * A {@link RateLimitPacer}.
 *
 * @example
 * const pacer = createRateLimitPacer({ now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) })
 */
export function createRateLimitPacer(options: RateLimitPacerOptions): RateLimitPacer {
  return new RateLimitPacer(options)
}
