import type { ViolationSource } from '../base/http/types.ts'
import { armCell } from '../core/coverage/arm-cell.ts'
import {
  type Coverage,
  type CoverageFilter,
  type CoverageReport,
  NOT_COUNTED,
} from '../core/coverage/create-coverage.ts'
import type { Journal, ViolationSummary, WaitOptions } from '../core/journal/create-journal.ts'
import type { JournalEntry } from '../core/journal/journal-entry.ts'
import type { JournalFilter } from '../core/journal/journal-filter.ts'
import { type Har, toHar } from '../core/journal/to-har.ts'
import type { Scenario, ScenarioInput, ScenarioQueue } from '../core/simulation/scenario-queue.ts'
import { ConfigError } from '../errors/config-error.ts'
import { describeError } from '../errors/describe-error.ts'
import { formatMessage } from '../errors/format-message.ts'
import { messageOf } from '../errors/message-of.ts'
import { PetstoreError, type PetstoreErrorCode } from '../errors/petstore-error.ts'

/**
 * The petstore's control in-process, as the control API offers it over HTTP:
 * scenarios, coverage, the journal and its violations.
 *
 * @example
 * const control: CoreControl = createPetstoreCore()
 * control.simulate({ status: 503, times: 2 })
 */
export interface CoreControl {
  /** Forces the next matching responses, like `POST /__mock/scenarios`. */
  simulate(scenario: ScenarioInput): Scenario
  /** Drops every queued scenario. */
  clearSimulations(): void
  /**
   * Which cells of traffic coverage the answers met since the last reset
   * (with `session`: only requests that carried `X-Petstore-Session`), like
   * `GET /__mock/coverage`. Throws a `ConfigError` `ERR_PETSTORE_INVALID_FILTER`
   * for a bad filter, and `ERR_PETSTORE_INVALID_OPTION` when the control API
   * is off (`admin: false`: nothing is counted).
   */
  coverage(filter?: CoverageFilter): CoverageReport
  /**
   * Answers the next `times` (default 1) requests of a cell's operation as
   * that cell's state, like `POST /__mock/coverage/force`; returns the
   * queued scenario. An unknown cell throws a `ConfigError`
   * `ERR_PETSTORE_INVALID_SCENARIO` naming it.
   */
  force(cell: string, options?: { times?: number }): Scenario
  /**
   * Journaled requests that pass the filter, oldest first, like `GET /__mock/requests`.
   * A bad filter throws a `ConfigError` `ERR_PETSTORE_INVALID_FILTER`.
   */
  requests(filter?: JournalFilter): Array<JournalEntry>
  /**
   * Resolves with the next journaled request that passes the filter (with
   * `since`: also one already journaled after that id). Rejects with a
   * `PetstoreError` `ERR_PETSTORE_WAIT_TIMEOUT` after `timeout` ms (default 5,000).
   */
  waitForRequest(filter?: JournalFilter, options?: WaitOptions): Promise<JournalEntry>
  /**
   * Calls `listener` with each journaled request until the returned function
   * is called. Throws a `ConfigError` `ERR_PETSTORE_INVALID_OPTION` when
   * `listener` is not a function, and a `PetstoreError`
   * `ERR_PETSTORE_TOO_MANY_LISTENERS` when 1000 listeners (event streams,
   * waits, `onRequest`) are held already. A listener that throws does not
   * change the answer; its first failure is logged to stderr
   * (`[petstore-mock] Failed to run a request listener: …`), later ones not.
   */
  onRequest(listener: (entry: JournalEntry) => void): () => void
  /**
   * How often each rule of the spec was broken since the journal was last
   * cleared, per check id, like `GET /__mock/violations`; with `source`, only
   * the caller's mistakes (`'request'`) or only the upstream's (`'response'`).
   */
  violations(source?: ViolationSource): ViolationSummary
  /**
   * The journaled requests that pass the filter as a HAR 1.2 document, like
   * `GET /__mock/requests.har`; URLs under the base URL (else
   * `http://localhost`). A bad filter throws a `ConfigError`
   * `ERR_PETSTORE_INVALID_FILTER`.
   */
  toHar(filter?: JournalFilter): Har
}

