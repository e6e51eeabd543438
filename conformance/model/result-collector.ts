import { CHECKS, type CheckId, type CheckOperation } from '../../src/judge/catalogue.ts'
import { judgesOperation } from '../../src/judge/check-definition.ts'
import { describeHttpResponse } from '../../src/judge/describe-response.ts'
import { countOf } from '../../src/utils/count-of.ts'
import { fieldFailureKind } from './failure-kind.ts'
import { KIT_DEFAULTS } from './kit-defaults.ts'
import { kitMessage } from './kit-message.ts'
import { operations } from './kit-routes.ts'
import { toCurl } from './to-curl.ts'
import type {
  CheckDefinition,
  CheckFailure,
  CheckResult,
  ConformanceResult,
  Exchange,
  OperationId,
  RunStop,
  RunSummary,
} from './types.ts'

/**
 * A short description of what came back: status and the start of the body,
 * or the transport error.
 *
 * @example
 * describeResponse(exchange) // 'HTTP 404 {"code":"not_found",...}'
 */
export function describeResponse(exchange: Exchange): string {
  if (!exchange.response) {
    return `no response (${exchange.error ?? 'unknown error'})`
  }
  return describeHttpResponse(exchange.response.status, exchange.response.body)
}

/** What decides whether a result fails the run. */
export interface RunPolicy {
  /** Advisory failures fail the run. */
  strict?: boolean
  /** Required checks that were skipped or not run fail the run. */
  failOnSkip?: boolean
}

/**
 * Whether a result fails the run: a failed required check; a failed advisory
 * one under `strict`; a skipped or not-run required one under `failOnSkip`.
 * Other failures are warnings.
 *
 * @example
 * result.results.filter((entry) => failsTheRun(entry, result)).length
 */
export function failsTheRun(result: CheckResult, policy: RunPolicy = {}): boolean {
  const { strict = false, failOnSkip = false } = policy
  if (result.outcome === 'failed') {
    return result.level === 'required' || strict
  }
  return failOnSkip && result.level === 'required' && result.outcome !== 'passed'
}

/**
 * The counts of a run: the one place every report takes its numbers from.
 *
 * @example
 * summarize(result.results, { strict: false }) // { total: 66, passed: 60, failed: 2, ... }
 */
export function summarize(results: Array<CheckResult>, policy: RunPolicy = {}): RunSummary {
  const count = (test: (entry: CheckResult) => boolean) => results.filter(test).length
  const required = (entry: CheckResult) => entry.level === 'required'
  return {
    unit: 'check×operation',
    total: results.length,
    passed: count((entry) => entry.outcome === 'passed'),
    failed: count((entry) => entry.outcome === 'failed' && failsTheRun(entry, policy)),
    warnings: count((entry) => entry.outcome === 'failed' && !failsTheRun(entry, policy)),
    skipped: count((entry) => entry.outcome === 'skipped'),
    notRun: count((entry) => entry.outcome === 'not-run'),
    requiredFailed: count((entry) => entry.outcome === 'failed' && required(entry)),
    advisoryFailed: count((entry) => entry.outcome === 'failed' && !required(entry)),
    requiredSkipped: count((entry) => entry.outcome === 'skipped' && required(entry)),
    requiredNotRun: count((entry) => entry.outcome === 'not-run' && required(entry)),
    failing: count((entry) => failsTheRun(entry, policy)),
  }
}

/**
 * The exit code of a run: 2 when it stopped early (not for a spent request
 * budget), 1 when a result fails the run, else 0.
 *
 * @example
 * exitCodeOf(summary, undefined) // 0
 */
export function exitCodeOf(summary: RunSummary, stopped: RunStop | undefined): 0 | 1 | 2 {
  if (stopped && stopped.reason !== 'budget') {
    return 2
  }
  return summary.failing > 0 ? 1 : 0
}

