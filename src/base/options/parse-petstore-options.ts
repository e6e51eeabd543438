import { z } from 'zod'
import { ConfigError } from '../../errors/config-error.ts'
import { DEFAULTS, LIMITS } from './defaults.ts'
import { whole } from './whole-option.ts'

/** An option whose value the part that owns it checks; here only its name is known. */
const owned = z.unknown().optional()

/** The whole-number options this schema checks itself, with their bounds. */
const WHOLE_OPTIONS = {
  seed: { min: 0, max: Number.MAX_SAFE_INTEGER },
  pets: { min: 0, max: LIMITS.maxRecords },
  orders: { min: 0, max: LIMITS.maxRecords },
  categories: { min: 0, max: LIMITS.maxRecords },
  maxPets: { min: 0, max: undefined },
} as const
const wholeOf = (name: keyof typeof WHOLE_OPTIONS) =>
  whole(WHOLE_OPTIONS[name].min, WHOLE_OPTIONS[name].max)

/**
 * The options of `createPetstore`, validated once, with the defaults of
 * `DEFAULTS`: a name it does not know (also inside `rateLimit` and
 * `enterprise`) is refused. The values of keys, rate limits, clock,
 * fixtures, persistence, timers and `onError` are checked by the part that
 * owns them.
 *
 * @example
 * PetstoreOptionsSchema.parse({ seed: 42 }).pets // 100
 */
export const PetstoreOptionsSchema = z
  .strictObject({
    baseUrl: z
      .string({ error: 'must be an absolute URL such as https://api.example.com, or "*"' })
      .refine((value) => value === '*' || URL.canParse(value), {
        message: 'is not an absolute URL',
      })
      .optional(),
    seed: wholeOf('seed').default(DEFAULTS.seed),
    pets: wholeOf('pets').default(DEFAULTS.pets),
    orders: wholeOf('orders').default(DEFAULTS.orders),
    categories: wholeOf('categories').default(DEFAULTS.categories),
    maxPets: wholeOf('maxPets').optional(),
    cors: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.cors),
    admin: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.admin),
    coverage: z.boolean({ error: 'must be true or false' }).default(DEFAULTS.coverage),
    fixtures: owned,
    persistence: owned,
    keys: owned,
    enterprise: z.strictObject({ perMinute: owned, perDay: owned }).optional(),
    rateLimit: z
      .strictObject({
        enabled: owned,
        scale: owned,
        banAfter: owned,
        banDurationMs: owned,
        maxClients: owned,
      })
      .optional(),
    clock: owned,
    onError: owned,
    journalSize: owned,
    timers: owned,
    proxy: owned,
    proxyFallback: z.enum(['mock', 'none'], { error: 'must be "mock" or "none"' }).optional(),
  })
  .refine((options) => options.categories > 0 || options.pets === 0, {
    message: 'pets need at least one category',
  })

/**
 * The options of `createPetstore` once checked, every default filled in.
 *
 * @example
 * const resolved: ResolvedPetstoreOptions = parsePetstoreOptions({ seed: 7 }) // resolved.pets === 100
 */
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
  // Parsed once per petstore: compiling zod's fast path for it would cost
  // more than it saves (about 1 ms of each start).
  const result = PetstoreOptionsSchema.safeParse(options, { jitless: true })
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (issue?.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `\`${[...issue.path, key].map(String).join('.')}\``)
    throw new ConfigError(
      'ERR_PETSTORE_INVALID_OPTION',
      'create the petstore',
      `unknown option ${names.join(', ')} (docs/testing.md lists the options)`,
    )
  }
  const name = issue?.path.map(String).join('.') ?? ''
  const value = name === '' ? undefined : options[name]
  const reason =
    name === ''
      ? (issue?.message ?? 'the options are invalid')
      : name === 'baseUrl' && typeof value === 'string'
        ? `baseUrl "${value}" ${issue?.message}`
        : `\`${name}\` ${issue?.message}, got ${String(value)}`
  const bounds = WHOLE_OPTIONS[name as keyof typeof WHOLE_OPTIONS]
  throw new ConfigError(
    'ERR_PETSTORE_INVALID_OPTION',
    'create the petstore',
    reason,
    bounds === undefined ? undefined : { option: name, value, rule: { ...bounds, whole: true } },
  )
}
