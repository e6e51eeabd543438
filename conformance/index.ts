/**
 * The conformance kit's programmatic API (`petstore-mock/conformance`): the
 * run, its options and result, the catalogue of checks, and the five
 * reporters of `petstore-conformance --reporter`, each a function of the
 * result (`github` is two: the step summary and the annotations). Every name
 * is listed here on purpose (the test `test/entries.test.ts` pins them).
 *
 * @example
 * import { junitReport, runConformance } from 'petstore-mock/conformance'
 * const result = await runConformance({ baseUrl: 'http://127.0.0.1:4010/v1', token: 'sk_test_free' })
 * await writeFile('reports/junit.xml', junitReport(result))
 * console.log(result.summary, result.exitCode)
 */

export { catalogue } from '../src/judge/catalogue.ts'
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
  RecordedRequest,
  RecordedResponse,
  RunStats,
  RunStop,
  RunSummary,
} from './model/types.ts'
export { githubAnnotations, githubSummary } from './reporters/github-reporter.ts'
export { htmlReport } from './reporters/html-reporter.ts'
export { jsonReport } from './reporters/json-reporter.ts'
export { junitReport } from './reporters/junit-reporter.ts'
export { type PrettyOptions, prettyReport, progressLine } from './reporters/pretty-reporter.ts'
export {
  type ConformanceOptions,
  ConformanceSetupError,
  runConformance,
} from './run/run-conformance.ts'
export type { Transport } from './transport/undici-transport.ts'