/**
 * The closing line: the verdict and exactly why the exit code is what it is.
 *
 * @example
 * verdictOf(result) // 'FAIL: 2 required checks failed (exit 1)'
 */
export function verdictOf(
  result: Pick<ConformanceResult, 'summary' | 'stopped' | 'exitCode' | 'strict' | 'failOnSkip'>,
): string {
  const { summary, stopped, exitCode } = result
  const untested = summary.requiredSkipped + summary.requiredNotRun
  const reasons: Array<string> = []
  if (exitCode === 2) {
    reasons.push(`STOPPED: ${stopped?.summary ?? 'the run stopped early'}`)
    if (summary.requiredFailed > 0) {
      reasons.push(`${countOf(summary.requiredFailed, 'required check')} failed before`)
    }
    reasons.push(`${countOf(summary.notRun, 'check')} not run`)
  } else if (exitCode === 1) {
    if (summary.requiredFailed > 0) {
      reasons.push(`FAIL: ${countOf(summary.requiredFailed, 'required check')} failed`)
    }
    if (result.strict && summary.advisoryFailed > 0) {
      reasons.push(`--strict: ${countOf(summary.advisoryFailed, 'advisory check')} failed`)
    }
    if (result.failOnSkip && untested > 0) {
      reasons.push(`--fail-on-skip: ${countOf(untested, 'required check')} skipped or not run`)
    }
  } else {
    reasons.push(
      summary.warnings > 0
        ? `PASS with ${countOf(summary.warnings, 'advisory warning')}`
        : untested > 0
          ? 'PASS: every required check that ran passed'
          : 'PASS: every required check passed',
    )
    if (untested > 0) {
      reasons.push(
        `${countOf(untested, 'required check')} skipped or not run (--fail-on-skip fails on them)`,
      )
    }
    if (stopped) {
      reasons.push(stopped.summary)
    }
  }
  return `${reasons.join('; ')} (exit ${exitCode})`
}

/** What {@link buildResult} needs: the run's facts, its results and why it stopped, if it did. */
export type ResultInput = Omit<
  ConformanceResult,
  'summary' | 'exitCode' | 'ok' | 'verdict' | 'aborted' | 'stopped'
> & { stopped?: RunStop | undefined }

/**
 * Assembles a run's result: counts ({@link summarize}), exit code
 * ({@link exitCodeOf}) and closing line ({@link verdictOf}) all from the
 * results, in this one place.
 *
 * @example
 * const result = buildResult({ ...facts, results, stopped })
 */
export function buildResult(input: ResultInput): ConformanceResult {
  const { stopped, ...facts } = input
  const summary = summarize(input.results, input)
  const exitCode = exitCodeOf(summary, stopped)
  const result: ConformanceResult = {
    ...facts,
    ...(stopped ? { aborted: stopped.message, stopped } : {}),
    exitCode,
    ok: exitCode === 0,
    summary,
    verdict: '',
  }
  result.verdict = verdictOf(result)
  return result
}

/** Details of one failed assertion. */
export interface FailureInput {
  expected: string
  actual: string
  message?: string
  seed?: number
  path?: string
  counterexample?: string
  sequence?: string
}

/**
 * Throws when a result of a check is recorded for an operation its
 * definition does not list (it would belong to no result and be lost): a
 * fault of the kit, which the run reports as such. The collector's types
 * refuse it at compile time; this refuses what reaches it anyway (an id or
 * an operation only known at run time).
 *
 * @example
 * assertJudges('list.schema', 'getPet') // throws: list.schema judges listPets only
 */
export function assertJudges(checkId: CheckId, operation: OperationId): void {
  const check: { operations: ReadonlyArray<OperationId> } | undefined = Object.hasOwn(
    CHECKS,
    checkId,
  )
    ? CHECKS[checkId]
    : undefined
  if (check === undefined) {
    throw new Error(
      kitMessage(`record a result of ${checkId}`, 'no check of the catalogue has that id'),
    )
  }
  if (!judgesOperation(check, operation)) {
    throw new Error(
      kitMessage(
        `record a result of ${checkId} for ${operation}`,
        `its definition lists only ${check.operations.join(', ')}`,
      ),
    )
  }
}

