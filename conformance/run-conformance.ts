import { selectChecks } from './catalogue.ts'
import { generatedProbe } from './generated-probe.ts'
import { BudgetExhaustedError, createHttpClient, ServerUnreachableError } from './http-client.ts'
import { inputProbe } from './input-probe.ts'
import { listPets, type Probe, type ProbeContext, type RunState } from './probe-context.ts'
import { fixedProbes } from './probes.ts'
import { createRateLimitPacer, WaitTooLongError } from './rate-limit-pacer.ts'
import { rateLimitProbe } from './rate-limit-probe.ts'
import { createResponseChecks } from './response-checks.ts'
import { createResultCollector, failsTheRun } from './result-collector.ts'
import { STATEFUL_REQUESTS, statefulProbe } from './stateful-probe.ts'
import type {
  CheckDefinition,
  ConformanceEvent,
  ConformanceResult,
  Exchange,
  OperationId,
} from './types.ts'
import { createUndiciTransport, type Transport } from './undici-transport.ts'

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** The base URL of the API, version segment included, e.g. `https://staging.example.com/v1`. */
  baseUrl: string
  /** A valid API key (sent as `Authorization: Bearer <token>`). */
  token: string
  /** Check ids (or prefixes like `auth`, or `auth.*`) to run; default all. */
  only?: Array<string>
  /** Check ids (or prefixes) to leave out. */
  skip?: Array<string>
  /** Opt-in groups: `rate-limit`. */
  include?: Array<string>
  /** Send nothing that could create or change data. */
  readOnly?: boolean
  /** Advisory failures fail the run too. */
  strict?: boolean
  /** Seed of the generated cases; random when absent (printed for replay). */
  seed?: number
  /** Generated cases per property (valid and invalid NewPets). Default 10. */
  examples?: number
  /**
   * Requests the stateful phase may send, shrinking included. Default
   * {@link STATEFUL_REQUESTS} (40); 0 leaves the phase out.
   */
  statefulRequests?: number
  /** The most requests the run may send. Default 500. */
  maxRequests?: number
  /** Per-request timeout in ms. Default 10000. */
  timeoutMs?: number
  /** The longest single wait (rate-limit reset, Retry-After). Default 65000. */
  maxWaitMs?: number
  /**
   * The rate assumed while the server sends no usable rate-limit headers.
   * Default 60 a minute (the Free plan).
   */
  fallbackPerMinute?: number
  /** A category id to create pets with when `GET /pets` shows none (any int64). */
  categoryId?: number | bigint
  /** Clock, injectable for tests. */
  now?: () => number
  /** Sleep, injectable for tests. */
  sleep?: (ms: number) => Promise<void>
  /** HTTP transport, injectable for tests. Default: undici. */
  transport?: Transport
  /** Progress events. */
  onEvent?: (event: ConformanceEvent) => void
}

/**
 * A configuration problem that stops the run before any check: bad options,
 * an unreachable base URL, or a key the server rejects. Exit code 2.
 *
 * @example
 * try {
 *   await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'sk_wrong' })
 * } catch (error) {
 *   if (error instanceof ConformanceSetupError) process.exitCode = error.exitCode
 * }
 */
export class ConformanceSetupError extends Error {
  override name = 'ConformanceSetupError'
  readonly code = 'ERR_PETSTORE_CONFORMANCE_SETUP'
  readonly exitCode = 2
}

interface ProbeEntry {
  probe: Probe
  writes: boolean
}

const probeOrder: Array<ProbeEntry> = [
  { probe: fixedProbes.list, writes: false },
  { probe: fixedProbes.create, writes: true },
  { probe: fixedProbes.reject, writes: true },
  { probe: generatedProbe, writes: true },
  { probe: inputProbe, writes: false },
  { probe: fixedProbes.get, writes: false },
  { probe: fixedProbes.auth, writes: false },
  { probe: fixedProbes.advisory, writes: false },
  { probe: fixedProbes.methods, writes: true },
  { probe: statefulProbe, writes: true },
  { probe: rateLimitProbe, writes: false },
]

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function hint(check: CheckDefinition, operation: OperationId): string {
  switch (check.id) {
    case 'ratelimit.retry-after':
      return 'no 429 was received (--include rate-limit provokes one)'
    case 'ratelimit.429-remaining':
      return 'no 429 was received (--include rate-limit provokes one)'
    case 'ratelimit.remaining-decreases':
      return 'no two responses in a row within one window'
    case 'auth.www-authenticate':
      return `no 401 was received for ${operation}`
    case 'error.body':
      return `no specified error response was received for ${operation}`
    default:
      return 'not exercised'
  }
}

