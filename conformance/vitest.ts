import { beforeAll, describe, it } from 'vitest'
import { ConformanceError } from './model/kit-message.ts'
import { operationLabel } from './model/kit-routes.ts'
import { selectChecks } from './model/select-checks.ts'
import type { ConformanceResult } from './model/types.ts'
import { suiteOutcome } from './reporters/suite-outcome.ts'
import { type ConformanceOptions, runConformance } from './run/run-conformance.ts'

/** Options of {@link defineConformanceSuite}. */
export interface ConformanceSuiteOptions extends Omit<ConformanceOptions, 'baseUrl' | 'token'> {
  /** The base URL, or a function read when the suite starts (e.g. after a server is up). */
  baseUrl: string | (() => string)
  /** The API key, or a function read when the suite starts. */
  token: string | (() => string)
  /** The name of the `describe` block. Default `petstore conformance`. */
  name?: string
  /** Timeout of the run (a `beforeAll` hook), in ms. Default 10 minutes. */
  timeoutMs?: number
}

const resolve = (value: string | (() => string)) => (typeof value === 'function' ? value() : value)

/**
 * Registers the conformance checks as vitest tests: one `describe` with one
 * `it` per check and operation. The run happens once, in `beforeAll`; each
 * test then reports its check: failed required checks (and advisory ones
 * with `strict`) fail with the expected value, the actual one and a curl,
 * skipped checks are skipped, advisory failures pass with an annotation.
 *
 * @example
 * import { defineConformanceSuite } from 'petstore-mock/conformance/vitest'
 *
 * defineConformanceSuite({
 *   baseUrl: process.env.API_URL ?? 'http://127.0.0.1:4010/v1',
 *   token: process.env.PETSTORE_API_KEY ?? 'sk_test_enterprise',
 *   seed: 1,
 * })
 */
export function defineConformanceSuite(options: ConformanceSuiteOptions): void {
  const { baseUrl, token, name, timeoutMs, ...runOptions } = options
  const checks = selectChecks(runOptions)
  describe(name ?? 'petstore conformance', () => {
    let result: ConformanceResult | undefined
    beforeAll(async () => {
      result = await runConformance({
        ...runOptions,
        baseUrl: resolve(baseUrl),
        token: resolve(token),
      })
    }, timeoutMs ?? 600_000)

    for (const check of checks) {
      for (const operation of check.operations) {
        it(`${check.id} [${operationLabel(operation)}] ${check.title}`, async (context) => {
          const entry = result?.results.find(
            (candidate) => candidate.id === check.id && candidate.operation === operation,
          )
          if (!entry) {
            throw new ConformanceError(
              'internal',
              `find the result of ${check.id} [${operation}]`,
              'the run did not complete',
            )
          }
          const outcome = suiteOutcome(entry, options)
          if (outcome.action === 'fail') throw new Error(outcome.text)
          if (outcome.action === 'skip') context.skip(outcome.text)
          if (outcome.action === 'annotate') await context.annotate(outcome.text, 'warning')
        })
      }
    }
  })
}