/** What the collector holds of one check and operation. */
interface Entry {
  passes: number
  failures: Array<CheckFailure>
  omitted: number
  skipReason?: string
  exchanges: Set<number>
  durationMs: number
}

/**
 * Whether a failure says again what one of `failures` says: the same failure
 * (a retried request, say), or the same field at fault said in words again
 * (`id` a string in every answer). It is counted, not repeated.
 */
function repeats(
  failures: ReadonlyArray<CheckFailure>,
  input: FailureInput,
  curl: string | undefined,
): boolean {
  const kind = fieldFailureKind(input.actual)
  return failures.some(
    (failure) =>
      (failure.actual === input.actual &&
        failure.expected === input.expected &&
        failure.curl === curl) ||
      (kind !== undefined && fieldFailureKind(failure.actual) === kind),
  )
}

/** One failure of `check` for `operation`, with the exchange that shows it, when there is one. */
function failureOf(
  check: CheckDefinition<CheckId>,
  operation: OperationId,
  exchange: Exchange | undefined,
  input: FailureInput,
  curl: string | undefined,
): CheckFailure {
  return {
    checkId: check.id,
    operation,
    message: input.message ?? check.title,
    expected: input.expected,
    actual: input.actual,
    ...(exchange
      ? {
          request: { method: exchange.request.method, url: exchange.request.url },
          curl,
          ...(exchange.response ? { status: exchange.response.status } : {}),
          response: describeResponse(exchange),
        }
      : {}),
    ...(input.seed === undefined ? {} : { seed: input.seed }),
    ...(input.path === undefined ? {} : { path: input.path }),
    ...(input.counterexample === undefined ? {} : { counterexample: input.counterexample }),
    ...(input.sequence === undefined ? {} : { sequence: input.sequence }),
  }
}

/**
 * The result of `check` for `operation` from what was recorded (`found`);
 * `untested` says why a check nothing asserted or skipped was not decided.
 */
function resultOf(
  check: CheckDefinition<CheckId>,
  operation: OperationId,
  found: Entry | undefined,
  untested: (
    check: CheckDefinition<CheckId>,
    operation: OperationId,
  ) => { outcome: 'skipped' | 'not-run'; reason: string },
): CheckResult {
  const failed = (found?.failures.length ?? 0) > 0
  const passed = (found?.passes ?? 0) > 0
  const open =
    failed || passed
      ? undefined
      : found?.skipReason !== undefined
        ? { outcome: 'skipped' as const, reason: found.skipReason }
        : untested(check, operation)
  return {
    id: check.id,
    title: check.title,
    section: check.section,
    level: check.level,
    group: check.group,
    operation,
    deprecated: operations[operation].deprecated,
    outcome: failed ? 'failed' : passed ? 'passed' : (open?.outcome ?? 'skipped'),
    durationMs: found?.durationMs ?? 0,
    passes: found?.passes ?? 0,
    failures: found?.failures ?? [],
    omittedFailures: found?.omitted ?? 0,
    expected: check.expected,
    ...(open ? { skipReason: open.reason } : {}),
  }
}

/**
 * Collects assertions per check and operation and turns them into
 * {@link CheckResult}s. Assertions on checks that were not selected are
 * dropped; one for an operation the check's definition does not list does
 * not compile, and throws ({@link assertJudges}) when it gets here anyway.
 *
 * @example
 * const collector = createResultCollector(selectChecks())
 * collector.pass('list.schema', 'listPets')
 */
