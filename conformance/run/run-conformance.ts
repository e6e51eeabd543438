import { PetstoreError } from '../../src/errors/petstore-error.ts'
import { CHECKS } from '../../src/judge/catalogue.ts'
import { API_PREFIX } from '../../src/spec/routes.ts'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import {
  ConformanceError,
  isSetupStop,
  KIT_CODES,
  type KitCode,
  kitMessage,
} from '../model/kit-message.ts'
import { runNamePrefix } from '../model/kit-routes.ts'
import { type KitSecrets, kitSecrets, withoutPassword } from '../model/kit-secrets.ts'
import { READ_ONLY_REASON } from '../model/not-tested.ts'
import { createRedactor } from '../model/redactor.ts'
import {
  buildResult,
  createResultCollector,
  type ResultCollector,
} from '../model/result-collector.ts'
import { selectChecks } from '../model/select-checks.ts'
import type {
  CheckDefinition,
  CheckId,
  CheckResult,
  ConformanceEvent,
  ConformanceProgress,
  ConformanceResult,
  Exchange,
  OperationId,
  RunStop,
} from '../model/types.ts'
import { generatedProbe } from '../probes/generated-probe.ts'
import { inputProbe } from '../probes/input-probe.ts'
import { listCompleteProbe } from '../probes/list-complete-probe.ts'
import { mediaTypeProbe } from '../probes/media-type-probe.ts'
import { listPets, type Probe, type ProbeContext, type RunState } from '../probes/probe-context.ts'
import { orderProbes } from '../probes/probe-order.ts'
import { fixedProbes } from '../probes/probes.ts'
import { rateLimitProbe } from '../probes/rate-limit-probe.ts'
import { observeReadBack, readBackProbe } from '../probes/read-back-probe.ts'
import { requestCountProbe } from '../probes/request-count-probe.ts'
import { createResponseChecks } from '../probes/response-checks.ts'
import { shapesProbe } from '../probes/shapes-probe.ts'
import { statefulProbe } from '../probes/stateful-probe.ts'
import { createHttpClient, type HttpClient } from '../transport/http-client.ts'
import { createRateLimitPacer } from '../transport/rate-limit-pacer.ts'
import { createUndiciTransport, type Transport } from '../transport/undici-transport.ts'
import { expectedRequests, expectedWaitNote } from './expected-wait.ts'
import { createRunClock } from './run-clock.ts'
import { createRunProgress, type RunProgress } from './run-progress.ts'

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** The base URL of the API, version segment included, e.g. `https://staging.example.com/v1`. */
  baseUrl: string
  /** A valid API key (sent as `Authorization: Bearer <token>`). */
  token: string
  /**
   * A second valid key, another than `token` (any plan): with it the kit
   * checks that each key has its own counter (`ratelimit.keys-separate`).
   */
  otherToken?: string
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
  /** Required checks that were skipped or not run fail the run. */
  failOnSkip?: boolean
  /**
   * The longest the run may take, in ms. Default 600000 (10 minutes). When
   * reached, or when a wait would not fit in what is left, the run stops:
   * what did not run is `not-run`, and the exit code is 2.
   */
  maxDurationMs?: number
  /** Seed of the generated cases; random when absent (printed for replay). */
  seed?: number
  /** Generated cases per property (valid and invalid NewPets). Default 10. */
  examples?: number
  /**
   * Requests the stateful phase may send, shrinking included. Default
   * {@link STATEFUL_REQUESTS} (40); 0 leaves the phase out.
   */
  statefulRequests?: number
  /** The most requests the run may send. Default 600. */
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
  /** Sleep, injectable for tests (every wait of the run goes through it). */
  sleep?: (ms: number) => Promise<void>
  /** HTTP transport, injectable for tests. Default: undici. */
  transport?: Transport
  /** Progress events. */
  onEvent?: (event: ConformanceEvent) => void
  /**
   * Where the run stands (checks done, requests sent, time waited, an
   * estimate of the time left), at most once every 5 s of the run's clock.
   *
   * @example
   * await runConformance({
   *   baseUrl,
   *   token,
   *   onProgress: (p) => console.error(`${p.checksDone}/${p.checks} checks, ${p.requests} requests`),
   * })
   */
  onProgress?: (progress: ConformanceProgress) => void
}

