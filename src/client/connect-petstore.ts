import type { PetstoreState } from '../app/create-petstore-core.ts'
import type { ViolationSource } from '../base/http/types.ts'
import { apiRootOf } from '../base/options/base-url.ts'
import { DEFAULTS, LIMITS, waitTimeoutProblem } from '../base/options/defaults.ts'
import type { CoverageFilter, CoverageReport } from '../core/coverage/create-coverage.ts'
import type { ViolationSummary } from '../core/journal/create-journal.ts'
import type { JournalEntry } from '../core/journal/journal-entry.ts'
import type { JournalFilter } from '../core/journal/journal-filter.ts'
import type { Har } from '../core/journal/to-har.ts'
import type { Scenario, ScenarioInput } from '../core/simulation/scenario-queue.ts'
import { sleep } from '../core/simulation/sleep.ts'
import { ConfigError } from '../errors/config-error.ts'
import { messageOf } from '../errors/message-of.ts'
import { PetstoreError } from '../errors/petstore-error.ts'
import { ADMIN_PREFIX } from '../spec/paths.ts'
import { ControlApiError } from './control-api-error.ts'

/**
 * How long `waitForRequest` waits unless told otherwise, in ms: `DEFAULTS.waitMs`,
 * the same as the in-process `waitForRequest`.
 *
 * @example
 * await petstore.waitForRequest({ status: 429 }, { timeout: 2 * CLIENT_WAIT_MS })
 */
export const CLIENT_WAIT_MS = DEFAULTS.waitMs

/**
 * The longest `waitForRequest` timeout, in ms: `LIMITS.maxWaitMs`.
 *
 * @example
 * await petstore.waitForRequest({ path: '/v1/pets' }, { timeout: CLIENT_MAX_WAIT_MS })
 */
export const CLIENT_MAX_WAIT_MS = LIMITS.maxWaitMs

/**
 * How often `waitForRequest` asks the journal, in ms.
 *
 * @example
 * CLIENT_POLL_MS // 50
 */
export const CLIENT_POLL_MS = 50

/**
 * The options of `connectPetstore`.
 *
 * @example
 * connectPetstore('http://10.0.0.5:4010', { adminToken: process.env.MOCK_TOKEN })
 */
export interface ConnectOptions {
  /** Sent as `Authorization: Bearer <adminToken>` (needed when the mock listens off loopback). */
  adminToken?: string
  /** The `fetch` to use. Default: the global one. */
  fetch?: typeof fetch
}

/**
 * How long the client's `waitForRequest` waits, and what aborts it.
 *
 * @example
 * await petstore.waitForRequest({ status: 429 }, { timeout: 2_000, signal: AbortSignal.timeout(3_000) })
 */
export interface ClientWaitOptions {
  /** Give up after this many ms (default 5,000, at most 60,000). */
  timeout?: number
  signal?: AbortSignal
}

/**
 * A standalone mock, steered over its control API.
 *
 * @example
 * const petstore: PetstoreClient = connectPetstore('http://127.0.0.1:4010')
 * await petstore.simulate({ status: 503, path: '/v1/pets' })
 */
export interface PetstoreClient {
  /** Restores the seeded data, clears counters, bans, scenarios and the journal. */
  reset(): Promise<PetstoreState>
  /** Queues a scenario (`POST /__mock/scenarios`); a bad one rejects with a `ControlApiError`. */
  simulate(scenario: ScenarioInput): Promise<Scenario>
  /** Drops every queued scenario. */
  clearSimulations(): Promise<void>
  /**
   * Which cells of traffic coverage the answers met since the last reset
   * (with `session`: only requests that carried `X-Petstore-Session`), from
   * `GET /__mock/coverage`.
   */
  coverage(filter?: CoverageFilter): Promise<CoverageReport>
  /**
   * Answers the next `times` (default 1) requests of a cell's operation as
   * that cell's state (`POST /__mock/coverage/force`); an unknown cell
   * rejects with a `ControlApiError` naming it.
   */
  force(cell: string, options?: { times?: number }): Promise<Scenario>
  state(): Promise<PetstoreState>
  /** Journaled requests that pass the filter, oldest first. */
  requests(filter?: JournalFilter): Promise<Array<JournalEntry>>
  /** Drops every journaled request. */
  clearRequests(): Promise<void>
  /**
   * How often each rule of the spec was broken, per check id (`GET /__mock/violations`);
   * with `source`, only the caller's mistakes (`'request'`) or the upstream's (`'response'`).
   */
  violations(source?: ViolationSource): Promise<ViolationSummary>
  /** The journaled requests that pass the filter as HAR 1.2 (`GET /__mock/requests.har`). */
  toHar(filter?: JournalFilter): Promise<Har>
  /**
   * Resolves with the first request journaled from now on (with `since`: after
   * that entry id) that passes the filter. Rejects with a `PetstoreError`
   * `ERR_PETSTORE_WAIT_TIMEOUT` after `timeout` ms.
   */
  waitForRequest(filter?: JournalFilter, options?: ClientWaitOptions): Promise<JournalEntry>
}

