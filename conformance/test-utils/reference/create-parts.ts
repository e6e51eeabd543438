import { bearerKey } from './bearer-auth.ts'
import { HttpError } from './http-error.ts'
import { parseListQuery } from './parse-list-query.ts'
import { parseNewPet } from './parse-new-pet.ts'
import { parsePetId } from './parse-pet-id.ts'
import type { ReferenceParts } from './parts.ts'
import { IdSequence, type PetInput, PetStore } from './pet-store.ts'
import { FixedWindowLimiter, type RateDecision } from './rate-limiter.ts'
import type { ReferenceOptions } from './reference-options.ts'

// Stryker disable all: the seed of the random list order, an allowed difference (§4.1 shows no order)
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}
// Stryker restore all

// Stryker disable all: a name length limit, an allowed difference (§8 shows none)
function limitName(input: PetInput, maxLength: number | undefined): PetInput {
  if (maxLength !== undefined && input.name.length > maxLength) {
    throw new HttpError(400, 'invalid_request', 'name is too long.')
  }
  return input
}
// Stryker restore all

/**
 * Builds the parts of a correct reference server from its options.
 *
 * @example
 * const parts = createParts({ order: 'descending' }, Date.now)
 */
export function createParts(options: ReferenceOptions, now: () => number): ReferenceParts {
  const tokens = new Set(options.tokens ?? ['sk_ref'])
  const categoryIds =
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: whether an unknown categoryId is refused is not shown (§2)
    options.unknownCategory === 'accept' ? undefined : new Set(options.categoryIds ?? [1n, 2n, 3n])
  const rate = options.rateLimit ?? { limit: 100_000, windowS: 60 }
  const limiter = new FixedWindowLimiter(rate.limit, rate.windowS, now)
  // Per bucket: requests past the limit in a row, and the end of a ban (Unix s).
  const bans = new Map<string, { over: number; until: number }>()
  /** The decision as a ban changes it (`options.ban`; none by default). */
  const banned = (bucket: string, decision: RateDecision): RateDecision => {
    // Stryker disable next-line ConditionalExpression: never banning is allowed (§8 says "may")
    if (options.ban === undefined) return decision
    // Stryker disable all: whether and how long a key is banned after a 429 is the server's choice (§8 item 3, the `ban` variant)
    const nowS = now() / 1000
    const ban = bans.get(bucket) ?? { over: 0, until: 0 }
    bans.set(bucket, ban)
    if (ban.until <= nowS) {
      ban.over = decision.over ? ban.over + 1 : 0
      if (ban.over <= options.ban.after) return decision
      ban.until = Math.ceil(nowS + options.ban.seconds)
      ban.over = 0
    }
    const retryAfterS = Math.ceil(ban.until - nowS)
    return {
      ...decision,
      over: true,
      remaining: 0,
      reset: Math.max(decision.reset, ban.until),
      retryAfterS,
    }
    // Stryker restore all
  }
  const parts: ReferenceParts = {
    ids: new IdSequence(options.firstId ?? 1n, options.idStep ?? 1n),
    store: new PetStore({ next: () => parts.ids.next() }, options.order, seeded(7)),
    parseNewPet: (text) =>
      // Stryker disable next-line ObjectLiteral: without rules every int64 category is accepted, which §2 allows
      limitName(parseNewPet(text, { categoryIds }), options.maxNameLength),
    parseListQuery: (query) =>
      // Stryker disable next-line all: an out-of-range limit refused or clamped, another notation read as it or refused: §4.1 documents no 400 for listPets
      parseListQuery(query, options.invalidLimit === 'clamp', options.lenientShapes === true),
    // Stryker disable next-line all: another notation of an id read as it or refused, both allowed (§4.3 int64; the `lenientShapes` variant)
    parsePetId: (text) => parsePetId(text, options.lenientShapes === true),
    keyOf(request) {
      const key = bearerKey(request.headers.authorization)
      // Stryker disable next-line StringLiteral: no key and any text that is not a key fail alike
      return tokens.has(key ?? '') ? key : undefined
    },
    count(request) {
      const key = parts.keyOf(request)
      // Stryker disable next-line all: §8 does not say whether requests without a valid key count against a key's window
      const bucket = key === undefined ? `address:${request.address}` : `key:${key}`
      return banned(bucket, limiter.take(bucket))
    },
    present(pet) {
      const { status, ...shown } = pet
      return {
        ...shown,
        // Stryker disable next-line all: `status` is optional in a Pet (§2)
        ...(options.omitStatus ? {} : { status }),
        // Stryker disable next-line all: §2 lists a Pet's fields but forbids no others
        ...(options.extraFields
          ? // Stryker disable next-line all: §2 forbids no extra fields
            { tags: [], createdAt: '2026-01-01T00:00:00Z', owner: null }
          : {}),
      }
    },
    beforeAuth: [],
    finish: (reply) => reply,
  }
  return parts
}
