import { bearerKey } from './bearer-auth.ts'
import { HttpError } from './http-error.ts'
import { parseListQuery } from './parse-list-query.ts'
import { parseNewPet } from './parse-new-pet.ts'
import { parsePetId } from './parse-pet-id.ts'
import type { ReferenceParts } from './parts.ts'
import { IdSequence, type PetInput, PetStore } from './pet-store.ts'
import { FixedWindowLimiter, type RateDecision } from './rate-limiter.ts'
import { REFERENCE_TOKENS, type ReferenceOptions } from './reference-options.ts'

// Stryker disable all: only the `random` list order reads this, and any order of the pets is one §4.1 allows (it shows none)
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}
// Stryker restore all

function limitName(input: PetInput, maxLength: number | undefined): PetInput {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: no name limit, or the switch's: §8 "Maximum length of `name` ...: not shown"
  if (maxLength === undefined) return input
  // Stryker disable next-line BlockStatement: no name limit: §8 "Maximum length of `name` ...: not shown"
  if (input.name.length > maxLength) {
    // Stryker disable next-line CallExpression: no name limit (§8 shows none)
    throw new HttpError(
      400,
      // Stryker disable next-line StringLiteral: §7 shows no values of `code`
      'invalid_request',
      'name is too long.',
    )
  }
  return input
}

/**
 * Builds the parts of a correct reference server from its options.
 *
 * @example
 * const parts = createParts({ order: 'descending' }, Date.now)
 */
export function createParts(options: ReferenceOptions, now: () => number): ReferenceParts {
  const tokens = new Set(options.tokens ?? REFERENCE_TOKENS)
  const categoryIds =
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: §2 "Category ... not shown beyond the fact that `categoryId` refers to it": an unknown categoryId may be refused or accepted
    options.unknownCategory === 'accept' ? undefined : new Set(options.categoryIds ?? [1n, 2n, 3n])
  const rate = options.rateLimit ?? { limit: 100_000, windowS: 60 }
  const limiter = new FixedWindowLimiter(rate.limit, rate.windowS, now)
  // Per bucket: requests past the limit in a row, and the end of a ban (Unix s).
  const bans = new Map<string, { over: number; until: number }>()
  /** The decision as a ban changes it (`options.ban`; none by default). */
  const banned = (bucket: string, decision: RateDecision): RateDecision => {
    if (options.ban === undefined) return decision
    const nowS = now() / 1000
    const ban = bans.get(bucket) ?? { over: 0, until: 0 }
    // Stryker disable next-line CallExpression: a ban never kept is no ban, which §8 item 3 allows ("may")
    bans.set(bucket, ban)
    if (ban.until <= nowS) {
      // Stryker disable next-line ArithmeticOperator: a count that never reaches the threshold is no ban, which §8 item 3 allows ("may")
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
  }
  const parts: ReferenceParts = {
    ids: new IdSequence(options.firstId ?? 1n, options.idStep ?? 1n),
    store: new PetStore({ next: () => parts.ids.next() }, options.order, seeded(7)),
    parseNewPet: (text) =>
      // Stryker disable next-line ObjectLiteral: without rules every int64 category is accepted, which §2 allows (categories are not shown)
      limitName(parseNewPet(text, { categoryIds }), options.maxNameLength),
    parseListQuery: (query) =>
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BooleanLiteral: an out-of-range limit refused or clamped, another notation read as it or refused, all allowed (§4.1 documents no 400 for listPets)
      parseListQuery(query, options.invalidLimit === 'clamp', options.lenientShapes === true),
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BooleanLiteral: another notation of an id read as it or refused, both allowed (§4.3 int64; the `lenientShapes` variant)
    parsePetId: (text) => parsePetId(text, options.lenientShapes === true),
    keyOf(request) {
      const key = bearerKey(request.headers.authorization)
      // Stryker disable next-line StringLiteral: no key and any text that is not a key fail alike (§5.3 "missing or invalid")
      return tokens.has(key ?? '') ? key : undefined
    },
    bucketOf(request) {
      const key = parts.keyOf(request)
      return key === undefined
        ? // Stryker disable next-line StringLiteral: how callers without a key are grouped is open (§8 limits by plan, and a caller without a key has none)
          `address:${request.address}`
        : `key:${key}`
    },
    count(request) {
      const bucket = parts.bucketOf(request)
      return banned(bucket, limiter.take(bucket))
    },
    present(pet) {
      const { status, ...shown } = pet
      return {
        ...shown,
        // Stryker disable next-line all: §2 "Field `status` is optional": shown always, never, or as set
        ...(options.omitStatus ? {} : { status }),
        // Stryker disable next-line all: §2 lists a Pet's fields but forbids no others: extra fields or none
        ...(options.extraFields
          ? // Stryker disable next-line all: §2 forbids no extra fields, whatever their values
            { tags: [], createdAt: '2026-01-01T00:00:00Z', owner: null }
          : {}),
      }
    },
    beforeAuth: [],
    finish: (reply) => reply,
  }
  return parts
}
