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

export type { App } from './app/create-app.ts'
export type { PetstoreOptions, PetstoreState } from './app/create-petstore-core.ts'
export type { Clock } from './clock/clock.ts'
export { createFakeClock, type FakeClock } from './clock/create-fake-clock.ts'
export { createPetstore, type Petstore } from './create-petstore.ts'
export type { Database } from './data/create-database.ts'
export type { Dataset } from './data/seed-data.ts'
export { ApiError } from './errors/api-error.ts'
export { ConfigError } from './errors/config-error.ts'
export { PetstoreError } from './errors/petstore-error.ts'
export { PETSTORE_ERROR_CODES, type PetstoreErrorCode } from './errors/petstore-error-codes.ts'
export type {
  AnsweredViolation,
  MockRequest,
  MockResponse,
  ViolationSource,
} from './http/types.ts'
export type { JournalStats, ViolationSummary, WaitOptions } from './journal/create-journal.ts'
export type { JournalEntry } from './journal/journal-entry.ts'
export type { JournalFilter } from './journal/journal-filter.ts'
export type { Har, HarEntry } from './journal/to-har.ts'
export type { ApiKey, KeySpec } from './keys/create-keyring.ts'
export { DEFAULT_KEYS } from './keys/default-keys.ts'
export type { RateLimitOptions } from './rate-limit/create-rate-limiter.ts'
export type { Scenario, ScenarioInput, ScenarioMatch } from './simulation/scenario-queue.ts'
export { Category } from './spec/category.ts'
export { ErrorBody } from './spec/error-body.ts'
export { ERROR_CODES, type ErrorCode } from './spec/error-codes.ts'
export { NewPet } from './spec/new-pet.ts'
export { Order, OrderStatus, Orders } from './spec/order.ts'
export { Pet, Pets } from './spec/pet.ts'
export { PetStatus } from './spec/pet-status.ts'
export { PLANS, type PlanName } from './spec/plans.ts'
