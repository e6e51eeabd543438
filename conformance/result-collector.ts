import { operations } from './catalogue.ts'
import { toCurl } from './to-curl.ts'
import type { CheckDefinition, CheckFailure, CheckResult, Exchange, OperationId } from './types.ts'

const MAX_BODY_IN_REPORT = 400

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
  const body = exchange.response.body.replace(/\s+/g, ' ').trim()
  const shown = body.length > MAX_BODY_IN_REPORT ? `${body.slice(0, MAX_BODY_IN_REPORT)}...` : body
  return `HTTP ${exchange.response.status}${shown ? ` ${shown}` : ''}`
}

/**
 * Whether a result fails the run: a failed required check, or a failed
 * advisory one under `strict`. Other failures are warnings.
 *
 * @example
 * result.results.filter((entry) => failsTheRun(entry, result.strict)).length
 */
export function failsTheRun(result: CheckResult, strict = false): boolean {
  return result.outcome === 'failed' && (result.level === 'required' || strict)
}

/** Details of one failed assertion. */
export interface FailureInput {
  expected: string
  actual: string
  message?: string
  seed?: number
  path?: string
  counterexample?: string
}

/**
 * Collects assertions per check and operation and turns them into
 * {@link CheckResult}s. Assertions on checks that were not selected are dropped.
 *
 * @example
 * const collector = createResultCollector(selectChecks())
 * collector.pass('list.schema', 'listPets')
 */
export function createResultCollector(
  selected: Array<CheckDefinition>,
  options: { maxFailuresPerCheck?: number } = {},
) {
  const maxFailures = options.maxFailuresPerCheck ?? 5
  const byId = new Map(selected.map((check) => [check.id, check]))
  const entries = new Map<
    string,
    { passes: number; failures: Array<CheckFailure>; omitted: number; skipReason?: string }
  >()
  const entry = (checkId: string, operation: OperationId) => {
    const key = `${checkId}|${operation}`
    let found = entries.get(key)
    if (!found) {
      found = { passes: 0, failures: [], omitted: 0 }
      entries.set(key, found)
    }
    return found
  }

  return {
    isSelected(checkId: string): boolean {
      return byId.has(checkId)
    },
    pass(checkId: string, operation: OperationId): void {
      if (byId.has(checkId)) {
        entry(checkId, operation).passes += 1
      }
    },
    fail(
      checkId: string,
      operation: OperationId,
      exchange: Exchange | undefined,
      input: FailureInput,
    ): void {
      if (!byId.has(checkId)) {
        return
      }
      const found = entry(checkId, operation)
      if (found.failures.length >= maxFailures) {
        found.omitted += 1
        return
      }
      const check = byId.get(checkId) as CheckDefinition
      found.failures.push({
        checkId,
        operation,
        message: input.message ?? check.title,
        expected: input.expected,
        actual: input.actual,
        ...(exchange
          ? {
              request: { method: exchange.request.method, url: exchange.request.url },
              curl: toCurl(exchange.request),
              ...(exchange.response ? { status: exchange.response.status } : {}),
            }
          : {}),
        ...(input.seed === undefined ? {} : { seed: input.seed }),
        ...(input.path === undefined ? {} : { path: input.path }),
        ...(input.counterexample === undefined ? {} : { counterexample: input.counterexample }),
      })
    },
    /** Asserts: passes when `problem` is undefined, fails with it otherwise. */
    assert(
      checkId: string,
      operation: OperationId,
      exchange: Exchange,
      expected: string,
      problem: string | undefined,
    ): boolean {
      if (problem === undefined) {
        this.pass(checkId, operation)
        return true
      }
      this.fail(checkId, operation, exchange, { expected, actual: problem })
      return false
    },
    skip(checkId: string, operation: OperationId, reason: string): void {
      if (byId.has(checkId)) {
        entry(checkId, operation).skipReason ??= reason
      }
    },
    /** The results, one per selected check and operation. */
    results(defaultSkipReason: (check: CheckDefinition, operation: OperationId) => string) {
      const results: Array<CheckResult> = []
      for (const check of selected) {
        for (const operation of check.operations) {
          const found = entries.get(`${check.id}|${operation}`)
          const failed = (found?.failures.length ?? 0) > 0
          const passed = (found?.passes ?? 0) > 0
          results.push({
            id: check.id,
            title: check.title,
            section: check.section,
            level: check.level,
            group: check.group,
            operation,
            deprecated: operations[operation].deprecated,
            outcome: failed ? 'failed' : passed ? 'passed' : 'skipped',
            passes: found?.passes ?? 0,
            failures: found?.failures ?? [],
            omittedFailures: found?.omitted ?? 0,
            expected: check.expected,
            ...(failed || passed
              ? {}
              : { skipReason: found?.skipReason ?? defaultSkipReason(check, operation) }),
          })
        }
      }
      return results
    },
  }
}

/** The collector returned by {@link createResultCollector}. */
export type ResultCollector = ReturnType<typeof createResultCollector>