/**
 * Runs the conformance checks against a live server and returns the
 * structured result. Throws {@link ConformanceSetupError} on bad options,
 * an unreachable URL or a pre-flight 401.
 *
 * @example
 * const result = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'sk_test_free' })
 * if (!result.ok) process.exitCode = result.exitCode
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  const startedAt = now()
  let baseUrl: string
  try {
    const url = new URL(options.baseUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error('not http(s)')
    }
    baseUrl = url.href.replace(/\/+$/, '')
  } catch {
    throw new ConformanceSetupError(
      `[petstore-mock] Failed to start the conformance run: "${options.baseUrl}" is not an http(s) URL.`,
    )
  }
  if (!options.token) {
    throw new ConformanceSetupError(
      '[petstore-mock] Failed to start the conformance run: no API key (pass --token or set PETSTORE_API_KEY).',
    )
  }
  let selected: Array<CheckDefinition>
  try {
    selected = selectChecks(options)
  } catch (error) {
    throw new ConformanceSetupError((error as Error).message)
  }
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const maxRequests = options.maxRequests ?? 500
  const maxWaitMs = options.maxWaitMs ?? 65_000
  const readOnly = options.readOnly ?? false
  const strict = options.strict ?? false
  const emit = options.onEvent ?? (() => {})
  const onWait = (ms: number, reason: string) => emit({ type: 'wait', ms, reason })

  const collector = createResultCollector(selected)
  const observe = createResponseChecks(collector)
  const pacer = createRateLimitPacer({
    now,
    sleep,
    maxWaitMs,
    onWait,
    fallbackIntervalMs: Math.ceil(60_000 / (options.fallbackPerMinute ?? 60)),
  })
  const ownTransport = options.transport ? undefined : createUndiciTransport()
  const client = createHttpClient({
    baseUrl,
    token: options.token,
    transport: options.transport ?? (ownTransport as Transport),
    pacer,
    now,
    sleep,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRequests,
    maxWaitMs,
    onWait,
    onExchange(exchange) {
      observe(exchange)
      emit({ type: 'request', exchange })
    },
  })
  const state: RunState = { pets: new Map(), categoryIds: [], created: [] }
  // Checks of every response ride on the traffic of the probes that run;
  // when only such checks are selected, every probe sends everything to feed them.
  const onlyResponseScope = selected.every((check) => check.scope === 'response')
  const context: ProbeContext = {
    client,
    collector,
    pacer,
    state,
    seed,
    examples: options.examples ?? 10,
    statefulRequests: options.statefulRequests ?? STATEFUL_REQUESTS,
    readOnly,
    ...(options.categoryId === undefined ? {} : { categoryId: BigInt(options.categoryId) }),
    now,
    sleep,
    maxWaitMs,
    maxRequests,
    wants: (checkId) => onlyResponseScope || collector.isSelected(checkId),
    onWait,
  }
  emit({ type: 'start', baseUrl, seed, checks: selected.length })

  let aborted: string | undefined
  let budgetSpent = false
  try {
    let preflight: Exchange
    try {
      preflight = await listPets(context)
    } catch (error) {
      throw new ConformanceSetupError((error as Error).message)
    }
    const status = preflight.response?.status
    if (!preflight.response) {
      throw new ConformanceSetupError(
        `[petstore-mock] Failed to reach ${baseUrl}/pets: ${preflight.error}.`,
      )
    }
    if (status === 401 || status === 403) {
      throw new ConformanceSetupError(
        `[petstore-mock] Failed to authenticate: GET ${baseUrl}/pets answered ${status} to the given key (check --token or PETSTORE_API_KEY).`,
      )
    }
    if (status === 404) {
      throw new ConformanceSetupError(
        `[petstore-mock] Failed to find the API: GET ${baseUrl}/pets answered 404 (the base URL includes the version segment, e.g. https://api.example.com/v1).`,
      )
    }
    state.preflight = preflight

    const ids = new Set(selected.map((check) => check.id))
    for (const { probe, writes } of probeOrder) {
      const feeds = probe.checks.some((id) => ids.has(id))
      const isOptIn = probe === rateLimitProbe
      if ((writes && readOnly) || !(feeds || (onlyResponseScope && !isOptIn))) {
        continue
      }
      emit({ type: 'probe', name: probe.name })
      try {
        await probe.run(context)
      } catch (error) {
        if (error instanceof BudgetExhaustedError) {
          budgetSpent = true
          break
        }
        if (error instanceof WaitTooLongError || error instanceof ServerUnreachableError) {
          aborted = error.message
          break
        }
        throw error
      }
    }
  } finally {
    await ownTransport?.close()
  }

  const results = collector.results((check, operation) => {
    if (readOnly && (check.writes || operation === 'createPet')) {
      return 'read-only run (--read-only)'
    }
    if (aborted) {
      return `the run stopped early: ${aborted}`
    }
    if (budgetSpent) {
      return `the request budget of ${maxRequests} was spent (--max-requests)`
    }
    return hint(check, operation)
  })
  const failing = (result: (typeof results)[number]) => failsTheRun(result, strict)
  const summary = {
    passed: results.filter((result) => result.outcome === 'passed').length,
    failed: results.filter(failing).length,
    warnings: results.filter((result) => result.outcome === 'failed' && !failing(result)).length,
    skipped: results.filter((result) => result.outcome === 'skipped').length,
  }
  const exitCode = summary.failed > 0 ? 1 : aborted ? 2 : 0
  const result: ConformanceResult = {
    tool: 'petstore-conformance',
    baseUrl,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: now() - startedAt,
    seed,
    strict,
    readOnly,
    include: options.include ?? [],
    ...(aborted ? { aborted } : {}),
    exitCode,
    ok: exitCode === 0,
    summary,
    stats: { ...client.stats },
    results,
  }
  emit({ type: 'done', result })
  return result
}