/**
 * Connects to a running `petstore-mock` (another process, a container, CI):
 * the same control as `createPetstore()` gives in-process, over `/__mock/`.
 * Fetch only, so it runs in Node and in browsers.
 *
 * @example
 * import { connectPetstore } from 'petstore-mock/client'
 *
 * const petstore = connectPetstore('http://127.0.0.1:4010')
 * await petstore.reset()
 * await petstore.simulate({ status: 429, method: 'GET', path: '/v1/pets' })
 * // … the app under test calls GET /v1/pets …
 * const entry = await petstore.waitForRequest({ path: '/v1/pets', status: 429 })
 */
export function connectPetstore(baseUrl: string, options: ConnectOptions = {}): PetstoreClient {
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : undefined
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'connect to the petstore',
      `baseUrl must be an absolute http(s) URL such as http://127.0.0.1:4010, got "${String(baseUrl).slice(0, 100)}"`,
    )
  }
  const origin = apiRootOf(url)
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))

  const call = async <T>(
    action: string,
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    // The control API refuses state changes without a JSON content type.
    if (method !== 'GET') headers['content-type'] = 'application/json'
    if (options.adminToken) headers.authorization = `Bearer ${options.adminToken}`
    let response: Response
    try {
      response = await send(`${origin}${ADMIN_PREFIX}/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw PetstoreError.failed(
        'ERR_PETSTORE_UNREACHABLE',
        action,
        `${origin} did not answer (${messageOf(error)})`,
      )
    }
    const text = await response.text()
    let value: unknown
    try {
      value = text === '' ? undefined : JSON.parse(text)
    } catch {
      value = undefined
    }
    if (!response.ok) throw new ControlApiError(action, response.status, value)
    return value as T
  }

  const requests = (filter: JournalFilter = {}, signal?: AbortSignal) =>
    call<Array<JournalEntry>>(
      'read the journal',
      'GET',
      `requests${toQuery(filter)}`,
      undefined,
      signal,
    )

  return {
    reset: () => call('reset the petstore', 'POST', 'reset', {}),
    simulate: (scenario) => call('queue the scenario', 'POST', 'scenarios', scenario),
    clearSimulations: () => call('clear the scenarios', 'DELETE', 'scenarios'),
    coverage: (filter = {}) => call('read the coverage', 'GET', `coverage${toQuery(filter)}`),
    force: (cell, forceOptions = {}) =>
      call('force the coverage cell', 'POST', 'coverage/force', { ...forceOptions, cell }),
    state: () => call('read the state', 'GET', 'state'),
    requests: (filter) => requests(filter),
    clearRequests: () => call('clear the journal', 'DELETE', 'requests'),
    violations: (source) =>
      call(
        'read the violations',
        'GET',
        source === undefined ? 'violations' : `violations?source=${encodeURIComponent(source)}`,
      ),
    toHar: (filter = {}) => call('export the journal', 'GET', `requests.har${toQuery(filter)}`),
    async waitForRequest(filter = {}, waitOptions = {}) {
      const timeout = waitOptions.timeout ?? CLIENT_WAIT_MS
      const problem = waitTimeoutProblem(timeout)
      if (problem !== undefined) {
        throw PetstoreError.failed('ERR_PETSTORE_INVALID_OPTION', 'wait for a request', problem)
      }
      const { signal } = waitOptions
      const deadline = Date.now() + timeout
      const timedOut = () =>
        PetstoreError.failed(
          'ERR_PETSTORE_WAIT_TIMEOUT',
          'wait for a request',
          `no request matched ${JSON.stringify(filter)} within ${timeout} ms`,
        )
      // Each HTTP call is bounded by the time left, so a stalled mock cannot hold the wait.
      const bounded = async <T>(run: (callSignal: AbortSignal) => Promise<T>): Promise<T> => {
        const limit = AbortSignal.timeout(Math.max(1, deadline - Date.now()))
        try {
          return await run(signal ? AbortSignal.any([signal, limit]) : limit)
        } catch (error) {
          if (limit.aborted && !signal?.aborted) throw timedOut()
          throw error
        }
      }
      let since = filter.since
      if (since === undefined) {
        const state = await bounded((callSignal) =>
          call<PetstoreState>('wait for a request', 'GET', 'state', undefined, callSignal),
        )
        since = state.journal.lastId
      }
      for (;;) {
        const [entry] = await bounded((callSignal) =>
          requests({ ...filter, since, limit: 1 }, callSignal),
        )
        if (entry !== undefined) return entry
        const left = deadline - Date.now()
        if (left <= 0) throw timedOut()
        await sleep(Math.min(CLIENT_POLL_MS, left), signal)
      }
    },
  }
}

function toQuery(filter: JournalFilter | CoverageFilter): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined) query.set(name, String(value))
  }
  const text = query.toString()
  return text === '' ? '' : `?${text}`
}
