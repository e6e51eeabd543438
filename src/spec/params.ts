import { z } from 'zod'
import { int64 } from './int64.ts'
import { LIST_LIMIT } from './limits.ts'
import { OrderStatus } from './order.ts'
import { PetStatus } from './pet-status.ts'

/**
 * The `limit` query parameter of the list operations (spec §4.1, §8): an
 * integer from `LIST_LIMIT.min` to `LIST_LIMIT.max`, `LIST_LIMIT.default`
 * when absent.
 *
 * @example
 * LimitParam.parse(undefined) // 20
 */
export const LimitParam = z
  .int()
  .min(LIST_LIMIT.min)
  .max(LIST_LIMIT.max)
  .default(LIST_LIMIT.default)
  .meta({
    description: `The most records to return: ${LIST_LIMIT.min} to ${LIST_LIMIT.max}, ${LIST_LIMIT.default} when absent.`,
  })

/**
 * The `petId` path parameter of `getPet` (spec §4.3): an int64, by the one
 * int64 rule (`INT64_RULE`).
 *
 * @example
 * PetIdParam.parse(7) // 7
 */
export const PetIdParam = int64.meta({ description: 'The id of the animal.' })

/**
 * The parameters of each operation that has any: where each is read from and
 * its schema. The request validation and the OpenAPI document read this.
 *
 * @example
 * PARAMETERS.listPets.query.status.options // ['available', 'pending', 'sold']
 */
export const PARAMETERS = {
  listPets: { query: { limit: LimitParam, status: PetStatus } },
  listOrders: { query: { limit: LimitParam, status: OrderStatus } },
  getPet: { path: { petId: PetIdParam } },
} as const
