/**
 * The conformance kit's programmatic API (`petstore-mock/conformance`).
 *
 * @example
 * import { runConformance } from 'petstore-mock/conformance'
 * const result = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'sk_test_free' })
 * console.log(result.summary, result.exitCode)
 */

export { catalogue, matchesCheckId } from '../src/contract/catalogue.ts'
export { runCli } from './cli.ts'
export { createHttpClient } from './http-client.ts'
export { NAME_PREFIX, operations } from './model/kit-routes.ts'
export { selectChecks } from './model/select-checks.ts'
export { KEY_PLACEHOLDER, shellQuote, toCurl } from './model/to-curl.ts'
export type {
  CheckDefinition,
  CheckFailure,
  CheckGroup,
  CheckId,
  CheckLevel,
  CheckResult,
  ConformanceEvent,
  ConformanceProgress,
  ConformanceResult,
  Exchange,
  OperationId,
  RunStats,
} from './model/types.ts'
export { createRateLimitPacer } from './rate-limit-pacer.ts'
export { jsonReport } from './reporters/json-reporter.ts'
export { formatFailure, junitReport } from './reporters/junit-reporter.ts'
export { prettyProgress, prettyReport, progressLine } from './reporters/pretty-reporter.ts'
export {
  type ConformanceOptions,
  ConformanceSetupError,
  runConformance,
} from './run-conformance.ts'
export { createUndiciTransport, type Transport } from './undici-transport.ts'
