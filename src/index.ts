export { type App, createApp } from './app/create-app.ts'
export {
  createPetstoreCore,
  type PetstoreCore,
  type PetstoreOptions,
  type PetstoreState,
} from './app/create-petstore-core.ts'
export { type Clock, systemClock } from './clock/clock.ts'
export { createFakeClock, type FakeClock } from './clock/create-fake-clock.ts'
export { createPetstore, type Petstore } from './create-petstore.ts'
export type { Database } from './data/create-database.ts'
export { type Dataset, seedData } from './data/seed-data.ts'
export { ApiError } from './errors/api-error.ts'
export { ConfigError } from './errors/config-error.ts'
export { PetstoreError, type PetstoreErrorCode } from './errors/petstore-error.ts'
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
export { ERROR_CODES, type ErrorCode } from './spec/error-codes.ts'
export * from './spec/index.ts'
export { PLANS, type PlanName } from './spec/plans.ts'
