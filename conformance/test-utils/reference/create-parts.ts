import { bearerKey } from './bearer-auth.ts'
import { parseListQuery } from './parse-list-query.ts'
import { parseNewPet } from './parse-new-pet.ts'
import { parsePetId } from './parse-pet-id.ts'
import type { ReferenceParts } from './parts.ts'
import { IdSequence, PetStore } from './pet-store.ts'
import { FixedWindowLimiter } from './rate-limiter.ts'
import type { ReferenceOptions } from './reference-options.ts'

function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * Builds the parts of a correct reference server from its options.
 *
 * @example
 * const parts = createParts({ order: 'descending' }, Date.now)
 */
export function createParts(options: ReferenceOptions, now: () => number): ReferenceParts {
  const tokens = new Set(options.tokens ?? ['sk_ref'])
  const categoryIds =
    options.unknownCategory === 'accept' ? undefined : new Set(options.categoryIds ?? [1n, 2n, 3n])
  const rate = options.rateLimit ?? { limit: 100_000, windowS: 60 }
  const limiter = new FixedWindowLimiter(rate.limit, rate.windowS, now)
  const parts: ReferenceParts = {
    ids: new IdSequence(options.firstId ?? 1n, options.idStep ?? 1n),
    store: new PetStore({ next: () => parts.ids.next() }, options.order, seeded(7)),
    parseNewPet: (text, contentType) =>
      parseNewPet(text, contentType, { categoryIds, maxNameLength: options.maxNameLength }),
    parseListQuery: (query) => parseListQuery(query, options.invalidLimit === 'clamp'),
    parsePetId,
    keyOf(request) {
      const key = bearerKey(request.headers.authorization)
      return key !== undefined && tokens.has(key) ? key : undefined
    },
    count(request) {
      const key = parts.keyOf(request)
      return limiter.take(key === undefined ? `address:${request.address}` : `key:${key}`)
    },
    present(pet) {
      const { status, ...shown } = pet
      return {
        ...shown,
        ...(options.omitStatus ? {} : { status }),
        ...(options.extraFields
          ? { tags: [], createdAt: '2026-01-01T00:00:00Z', owner: null }
          : {}),
      }
    },
    beforeAuth: [],
    finish: (reply) => reply,
  }
  return parts
}
