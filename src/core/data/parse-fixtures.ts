import type { z } from 'zod'
import { LIMITS } from '../../base/options/defaults.ts'
import { describeIssue } from '../../base/validation/describe-issue.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { Category } from '../../spec/category.ts'
import { DEFAULT_PET_STATUS } from '../../spec/default-pet-status.ts'
import { NewPet } from '../../spec/new-pet.ts'
import { Order } from '../../spec/order.ts'
import { Pet } from '../../spec/pet.ts'
import { type Dataset, seedData } from './seed-data.ts'

/**
 * A stored pet: its name follows the same rule as a created one.
 *
 * @example
 * FixturePet.safeParse({ id: 1, name: '', categoryId: 1 }).success // false
 */
export const FixturePet = Pet.extend({ name: NewPet.shape.name })

/**
 * Validates a user's own data (the parsed JSON of a `--fixtures` file) against
 * the schema. Throws a `ConfigError` naming the first bad record; `action`
 * names what failed (`load fixtures`, `load the data file`).
 * Missing `categories` default to the six seeded ones; missing `pets` and
 * `orders` are empty.
 *
 * @example
 * const dataset = parseFixtures({ pets: [{ id: 1, name: 'Rex', categoryId: 1 }] })
 */
export function parseFixtures(
  input: unknown,
  {
    action = 'load fixtures',
    maxRecords = LIMITS.maxRecords,
    morePets,
  }: {
    action?: string
    maxRecords?: number
    /** Pets stored after `input` (a data file's journal), named by `label` in errors. */
    morePets?: { records: Array<unknown>; label: (index: number) => string }
  } = {},
): Dataset {
  const fail = (reason: string): never => {
    throw new ConfigError('ERR_PETSTORE_INVALID_FIXTURES', action, reason)
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    fail('the file must hold a JSON object with "categories", "pets" and "orders" arrays')
  }
  const raw = input as Record<string, unknown>
  for (const key of Object.keys(raw)) {
    if (!['categories', 'pets', 'orders'].includes(key)) {
      fail(`unknown key "${key}" (expected "categories", "pets" and "orders")`)
    }
  }
  const categories =
    raw.categories === undefined
      ? seedData({ pets: 0, orders: 0 }).categories
      : parseList({ fail, maxRecords }, 'categories', raw.categories, Category)
  const categoryIds = new Set(categories.map((category) => category.id))
  const ownPets = raw.pets ?? []
  const allPets = morePets && Array.isArray(ownPets) ? [...ownPets, ...morePets.records] : ownPets
  const label = (index: number) =>
    morePets && Array.isArray(ownPets) && index >= ownPets.length
      ? morePets.label(index - ownPets.length)
      : `pets[${index}]`
  const pets = parseList(
    { fail, maxRecords },
    'pets',
    allPets,
    FixturePet,
    (pet, at) => {
      if (!categoryIds.has(pet.categoryId)) {
        fail(`${at}.categoryId ${pet.categoryId} names no category`)
      }
    },
    label,
  )
  const petIds = new Set(pets.map((pet) => pet.id))
  const orders = parseList({ fail, maxRecords }, 'orders', raw.orders ?? [], Order, (order, at) => {
    if (!petIds.has(order.petId)) fail(`${at}.petId ${order.petId} names no pet`)
  })
  return {
    categories: categories.sort(byId),
    pets: pets.sort(byId).map((pet) => ({ ...pet, status: pet.status ?? DEFAULT_PET_STATUS })),
    orders: orders.sort(byId),
  }
}

function parseList<Schema extends z.ZodType<{ id: number }>>(
  context: { fail: (reason: string) => never; maxRecords: number },
  name: string,
  value: unknown,
  schema: Schema,
  check?: (record: z.infer<Schema>, at: string) => void,
  label = (index: number) => `${name}[${index}]`,
): Array<z.infer<Schema>> {
  const fail: (reason: string) => never = context.fail
  const { maxRecords } = context
  if (!Array.isArray(value)) fail(`"${name}" must be an array`)
  if (value.length > maxRecords) {
    fail(`"${name}" has ${value.length} records, more than ${maxRecords}`)
  }
  const seen = new Set<number>()
  const records: Array<z.infer<Schema>> = []
  value.forEach((item, index) => {
    const at = label(index)
    const result = schema.safeParse(item)
    if (!result.success) {
      const issue = result.error.issues[0]
      const path = issue?.path.length ? `.${issue.path.join('.')}` : ''
      fail(`${at}${path} ${describeIssue(issue, item, schema)}`)
    }
    const record = result.data
    if (seen.has(record.id)) fail(`${at}.id ${record.id} is a duplicate`)
    seen.add(record.id)
    check?.(record, at)
    records.push(record)
  })
  return records
}

function byId(a: { id: number }, b: { id: number }): number {
  return a.id - b.id
}
