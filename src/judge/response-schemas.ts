import { z } from 'zod'
import { INT64, PetStatus } from '../spec/index.ts'

/**
 * An int64 as the kit reads it from a response parsed by `parseExactJson`:
 * a safe integer or a bigint, anywhere in −2^63..2^63−1, always turned into
 * a `bigint` so ids are compared and printed exactly.
 *
 * @example
 * ExactInt64.parse(9007199254740993n) // 9007199254740993n
 * ExactInt64.safeParse(2n ** 63n).success // false
 */
export const ExactInt64 = z
  .union([z.int(), z.bigint()], { error: 'expected an int64 integer' })
  .transform((value) => BigInt(value))
  .pipe(
    z
      .bigint()
      .min(INT64.min, { error: 'below the int64 minimum −2^63' })
      .max(INT64.max, { error: 'above the int64 maximum 2^63−1' }),
  )

/**
 * A Pet as the spec allows a server to return it (§2): `id` and
 * `categoryId` exact int64, a string `name` of any length, an optional
 * PetStatus, and any further fields (the spec does not forbid them).
 *
 * @example
 * ResponsePet.parse({ id: 1, name: 'Rex', categoryId: 2 }).id // 1n
 */
export const ResponsePet = z.object({
  id: ExactInt64,
  name: z.string(),
  categoryId: ExactInt64,
  status: PetStatus.optional(),
})

export type ResponsePet = z.output<typeof ResponsePet>

/**
 * The list body (§2 Pets): an array of {@link ResponsePet}.
 *
 * @example
 * ResponsePets.parse([]) // []
 */
export const ResponsePets = z.array(ResponsePet)

/**
 * A NewPet as the kit sends it: the category id is exact.
 *
 * @example
 * const body: SentPet = { name: 'conformance-1', categoryId: 1n }
 */
export interface SentPet {
  name: string
  categoryId: bigint
  status?: PetStatus
}