/**
 * A configuration problem that stops the run before any check: bad options,
 * an unreachable base URL, or a key the server rejects. Exit code 2. When
 * the pre-flight request was sent, `result` holds the run's result (every
 * check `not-run`), so reports can still be written.
 *
 * @example
 * try {
 *   await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'sk_wrong' })
 * } catch (error) {
 *   if (error instanceof ConformanceSetupError) process.exitCode = error.exitCode
 * }
 */
export class ConformanceSetupError extends PetstoreError<KitCode> {
  override name = 'ConformanceSetupError'
  readonly exitCode = 2
  readonly result: ConformanceResult | undefined

  constructor(message: string, options: { code?: KitCode; result?: ConformanceResult } = {}) {
    super(options.code ?? KIT_CODES.usage, message)
    this.result = options.result
  }
}

/** Why checks were not run, in a few words (the stop's message has the details). */
const STOP_LABELS: Record<RunStop['reason'], string> = {
  usage: 'bad usage',
  reportPath: 'a bad report path',
  unreachable: 'the pre-flight request got no answer',
  keyRejected: 'the key was rejected',
  apiNotFound: 'the API was not found at the base URL',
  serverGone: 'the server stopped answering',
  maxDuration: '--max-duration',
  waitTooLong: 'the rate limit asked for a wait beyond the cap',
  budget: 'the request budget of --max-requests was spent',
  internal: 'a failure of the kit',
}

/**
 * The probes in run order, derived from what each declares it needs and
 * provides, whether it writes last and whether it spends the rate-limit
 * window ({@link orderProbes}); whether a probe writes or is opt-in is read
 * from the definitions of the checks it feeds ({@link writesOnly},
 * {@link optInOnly}). The order the probes are listed in here means nothing.
 *
 * @example
 * probeOrder.map((probe) => probe.name) // ['list pets', 'create pets', ...]
 */
export const probeOrder: ReadonlyArray<Probe> = orderProbes([
  fixedProbes.advisory,
  fixedProbes.auth,
  fixedProbes.create,
  fixedProbes.get,
  fixedProbes.list,
  fixedProbes.methods,
  fixedProbes.reject,
  generatedProbe,
  inputProbe,
  listCompleteProbe,
  mediaTypeProbe,
  rateLimitProbe,
  readBackProbe,
  requestCountProbe,
  shapesProbe,
  statefulProbe,
])

/** Every check the probe feeds writes: `--read-only` leaves the probe out. */
const writesOnly = (probe: Probe): boolean => probe.checks.every((id) => CHECKS[id].writes)

/** Every check the probe feeds is of an opt-in group: it runs only when one of them is selected. */
const optInOnly = (probe: Probe): boolean =>
  probe.checks.every((id) => CHECKS[id].group !== 'default')

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Why the pre-flight `GET <base>/pets` answered 404, as one configuration
 * message: when the base URL lacks the API root and `GET <base>/v1/pets`
 * answers (one more request), that is named as the cause, with the URL to use.
 */
async function apiNotFoundDetail(client: HttpClient, baseUrl: string): Promise<string> {
  const general = `GET ${baseUrl}/pets answered 404 (the base URL includes the version segment, e.g. https://api.example.com${API_PREFIX})`
  if (new URL(baseUrl).pathname.replace(/\/+$/, '').endsWith(API_PREFIX)) {
    return general
  }
  const rooted = await client.send({
    operation: 'listPets',
    method: 'GET',
    path: `${API_PREFIX}/pets`,
    auth: 'valid',
  })
  const status = rooted.response?.status
  if (status === undefined || status === 404) {
    return general
  }
  return `GET ${baseUrl}/pets answered 404, but GET ${baseUrl}${API_PREFIX}/pets answers ${status}: the base URL lacks the API root ${API_PREFIX}; run again with --base-url ${baseUrl}${API_PREFIX}`
}

/** Why a check met nothing to decide on: its catalogue hint, for this operation. */
function hint(check: CheckDefinition, operation: OperationId): string {
  return check.hint?.replaceAll('{operation}', operation) ?? 'not exercised'
}

