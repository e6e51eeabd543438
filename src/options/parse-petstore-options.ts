import { z } from 'zod'
import { ConfigError } from '../errors/config-error.ts'
import { DEFAULTS, LIMITS } from './defaults.ts'
import { whole } from './whole-option.ts'

/**
 * The options of `createPetstore` that have a default or a rule of their own,
 * validated once, with the defaults of `DEFAULTS`. The rest (keys, rate
 * limits, clock, fixtures) is checked by the part that owns it.
 *
 * @example
 * PetstoreOptionsSchema.parse({ seed: 42 }).pets // 100
 */
export const PetstoreOptionsSchema = z
  .object({
    baseUrl: z
      .string({ error: 'must be an absolute URL such as https://api.example.com, or "*"' })
      .refine((value) => value === '*' || URL.canParse(value), {
        message: 'is not an absolute URL',
      })
      .optional(),
    seed: whole(0, Number.MAX_SAFE_INTEGER).default(DEFAULTS.seed),
    pets: whole(0, LIMITS.maxRecords).default(DEFAULTS.pets),
    orders: whole(0, LIMITS.maxRecords).default(DEFAULTS.orders),
    categories: whole(0, LIMITS.maxRecords).default(DEFAULTS.categories),
    maxPets: whole(0).optional(),
    cors: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.cors),
    admin: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.admin),
  })
  .refine((options) => options.categories > 0 || options.pets === 0, {
    message: 'pets need at least one category',
  })

export type ResolvedPetstoreOptions = z.output<typeof PetstoreOptionsSchema>

/**
 * Validates the options of `createPetstore` once and fills in the defaults;
 * a bad one throws a `ConfigError` (`ERR_PETSTORE_INVALID_OPTION`) naming it.
 *
 * @example
 * parsePetstoreOptions({ pets: -1 })
 * // throws '[petstore-mock] Failed to create the petstore: `pets` must be a whole number from 0 to 100000, got -1.'
 */
export function parsePetstoreOptions(options: Record<string, unknown>): ResolvedPetstoreOptions {
  const result = PetstoreOptionsSchema.safeParse(options)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const name = issue?.path.map(String).join('.') ?? ''
  const value = name === '' ? undefined : options[name]
  const reason =
    name === ''
      ? (issue?.message ?? 'the options are invalid')
      : name === 'baseUrl' && typeof value === 'string'
        ? `baseUrl "${value}" ${issue?.message}`
        : `\`${name}\` ${issue?.message}, got ${String(value)}`
  throw new ConfigError('ERR_PETSTORE_INVALID_OPTION', 'create the petstore', reason)
}
