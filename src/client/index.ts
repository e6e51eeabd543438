/**
 * `petstore-mock/client`: drives a running mock's control API from a test or
 * a page. Every name is listed here on purpose (`test/entries.test.ts` pins them).
 *
 * @example
 * import { connectPetstore } from 'petstore-mock/client'
 * const mock = connectPetstore('http://127.0.0.1:4010')
 * await mock.reset()
 */
export type { PetstoreState } from '../app/create-petstore-core.ts'
export type {
  CoverageFilter,
  CoverageReport,
  CoverageRow,
} from '../core/coverage/create-coverage.ts'
export type { JournalEntry } from '../core/journal/journal-entry.ts'
export type { JournalFilter } from '../core/journal/journal-filter.ts'
export type { Scenario, ScenarioInput } from '../core/simulation/scenario-queue.ts'
export { PetstoreError } from '../errors/petstore-error.ts'
export {
  CLIENT_MAX_WAIT_MS,
  CLIENT_POLL_MS,
  CLIENT_WAIT_MS,
  type ClientWaitOptions,
  type ConnectOptions,
  connectPetstore,
  type PetstoreClient,
} from './connect-petstore.ts'
export { ControlApiError } from './control-api-error.ts'
