import { type Clock, systemClock } from '../base/clock/clock.ts'
import type { Context } from '../base/http/types.ts'
import { parseBaseUrl } from '../base/options/base-url.ts'
import { DEFAULTS, LIMITS } from '../base/options/defaults.ts'
import {
  parsePetstoreOptions,
  type ResolvedPetstoreOptions,
} from '../base/options/parse-petstore-options.ts'
import { coverageRoutes } from '../control/admin/coverage-routes.ts'
import { journalRoutes } from '../control/admin/journal-routes.ts'
import { dashboardRoutes } from '../control/dashboard/dashboard-routes.ts'
import { createCoverage } from '../core/coverage/create-coverage.ts'
import type { Database, LazyDatabase } from '../core/data/create-database.ts'
import { createStore, type Persistence, type Store } from '../core/data/create-store.ts'
import { parseFixtures } from '../core/data/parse-fixtures.ts'
import { type Dataset, seedData } from '../core/data/seed-data.ts'
import { createJournal, type JournalStats } from '../core/journal/create-journal.ts'
import type { IntervalTimers } from '../core/journal/event-stream.ts'
import { createOpenApiDocument, withServerUrl } from '../core/openapi/create-openapi-document.ts'
import { type ApiKey, createKeyring, type KeySpec } from '../core/plans/create-keyring.ts'
import { createRateLimiter, type RateLimitOptions } from '../core/plans/create-rate-limiter.ts'
import { createFetchUpstream } from '../core/proxy/fetch-upstream.ts'
import { type ProxyTarget, parseProxyTarget } from '../core/proxy/proxy-target.ts'
import type { Upstream, UpstreamAnswer } from '../core/proxy/upstream.ts'
import { createScenarioQueue, type Scenario } from '../core/simulation/scenario-queue.ts'
import { ConfigError } from '../errors/config-error.ts'
import { reportUnexpected } from '../errors/report-unexpected.ts'
import { createExchangeJudge } from '../judge/judge-exchange.ts'
import { API_PREFIX } from '../spec/routes.ts'
import { type CoreControl, coreControl } from './core-control.ts'
import { type App, createApp } from './create-app.ts'
import { openApiInputs } from './openapi-inputs.ts'

/**
 * The options of `createPetstore` (and of `startServer`, which adds its own):
 * seeded data, keys, rate limits, base URL, clock. Every field is optional;
 * the defaults live in `DEFAULTS`.
 *
 * @example
 * const options: PetstoreOptions = { seed: 42, pets: 10, rateLimit: { scale: 10 } }
 */
export interface PetstoreOptions {
  /**
   * Where the API lives, e.g. `https://api.example.com` (requests go to
   * `https://api.example.com/v1/pets`). Default: any origin.
   */
  baseUrl?: string
  /** Faker seed: the same seed gives byte-identical data. Default 1. */
  seed?: number
  /** Seeded pets. Default 100. */
  pets?: number
  /** Seeded orders. Default 25. */
  orders?: number
  /** Seeded categories. Default 6. */
  categories?: number
  /** Your own data instead of seeded data (the parsed JSON of a fixtures file). */
  fixtures?: unknown
  /**
   * Creates beyond this many pets in the store answer 507 (`storage_full`).
   * Default: the seeded pets plus `DEFAULTS.maxCreatedPets` (100,000).
   */
  maxPets?: number
  /**
   * Where the data lives across restarts (the server's `--data-file`, made
   * with `openDataFile`): the mock starts from what it holds, and a create
   * is answered once it is durable.
   */
  persistence?: Persistence
  /** More API keys, as `{ key: plan }` or `{ key: { plan, perMinute, perDay } }`. */
  keys?: Record<string, KeySpec>
  /** Limits of Enterprise keys that set none of their own. */
  enterprise?: { perMinute?: number; perDay?: number }
  rateLimit?: RateLimitOptions
  /** The clock of every rate-limit window and ban. Default: the system clock. */
  clock?: Clock
  /** CORS headers and preflights. Default `true`. */
  cors?: boolean
  /** The control API under `/__mock/`. Default `true`. */
  admin?: boolean
  /**
   * Traffic coverage counted on every answer (`GET /__mock/coverage`, the
   * dashboard's panel, the Pact export). Default `true`; `false` counts
   * nothing and keeps the rest of the control API (`--no-coverage`).
   */
  coverage?: boolean
  /** Told of unexpected failures (each answered with a 500). */
  onError?: (error: unknown) => void
  /** Requests the journal keeps (the oldest are dropped first); 0 keeps none. Default 1,000. */
  journalSize?: number
  /** The timers of the event stream's heartbeat. Default: the system's. */
  timers?: IntervalTimers
  /**
   * The API root of a real server, e.g. `https://staging.example.com/v1`:
   * every API request is forwarded there and every answer judged against the
   * spec (`--proxy`). Default: none, the mock answers.
   */
  proxy?: string
  /** `'mock'`: the mock answers what the upstream has no route for or cannot be reached for (`--proxy-fallback`). */
  proxyFallback?: 'mock' | 'none'
}

