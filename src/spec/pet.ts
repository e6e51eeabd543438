import { z } from 'zod'
import { heldId } from './int64.ts'
import { PetStatus } from './pet-status.ts'

/**
 * An animal as the service returns it (spec §2, Pet).
 *
 * @example
 * Pet.parse({ id: 1, name: 'Rex', categoryId: 1, status: 'available' })
 */
export const Pet = z
  .object({
    id: heldId.meta({ description: 'Unique identifier, assigned on creation.' }),
    name: z.string().meta({ description: "The animal's name." }),
    categoryId: heldId.meta({
      description: 'ID of the category the animal belongs to.',
    }),
    status: PetStatus.optional(),
  })
  .meta({ id: 'Pet', description: 'An animal available for adoption.' })

/**
 * A valid `Pet`: the type of the schema of the same name.
 *
 * @example
 * const pet: Pet = await (await fetch(`${base}/v1/pets/1`, { headers })).json()
 */
export type Pet = z.infer<typeof Pet>

/**
 * The response body of `listPets` (spec §2, Pets).
 *
 * @example
 * Pets.parse([])
 */
export const Pets = z.array(Pet).meta({ id: 'Pets', description: 'A list of animals.' })

/**
 * A valid `Pets`: the type of the schema of the same name.
 *
 * @example
 * const pets: Pets = await (await fetch(`${base}/v1/pets`, { headers })).json()
 */
export type Pets = z.infer<typeof Pets>
