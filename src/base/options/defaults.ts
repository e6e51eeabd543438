import { BODY_IDLE_TIMEOUT_MS } from '../../spec/limits.ts'
import { PLANS } from '../../spec/plans.ts'

/**
 * Every default of the mock, in one object: `createPetstore`, `startServer`,
 * the rate limiter and the CLI's flags all read their defaults from here.
 *
 * @example
 * DEFAULTS.port // 4010
 * DEFAULTS.rateLimit.banDurationMs // 300000
 */
export const DEFAULTS = {
  /** Where the standalone server listens. */
  host: '127.0.0.1',
  port: 4010,
  /** The generated data: the same seed gives byte-identical data. */
  seed: 1,
  pets: 100,
  orders: 25,
  categories: 6,
  cors: true,
  admin: true,
  /** Traffic coverage is counted (with the control API on; `--no-coverage` to turn off). */
  coverage: true,
  rateLimit: {
    enabled: true,
    scale: 1,
    /** The Nth request after a 429 bans the client. */
    banAfter: 10,
    banDurationMs: 300_000,
    /** Clients whose counters are kept (the least recent are dropped). */
    maxClients: 10_000,
  },
  /** Limits of Enterprise keys that set none of their own. */
  enterprise: { perMinute: PLANS.enterprise.perMinute, perDay: PLANS.enterprise.perDay },
  /** A client has this long to send its headers, and its whole request, in ms. */
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  /**
   * A request body that sends nothing for this long is answered with 408, in
   * ms (the standalone server uses at most half of `requestTimeoutMs`).
   */
  bodyTimeoutMs: BODY_IDLE_TIMEOUT_MS,
  /** Pets that may be created beyond the seeded ones before creates answer 507. */
  maxCreatedPets: 100_000,
  /** Answered requests the journal keeps (`journalSize`, `--journal-size`). */
  journalSize: 1_000,
  /** How long `waitForRequest` waits unless told otherwise, in ms. */
  waitMs: 5_000,
  /** On shutdown, how long in-flight requests may finish before they get 503, in ms. */
  shutdownTimeoutMs: 10_000,
} as const

/**
 * The upper bounds of the mock's options, in one object: the options schema,
 * the fixtures reader, the journal and both `waitForRequest`s read them here.
 *
 * @example
 * LIMITS.maxRecords // 100000
 * LIMITS.maxWaitMs // 60000
 */
export const LIMITS = {
  /** The most records of one kind: seeded (`pets`, `orders`, `categories`) or in a fixtures file. */
  maxRecords: 100_000,
  /** The largest `journalSize`. */
  maxJournalSize: 100_000,
  /** The longest `waitForRequest` timeout, in ms. */
  maxWaitMs: 60_000,
} as const

/**
 * What is wrong with a `waitForRequest` timeout, or `undefined` when it is a
 * number of ms from 0 to `LIMITS.maxWaitMs`: the one check of the in-process
 * journal and of the remote client.
 *
 * @example
 * waitTimeoutProblem(70_000) // 'timeout must be a number of ms from 0 to 60000, got 70000'
 */
export function waitTimeoutProblem(timeout: number): string | undefined {
  if (Number.isFinite(timeout) && timeout >= 0 && timeout <= LIMITS.maxWaitMs) return undefined
  return `timeout must be a number of ms from 0 to ${LIMITS.maxWaitMs}, got ${String(timeout)}`
}