/**
 * What `petstore.state()` and `GET /__mock/state` report: data counts, keys
 * (masked), rate-limit usage, queued scenarios and journal stats.
 *
 * @example
 * const state: PetstoreState = petstore.state()
 * state.journal.lastId // the newest journaled request
 */
export interface PetstoreState {
  data: { categories: number; pets: number; orders: number }
  keys: Array<ApiKey>
  rateLimit: {
    enabled: boolean
    clients: ReturnType<ReturnType<typeof createRateLimiter>['usage']>
  }
  scenarios: Array<Scenario>
  journal: JournalStats
  /** The upstream behind `--proxy`, or `null`. */
  proxy: { upstream: string; fallback: 'mock' | 'none' } | null
}

/**
 * A petstore without msw: the app (`fetch`), its data, its clock and its
 * control (reset, scenarios, journal). `createPetstore` adds the msw handlers;
 * the standalone server serves one of these.
 *
 * @example
 * const core: PetstoreCore = createServer().petstore
 * await core.reset()
 */
export interface PetstoreCore extends CoreControl {
  /**
   * The `@msw/data` collections (with `createPetstore`), loaded when first
   * read. Await `ready` before reading them.
   */
  db: Database
  /**
   * Resolves once the seeded or fixture data is loaded (with `createPetstore`:
   * into the `db` collections too, which reading `ready` loads).
   */
  ready: Promise<void>
  /** The clock that the rate limiter reads. */
  clock: Clock
  /** Restores the seeded data and clears rate-limit counters, bans, scenarios and the journal. */
  reset(): Promise<void>
  /** Data counts, keys, per-client quota and bans, queued scenarios. */
  state(): PetstoreState
  /** The OpenAPI 3.1 document of the API. */
  openapi(serverUrl?: string): Record<string, unknown>
  /**
   * Answers a Fetch `Request` without msw (what the handlers call); the
   * adapters add it (`withFetch`, `src/adapter/fetch/`).
   */
  fetch(request: Request): Promise<Response>
  /** The transport-independent core, for servers. */
  app: App
}

/**
 * What `createPetstoreCore` makes: a petstore before a transport gives it its
 * Fetch interface (`withFetch` in `src/adapter/fetch/`).
 *
 * @example
 * const core: AppCore = createPetstoreCore({ seed: 42 })
 */
export type AppCore = Omit<PetstoreCore, 'fetch'>

/**
 * Creates the mock without its msw handlers: the data, the rate limiter, the
 * scenarios and the transport-independent app. The node:http server runs on
 * this, so that it never loads msw; `createPetstore` adds the handlers.
 *
 * @example
 * const core = createPetstoreCore({ seed: 42 })
 * await core.ready
 * const response = await core.app.handle(mockRequest)
 */
