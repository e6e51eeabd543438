import { PLANS } from '../spec/plans.ts'

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
  /** On shutdown, how long in-flight requests may finish before they get 503, in ms. */
  shutdownTimeoutMs: 10_000,
} as const

/**
 * Where the standalone server listens unless told otherwise.
 *
 * @example
 * `http://${SERVER_DEFAULTS.host}:${SERVER_DEFAULTS.port}` // 'http://127.0.0.1:4010'
 */
export const SERVER_DEFAULTS = { host: DEFAULTS.host, port: DEFAULTS.port } as const