/**
 * What the in-process control reads: the scenarios, the journal, the
 * coverage counter (`undefined` with the control API off) and where the HAR's
 * URLs live.
 *
 * @example
 * const parts: ControlParts = { scenarios, journal, coverage: undefined, harBase: 'http://localhost' }
 */
export interface ControlParts {
  scenarios: ScenarioQueue
  journal: Journal
  coverage: Coverage | undefined
  /** The origin and base path of the HAR's URLs (`http://localhost` when no base URL was given). */
  harBase: string
}

/**
 * The petstore's control in-process, the methods that mirror the control
 * API (`simulate`, `coverage`, `force`, `requests`, `onRequest`,
 * `violations`, `toHar`…): each turns a caller's mistake into a
 * `ConfigError` (or a `PetstoreError`) with its `ERR_PETSTORE_*` code, where
 * the control API answers a 400.
 *
 * @example
 * const control = coreControl({ scenarios, journal, coverage, harBase: 'http://localhost' })
 * control.requests({ status: '4xx' })
 */
export function coreControl(parts: ControlParts): CoreControl {
  const { scenarios, journal, coverage } = parts
  return {
    simulate: (scenario) =>
      rethrowAs('ERR_PETSTORE_INVALID_SCENARIO', 'queue the scenario', () =>
        scenarios.add(scenario),
      ),
    clearSimulations: () => scenarios.clear(),
    coverage(filter) {
      const counter = coverageOf(coverage)
      return rethrowAs('ERR_PETSTORE_INVALID_FILTER', 'read the coverage', () =>
        counter.report(filter),
      )
    },
    force: (cell, forceOptions = {}) =>
      rethrowAs('ERR_PETSTORE_INVALID_SCENARIO', 'force the coverage cell', () =>
        armCell(scenarios, { ...forceOptions, cell }),
      ),
    requests: (filter) =>
      rethrowAs('ERR_PETSTORE_INVALID_FILTER', 'read the journal', () => journal.list(filter)),
    waitForRequest: (filter, waitOptions) => journal.waitFor(filter, waitOptions),
    onRequest: (listener) => subscribe(journal, listener),
    violations: (source) => journal.violations(source),
    toHar: (filter) =>
      toHar(
        rethrowAs('ERR_PETSTORE_INVALID_FILTER', 'export the journal', () => journal.list(filter)),
        parts.harBase,
      ),
  }
}

/**
 * Subscribes `listener` to the journal: a listener that throws does not
 * change the answer, and only its first failure is logged.
 */
function subscribe(journal: Journal, listener: (entry: JournalEntry) => void): () => void {
  if (typeof listener !== 'function') {
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'listen for requests',
      `the listener must be a function, got ${listener === null ? 'null' : typeof listener}`,
    )
  }
  let reported = false
  const guarded = (entry: JournalEntry) => {
    try {
      listener(entry)
    } catch (error) {
      // The answer went out fine: only the listener failed. Said once, not per request.
      if (reported) return
      reported = true
      console.error(formatMessage('run a request listener', describeError(error)))
    }
  }
  try {
    return journal.subscribe(guarded)
  } catch (error) {
    // The listener cap: a mistake of the caller, not an HTTP answer.
    throw PetstoreError.failed(
      'ERR_PETSTORE_TOO_MANY_LISTENERS',
      'listen for requests',
      messageOf(error),
    )
  }
}

/** The coverage counter, or a `ConfigError` when the control API or counting is off. */
function coverageOf(coverage: Coverage | undefined): Coverage {
  if (coverage === undefined) {
    throw new ConfigError('ERR_PETSTORE_INVALID_OPTION', 'read the coverage', NOT_COUNTED)
  }
  return coverage
}

/** Runs `act`; a 400 it throws becomes a `ConfigError` with `code`, for in-process callers. */
function rethrowAs<T>(code: PetstoreErrorCode, action: string, act: () => T): T {
  try {
    return act()
  } catch (error) {
    throw new ConfigError(code, action, messageOf(error))
  }
}
