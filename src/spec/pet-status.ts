import { z } from 'zod'

/**
 * The availability status of a pet (spec §2, PetStatus).
 *
 * @example
 * PetStatus.parse('available')
 */
export const PetStatus = z
  .enum(['available', 'pending', 'sold'])
  .meta({ id: 'PetStatus', description: 'Availability status of a pet.' })

/**
 * A valid `PetStatus`: the type of the schema of the same name.
 *
 * @example
 * const status: PetStatus = 'available'
 */
export type PetStatus = z.infer<typeof PetStatus>