export function createPetstoreCore(
  options: PetstoreOptions = {},
  internal: CoreInternals = {},
): AppCore {
  const resolved = parsePetstoreOptions({ ...options })
  const target = proxyTargetOf(options, resolved)
  let seeded: Dataset | undefined
  const seed = () => {
    seeded ??= resolveDataset(options, resolved)
    return seeded
  }
  const maxPets = resolveMaxPets(options, resolved, () => seed().pets.length)
  const initial =
    options.persistence?.load({ maxRecords: Math.max(LIMITS.maxRecords, maxPets) }) ?? seed()
  const clock = clockOf(options)
  const keyring = createKeyring({ keys: options.keys, enterprise: options.enterprise })
  const limiter = createRateLimiter(clock, options.rateLimit)
  const scenarios = createScenarioQueue()
  const store = createStore({ maxPets, persistence: options.persistence })
  const onError = options.onError ?? reportUnexpected
  const journal = createJournal({ size: options.journalSize, onError })
  // Counted only with the control API on (without it nobody can read it) and
  // unless turned off: either way no counter exists and nothing is called.
  const coverage = resolved.admin && resolved.coverage ? createCoverage() : undefined
  let ready = store.load(initial)
  const database = internal.database?.(store, () => ready)
  const { origin, basePath } = parseBaseUrl(options.baseUrl)
  let openapi: Record<string, unknown> | undefined
  /** Where the API is served: the base URL's origin, else the request's (none: relative). */
  const serverUrlOf = (requestOrigin?: string) =>
    `${origin ?? requestOrigin ?? ''}${basePath}${API_PREFIX}`
  const getOpenApi = (serverUrl = serverUrlOf()) => {
    openapi ??= createOpenApiDocument(openApiInputs())
    return withServerUrl(openapi, serverUrl)
  }

  const reset = async () => {
    limiter.reset()
    journal.clear()
    coverage?.clear()
    scenarios.clear()
    ready = store.load(seed())
    await ready
  }
  const state = (): PetstoreState => ({
    data: store.counts(),
    keys: [...keyring.values()],
    rateLimit: { enabled: limiter.enabled, clients: limiter.usage() },
    scenarios: scenarios.list(),
    journal: journal.stats(),
    proxy:
      target === undefined
        ? null
        : { upstream: target.href, fallback: resolved.proxyFallback ?? 'none' },
  })

  const app = createApp({
    store,
    keyring,
    limiter,
    scenarios,
    clock,
    cors: resolved.cors,
    admin: resolved.admin
      ? {
          reset,
          state,
          scenarios,
          routes: [
            ...journalRoutes(journal, { timers: options.timers }),
            ...coverageRoutes({ coverage, scenarios, journal, reset }),
            ...dashboardRoutes(),
          ],
        }
      : undefined,
    openapi: (requestOrigin) => getOpenApi(serverUrlOf(requestOrigin)),
    basePath,
    origin,
    get ready() {
      return ready
    },
    onError,
    onAnswer:
      coverage === undefined
        ? (answered) => {
            journal.record(answered)
          }
        : (answered) => {
            coverage.count(answered, journal.record(answered))
          },
    proxy:
      target === undefined
        ? undefined
        : {
            target,
            upstream: (internal.upstream ?? createFetchUpstream)(target),
            fallback: resolved.proxyFallback === 'mock',
            judge: createExchangeJudge(),
            onUpstreamAnswer: internal.onUpstreamAnswer,
          },
  })

  return {
    get db(): Database {
      if (database === undefined) {
        throw new ConfigError(
          'ERR_PETSTORE_NO_DB',
          'read petstore.db',
          'the collections come with createPetstore(); the server has none',
        )
      }
      return database.db
    },
    get ready() {
      // With collections, ready means they hold the data too (made now if not yet).
      return database === undefined ? ready : ready.then(() => database.ready())
    },
    clock,
    reset,
    state,
    ...coreControl({
      scenarios,
      journal,
      coverage,
      harBase: `${origin ?? 'http://localhost'}${basePath}`,
    }),
    openapi: getOpenApi,
    app,
  }
}

/**
 * What the transports give the core beside its options: the msw collections,
 * how the proxy reaches its upstream (msw's `bypass()`, or undici on the
 * server) and who else hears the upstream's answers (the recorder).
 *
 * @example
 * createPetstoreCore({ proxy: url }, { upstream: createUndiciUpstream })
 */
export interface CoreInternals {
  database?: (store: Store, ready: () => Promise<void>) => LazyDatabase
  upstream?: (target: ProxyTarget) => Upstream
  onUpstreamAnswer?: (answer: UpstreamAnswer, ctx: Context) => void
}

/** The upstream behind `proxy`, or `undefined`; a `proxyFallback` without one is refused. */
function proxyTargetOf(
  options: PetstoreOptions,
  resolved: ResolvedPetstoreOptions,
): ProxyTarget | undefined {
  const target = options.proxy === undefined ? undefined : parseProxyTarget(options.proxy)
  if (target === undefined && resolved.proxyFallback === 'mock') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the petstore',
      '`proxyFallback` needs `proxy`: the mock answers where the upstream cannot',
    )
  }
  return target
}

/** The clock of the options (the system's by default), refused when it cannot tell the time. */
function clockOf(options: PetstoreOptions): Clock {
  const clock = options.clock ?? systemClock
  if (typeof clock.now !== 'function') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the petstore',
      '`clock.now` must be a function',
    )
  }
  return clock
}

function resolveMaxPets(
  options: PetstoreOptions,
  resolved: ResolvedPetstoreOptions,
  seededPets: () => number,
): number {
  if (resolved.maxPets !== undefined) return resolved.maxPets
  const seeded = options.fixtures === undefined ? resolved.pets : seededPets()
  return seeded + DEFAULTS.maxCreatedPets
}

function resolveDataset(options: PetstoreOptions, resolved: ResolvedPetstoreOptions): Dataset {
  if (options.fixtures !== undefined) return parseFixtures(options.fixtures)
  const { seed, pets, orders, categories } = resolved
  return seedData({ seed, pets, orders, categories })
}