export function createResultCollector(
  selected: Array<CheckDefinition<CheckId>>,
  options: { maxFailuresPerCheck?: number } = {},
) {
  const maxFailures = options.maxFailuresPerCheck ?? KIT_DEFAULTS.maxFailuresPerCheck
  const byId = new Map(selected.map((check) => [check.id, check]))
  const entries = new Map<string, Entry>()
  const operationTimes: Partial<Record<OperationId, number>> = {}
  let lastExchange: Exchange | undefined
  const entry = (checkId: CheckId, operation: OperationId) => {
    const key = `${checkId}|${operation}`
    let found = entries.get(key)
    if (!found) {
      found = { passes: 0, failures: [], omitted: 0, exchanges: new Set(), durationMs: 0 }
      entries.set(key, found)
    }
    return found
  }
  /** Adds the time of an exchange (the last one received, when not given) once per entry. */
  const timed = (found: ReturnType<typeof entry>, exchange = lastExchange) => {
    if (exchange && !found.exchanges.has(exchange.id)) {
      found.exchanges.add(exchange.id)
      found.durationMs += exchange.durationMs
    }
    return found
  }

  return {
    isSelected(checkId: CheckId): boolean {
      return byId.has(checkId)
    },
    /** Records an exchange as it arrives: the time of its operation, and the one assertions refer to. */
    received(exchange: Exchange): void {
      lastExchange = exchange
      operationTimes[exchange.operation] =
        (operationTimes[exchange.operation] ?? 0) + exchange.durationMs
    },
    /** Time (ms) spent in the exchanges of each operation. */
    operationTimes(): Partial<Record<OperationId, number>> {
      return { ...operationTimes }
    },
    pass<Id extends CheckId>(
      checkId: Id,
      operation: CheckOperation<Id>,
      exchange?: Exchange,
    ): void {
      assertJudges(checkId, operation)
      if (byId.has(checkId)) {
        timed(entry(checkId, operation), exchange).passes += 1
      }
    },
    fail<Id extends CheckId>(
      checkId: Id,
      operation: CheckOperation<Id>,
      exchange: Exchange | undefined,
      input: FailureInput,
    ): void {
      assertJudges(checkId, operation)
      if (!byId.has(checkId)) {
        return
      }
      const found = timed(entry(checkId, operation), exchange)
      const curl = exchange ? toCurl(exchange.request) : undefined
      if (repeats(found.failures, input, curl) || found.failures.length >= maxFailures) {
        found.omitted += 1
        return
      }
      const check = byId.get(checkId) as CheckDefinition<CheckId>
      found.failures.push(failureOf(check, operation, exchange, input, curl))
    },
    /** Asserts: passes when `problem` is undefined, fails with it otherwise. */
    assert<Id extends CheckId>(
      checkId: Id,
      operation: CheckOperation<Id>,
      exchange: Exchange,
      expected: string,
      problem: string | undefined,
    ): boolean {
      if (problem === undefined) {
        this.pass(checkId, operation, exchange)
        return true
      }
      this.fail(checkId, operation, exchange, { expected, actual: problem })
      return false
    },
    skip<Id extends CheckId>(checkId: Id, operation: CheckOperation<Id>, reason: string): void {
      assertJudges(checkId, operation)
      if (byId.has(checkId)) {
        entry(checkId, operation).skipReason ??= reason
      }
    },
    /**
     * The results, one per selected check and operation. `untested` says, for
     * a check nothing asserted or skipped, whether it is `skipped` or `not-run` and why.
     */
    results(
      untested: (
        check: CheckDefinition<CheckId>,
        operation: OperationId,
      ) => { outcome: 'skipped' | 'not-run'; reason: string },
    ) {
      const results: Array<CheckResult> = []
      for (const check of selected) {
        for (const operation of check.operations) {
          results.push(
            resultOf(check, operation, entries.get(`${check.id}|${operation}`), untested),
          )
        }
      }
      return results
    },
  }
}

/** The collector returned by {@link createResultCollector}. */
export type ResultCollector = ReturnType<typeof createResultCollector>