/**
 * Runs the conformance checks against a live server and returns the
 * structured result. Throws {@link ConformanceSetupError} on bad options,
 * an unreachable URL or a pre-flight 401.
 *
 * The secrets it is given (the keys, the base URL's password) leave it only
 * as their placeholders: it is the one place where the run's text goes out
 * to people (the result, and so every report; the events and progress; the
 * errors), and each goes through one redactor ({@link createRedactor}). What
 * the run sends and judges inside is never redacted. The keys are read as
 * HTTP carries them (`wireKey`: without the spaces and tabs around them).
 *
 * @example
 * const result = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'sk_test_free' })
 * if (!result.ok) process.exitCode = result.exitCode
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  let keys: KitSecrets
  try {
    keys = kitSecrets(options)
  } catch (error) {
    throw new ConformanceSetupError((error as Error).message)
  }
  const { onEvent, onProgress } = options
  const forPeople = createRedactor(keys.secrets)
  const run = {
    ...options,
    token: keys.token,
    otherToken: keys.otherToken,
    ...(onEvent ? { onEvent: (event: ConformanceEvent) => onEvent(forPeople.value(event)) } : {}),
    ...(onProgress
      ? { onProgress: (progress: ConformanceProgress) => onProgress(forPeople.value(progress)) }
      : {}),
  }
  try {
    return forPeople.value(await runChecks(run))
  } catch (error) {
    if (error instanceof ConformanceSetupError) {
      throw new ConformanceSetupError(forPeople.text(error.message), {
        code: error.code,
        ...(error.result ? { result: forPeople.value(error.result) } : {}),
      })
    }
    if (error instanceof Error) {
      error.message = forPeople.text(error.message)
      error.stack = error.stack && forPeople.text(error.stack)
    }
    throw error
  }
}

/**
 * The run's base URL (without a trailing slash) and its selected checks, or
 * a usage error naming what is wrong: a URL that is not http(s), a
 * `--max-duration` that is not above 0, a selection that names no check.
 */
function checkedInputs(
  options: ConformanceOptions,
  maxDurationMs: number,
): { baseUrl: string; selected: Array<CheckDefinition<CheckId>> } {
  let baseUrl: string
  const usage = (detail: string) =>
    new ConformanceSetupError(kitMessage('start the conformance run', detail))
  try {
    const url = new URL(options.baseUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error('not http(s)')
    }
    baseUrl = url.href.replace(/\/+$/, '')
  } catch {
    throw usage(`"${withoutPassword(options.baseUrl)}" is not an http(s) URL`)
  }
  if (!(maxDurationMs > 0)) {
    throw usage('--max-duration must be above 0')
  }
  let selected: Array<CheckDefinition<CheckId>>
  try {
    selected = selectChecks(options)
  } catch (error) {
    throw new ConformanceSetupError((error as Error).message, {
      code: error instanceof ConformanceError ? error.code : KIT_CODES.usage,
    })
  }
  return { baseUrl, selected }
}

/** A stop of the run for `reason`: what it could not do (`action`) and why. */
function runStop(reason: RunStop['reason'], action: string, detail: string): RunStop {
  return { reason, code: KIT_CODES[reason], message: kitMessage(action, detail), summary: detail }
}

/** The stop an error makes: its own, or a failure of the kit itself (still a result, so every report is written). */
function stopOf(error: unknown): RunStop {
  if (!(error instanceof ConformanceError) || error.reason === 'reportWrite') {
    const detail = `${(error as Error)?.message ?? String(error)} (a failure of the kit: please report it with the seed)`
    return runStop('internal', 'run the checks', detail)
  }
  return { reason: error.reason, code: error.code, message: error.message, summary: error.detail }
}

/**
 * Why the pre-flight `GET /pets` stops the run, if it does: no response, the
 * key refused (401, 403), or no API at the base URL (404).
 */
async function preflightStop(
  preflight: Exchange,
  client: HttpClient,
  baseUrl: string,
): Promise<RunStop | undefined> {
  const status = preflight.response?.status
  if (!preflight.response) {
    return runStop('unreachable', `reach ${baseUrl}/pets`, preflight.error ?? 'no response')
  }
  if (status === 401 || status === 403) {
    return runStop(
      'keyRejected',
      'authenticate',
      `GET ${baseUrl}/pets answered ${status} to the given key (check --token or PETSTORE_API_KEY)`,
    )
  }
  if (status === 404) {
    return runStop('apiNotFound', 'find the API', await apiNotFoundDetail(client, baseUrl))
  }
  return undefined
}

