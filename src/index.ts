/**
 * The package's entry (`petstore-mock`): the in-process petstore and what a
 * test that uses it reads: its options and types, the error classes and the
 * tables of their codes, the keys and plans, and the spec's schemas (zod,
 * each also the type of what it parses). Every name is listed here on
 * purpose (`test/entries.test.ts` pins them); the modules behind it are not
 * part of the API.
 *
 * @example
 * import { createPetstore } from 'petstore-mock'
 * const petstore = createPetstore({ seed: 7 })
 * const server = setupServer(...petstore.handlers)
 */

export { createPetstore, type Petstore } from './adapter/msw/create-petstore.ts'
export { failOnUnhandled } from './adapter/msw/fail-on-unhandled.ts'
export type { App } from './app/create-app.ts'
export type { PetstoreOptions, PetstoreState } from './app/create-petstore-core.ts'
export type { Clock } from './base/clock/clock.ts'
export { createFakeClock, type FakeClock } from './base/clock/create-fake-clock.ts'
export type {
  AnsweredViolation,
  MockRequest,
  MockResponse,
  ViolationSource,
} from './base/http/types.ts'
export type {
  CoverageFilter,
  CoverageReport,
  CoverageRow,
} from './core/coverage/create-coverage.ts'
export type { Database } from './core/data/create-database.ts'
export type { Dataset } from './core/data/seed-data.ts'
export type { JournalStats, ViolationSummary, WaitOptions } from './core/journal/create-journal.ts'
export type { JournalEntry } from './core/journal/journal-entry.ts'
export type { JournalFilter } from './core/journal/journal-filter.ts'
export type { Har, HarEntry } from './core/journal/to-har.ts'
export type { ApiKey, KeySpec } from './core/plans/create-keyring.ts'
export type { RateLimitOptions } from './core/plans/create-rate-limiter.ts'
export { DEFAULT_KEYS } from './core/plans/default-keys.ts'
export type { Scenario, ScenarioInput, ScenarioMatch } from './core/simulation/scenario-queue.ts'
export { ApiError } from './errors/api-error.ts'
export { ConfigError } from './errors/config-error.ts'
export { PetstoreError } from './errors/petstore-error.ts'
export { PETSTORE_ERROR_CODES, type PetstoreErrorCode } from './errors/petstore-error-codes.ts'
export { Category } from './spec/category.ts'
export { ErrorBody } from './spec/error-body.ts'
export { ERROR_CODES, type ErrorCode } from './spec/error-codes.ts'
export { NewPet } from './spec/new-pet.ts'
export { Order, OrderStatus, Orders } from './spec/order.ts'
export { Pet, Pets } from './spec/pet.ts'
export { PetStatus } from './spec/pet-status.ts'
export { PLANS, type PlanName } from './spec/plans.ts'
