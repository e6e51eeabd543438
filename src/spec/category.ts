import { z } from 'zod'
import { heldId } from './int64.ts'

/**
 * A category of animals. The spec names the resource but shows none of its
 * fields; the mock gives each category an id and a name.
 *
 * @example
 * Category.parse({ id: 1, name: 'Dogs' })
 */
export const Category = z
  .object({
    id: heldId,
    name: z.string().min(1),
  })
  .meta({ id: 'Category', description: 'A category of animals.' })

/**
 * A valid `Category`: the type of the schema of the same name.
 *
 * @example
 * const category: Category = Category.parse({ id: 1, name: 'Dogs' })
 */
export type Category = z.infer<typeof Category>