/**
 * The results of the run: what nothing decided is skipped with a reason
 * (read-only, or the check's hint), or not run when the run stopped before
 * its probe finished; after a configuration error none is judged (what the
 * pre-flight request met is not the API with this key: no "failure" of a
 * wrong URL).
 */
function judgedResults(
  collector: ResultCollector,
  readOnly: boolean,
  stopped: RunStop | undefined,
  finished: ReadonlySet<string>,
): Array<CheckResult> {
  const notRunReason = stopped && `the run stopped before it (${STOP_LABELS[stopped.reason]})`
  const judged = collector.results((check, operation) => {
    if (readOnly && (check.writes || operation === 'createPet')) {
      return { outcome: 'skipped', reason: READ_ONLY_REASON }
    }
    if (notRunReason && !finished.has(check.id)) {
      return { outcome: 'not-run', reason: notRunReason }
    }
    return { outcome: 'skipped', reason: hint(check, operation) }
  })
  const results =
    stopped && isSetupStop(stopped.reason)
      ? judged.map((entry) => ({
          ...entry,
          outcome: 'not-run' as const,
          durationMs: 0,
          passes: 0,
          failures: [],
          omittedFailures: 0,
          skipReason: notRunReason as string,
        }))
      : judged
  return results
}

/**
 * The probes of the run, in {@link probeOrder}: those that feed a selected
 * check (every one not opt-in when only checks of every response are
 * selected), the writing ones left out when read-only.
 */
function probesToRun(
  ids: ReadonlySet<string>,
  readOnly: boolean,
  onlyResponseScope: boolean,
): Array<Probe> {
  return probeOrder.filter((probe) => {
    const feeds = probe.checks.some((id) => ids.has(id))
    return !(readOnly && writesOnly(probe)) && (feeds || (onlyResponseScope && !optInOnly(probe)))
  })
}

/**
 * Runs the probes one after the other, counting the checks each finished
 * (`planned` loses them as they are done, `finished` gains them); the first
 * error stops the run, and its stop is returned.
 */
async function runProbes(
  toRun: ReadonlyArray<Probe>,
  context: ProbeContext,
  run: {
    planned: Set<string>
    finished: Set<string>
    progress: RunProgress | undefined
    emit: (event: ConformanceEvent) => void
  },
): Promise<RunStop | undefined> {
  const { planned, finished, progress, emit } = run
  for (const probe of toRun) {
    emit({ type: 'probe', name: probe.name })
    progress?.probe(probe.name)
    try {
      await probe.run(context)
      const done = probe.checks.filter((id) => planned.delete(id)).length
      for (const id of probe.checks) {
        finished.add(id)
      }
      progress?.checksDone(done)
    } catch (error) {
      return stopOf(error)
    }
  }
  return undefined
}

/**
 * The run itself, on what it is given: what it sends and judges is never
 * redacted; {@link runConformance} hides the secrets in all it hands out.
 */
