import { z } from 'zod'
import { int64 } from './int64.ts'
import { PetStatus } from './pet-status.ts'

/**
 * The longest `name` the mock accepts. The spec leaves the maximum open.
 *
 * @example
 * NewPet.safeParse({ name: 'x'.repeat(MAX_NAME_LENGTH + 1), categoryId: 1 }).success // false
 */
export const MAX_NAME_LENGTH = 200

/**
 * The request body of `createPet` (spec §2, NewPet).
 *
 * @example
 * NewPet.parse({ name: 'Rex', categoryId: 1, status: 'available' })
 */
export const NewPet = z
  .object({
    name: z
      .string()
      .min(1)
      .max(MAX_NAME_LENGTH)
      // Blank is refused like empty: a name must hold a character other than white space.
      .regex(/\S/, { message: 'must not be blank' })
      .meta({ description: "The animal's name; not blank." }),
    categoryId: int64.meta({
      description: 'ID of the category the animal belongs to.',
    }),
    status: PetStatus.optional(),
  })
  .meta({ id: 'NewPet', description: 'The request body for adding an animal.' })

/**
 * A valid `NewPet`: the type of the schema of the same name.
 *
 * @example
 * const input: NewPet = { name: 'Rex', categoryId: 1 }
 */
export type NewPet = z.infer<typeof NewPet>
