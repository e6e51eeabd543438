import type { PetStore } from './pet-store.ts'
import type { ReferenceOptions } from './reference-options.ts'
import { STATUSES } from './statuses.ts'

/**
 * The pets a reference server starts with (`seedPets`, 30 by default): the
 * data it serves, not its behaviour, so mutation testing leaves it alone.
 *
 * @example
 * await seedPets(store, { seedPets: 3 })
 */
export async function seedPets(
  store: Pick<PetStore, 'insert'>,
  options: ReferenceOptions,
): Promise<void> {
  const categoryIds = options.categoryIds ?? [1n, 2n, 3n]
  for (let i = 0; i < (options.seedPets ?? 30); i++) {
    await store.insert({
      name: `Pet ${i + 1}`,
      categoryId: categoryIds[i % categoryIds.length] as bigint,
      ...(options.seededWithoutStatus ? {} : { status: STATUSES[i % 3] }),
    })
  }
}
