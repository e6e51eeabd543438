import { seedData } from '../core/data/seed-data.ts'
import type { OpenApiInputs } from '../core/openapi/create-openapi-document.ts'
import { DEFAULT_KEYS } from '../core/plans/default-keys.ts'
import { SIMULATED_STATUS_LIST } from '../core/simulation/simulated-statuses.ts'

/**
 * What the served OpenAPI document shows besides the spec's rules: three
 * seeded pets and two orders as examples, the default keys and the statuses
 * that can be forced. The app hands these to the document builder.
 *
 * @example
 * createOpenApiDocument({ ...openApiInputs(), serverUrl: 'http://127.0.0.1:4010/v1' })
 */
export function openApiInputs(): OpenApiInputs {
  return {
    examples: seedData({ pets: 3, orders: 2 }),
    keys: DEFAULT_KEYS,
    simulatedStatuses: SIMULATED_STATUS_LIST,
  }
}