async function runChecks(options: ConformanceOptions): Promise<ConformanceResult> {
  const now = options.now ?? Date.now
  const maxDurationMs = options.maxDurationMs ?? KIT_DEFAULTS.maxDurationMs
  const { baseUrl, selected } = checkedInputs(options, maxDurationMs)
  const clock = createRunClock({ now, sleep: options.sleep ?? defaultSleep, maxDurationMs })
  const startedAt = clock.startedAt
  const sleep = clock.sleep
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  const maxRequests = options.maxRequests ?? KIT_DEFAULTS.maxRequests
  const maxWaitMs = options.maxWaitMs ?? KIT_DEFAULTS.maxWaitMs
  const readOnly = options.readOnly ?? false
  const strict = options.strict ?? false
  const failOnSkip = options.failOnSkip ?? false
  const emit = options.onEvent ?? (() => {})
  // A wait is announced only when it fits in the time left; one that does not
  // fit stops the run, and the stop says why.

  let progress: RunProgress | undefined
  const onWait = (ms: number, reason: string) => {
    progress?.wait(ms, reason)
    if (clock.fits(ms)) emit({ type: 'wait', ms, reason })
  }

  const collector = createResultCollector(selected)
  const observe = createResponseChecks(collector)
  // Set with the run's state, before the first request.
  let readBack: (exchange: Exchange) => void = () => {}
  const pacer = createRateLimitPacer({
    now,
    sleep,
    maxWaitMs,
    onWait,
    onNote: (text) => emit({ type: 'note', text }),
    fallbackIntervalMs: Math.ceil(
      60_000 / (options.fallbackPerMinute ?? KIT_DEFAULTS.fallbackPerMinute),
    ),
  })
  const ownTransport = options.transport ? undefined : createUndiciTransport()
  const client = createHttpClient({
    baseUrl,
    token: options.token,
    ...(options.otherToken ? { otherToken: options.otherToken } : {}),
    transport: options.transport ?? (ownTransport as Transport),
    pacer,
    now,
    sleep,
    timeoutMs: options.timeoutMs ?? KIT_DEFAULTS.timeoutMs,
    maxRequests,
    maxWaitMs,
    onWait,
    beforeRequest: clock.check,
    timeLeftMs: clock.leftMs,
    onExchange(exchange) {
      collector.received(exchange)
      observe(exchange)
      readBack(exchange)
      emit({ type: 'request', exchange })
      progress?.request()
    },
  })
  if (options.onProgress) {
    progress = createRunProgress({
      now,
      intervalMs: KIT_DEFAULTS.progressIntervalMs,
      leftMs: clock.leftMs,
      maxRequests,
      stats: () => client.stats,
      paceMs: (requests) => pacer.paceMs(requests, 'valid'),
      report: options.onProgress,
    })
  }
  const state: RunState = {
    pets: new Map(),
    categoryIds: [],
    created: [],
    sentStatus: new Map(),
    answered: new Map(),
    readBack: new Set(),
  }
  readBack = observeReadBack(state, collector)
  // Checks of every response ride on the traffic of the probes that run;
  // when only such checks are selected, every probe sends everything to feed them.
  const onlyResponseScope = selected.every((check) => check.scope === 'response')
  const context: ProbeContext = {
    client,
    collector,
    pacer,
    state,
    seed,
    namePrefix: runNamePrefix(seed, startedAt),
    examples: options.examples ?? KIT_DEFAULTS.examples,
    statefulRequests: options.statefulRequests ?? KIT_DEFAULTS.statefulRequests,
    readOnly,
    hasOtherKey: Boolean(options.otherToken),
    ...(options.categoryId === undefined ? {} : { categoryId: BigInt(options.categoryId) }),
    now,
    sleep,
    maxWaitMs,
    maxRequests,
    wants: (checkId) => onlyResponseScope || collector.isSelected(checkId),
    onWait,
  }
  emit({ type: 'start', baseUrl, seed, checks: selected.length })

  let stopped: RunStop | undefined
  const stopOn = (error: unknown) => {
    stopped = stopOf(error)
  }
  /** Checks whose probe ran to its end: what they could not decide is skipped, not "not run". */
  const finished = new Set<string>()
  try {
    const preflight = await listPets(context).catch((error: unknown) => {
      stopOn(error)
      return undefined
    })
    if (preflight) {
      stopped = (await preflightStop(preflight, client, baseUrl)) ?? stopped
    }
    if (preflight) {
      state.preflight = preflight
    }

    const ids = new Set(selected.map((check) => check.id))
    const toRun = stopped ? [] : probesToRun(ids, readOnly, onlyResponseScope)
    /** The selected checks of the probes that run, each counted once, as it is done. */
    const planned = new Set(toRun.flatMap((probe) => probe.checks).filter((id) => ids.has(id)))
    progress?.plan(selected.length, selected.length - planned.size)
    if (!stopped) {
      const expected = expectedRequests(selected.length, selectChecks({}).length, maxRequests)
      progress?.expect(expected)
      const waitNote = expectedWaitNote(pacer, expected, client.stats.requests)
      if (waitNote) emit({ type: 'note', text: waitNote })
    }
    stopped = (await runProbes(toRun, context, { planned, finished, progress, emit })) ?? stopped
  } finally {
    await ownTransport?.close()
  }

  const results = judgedResults(collector, readOnly, stopped, finished)
  const result = buildResult({
    tool: 'petstore-conformance',
    baseUrl,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: now() - startedAt,
    seed,
    strict,
    failOnSkip,
    readOnly,
    include: options.include ?? [],
    maxDurationMs,
    stopped,
    stats: { ...client.stats },
    operationTimes: collector.operationTimes(),
    results,
  })
  emit({ type: 'done', result })
  if (stopped && isSetupStop(stopped.reason)) {
    throw new ConformanceSetupError(stopped.message, { code: stopped.code, result })
  }
  return result
}
