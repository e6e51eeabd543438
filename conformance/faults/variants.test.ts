import { describe, expect, it } from 'vitest'
import { INT64 } from '../../src/spec/index.ts'
import type { ReferenceOptions } from '../test-utils/reference-server.ts'
import { failedRequired, runAgainstReference, warned } from '../test-utils/run-reference.ts'

interface Variant {
  /** What the server does differently, as the spec allows. */
  options: ReferenceOptions
  /** Advisory checks that may warn (the spec leaves the point open). */
  warns?: Array<string>
  include?: Array<string>
}

/**
 * Each entry is one thing a correct server may do differently from the
 * project's mock; the kit must fail none of them.
 */
const variants: Record<string, Variant> = {
  'the spec as the mock reads it': { options: {} },
  'ids and category ids beyond 2^53 (snowflake-like)': {
    options: {
      firstId: 9007199254740993n,
      idStep: 4_194_304n,
      categoryIds: [9007199254740995n, 9007199254740997n],
    },
  },
  'ids near 2^63 - 1, category ids at both ends of int64': {
    options: { firstId: INT64.max - 100_000n, idStep: 7n, categoryIds: [INT64.max, INT64.min] },
  },
  'Retry-After as an HTTP-date, a 100-request window of 2 s (rate-limit group included)': {
    options: { retryAfter: 'date', rateLimit: { limit: 100, windowS: 2 } },
    include: ['rate-limit'],
  },
  'a key banned for 30 s after a second request past the 429 (§8), the rate-limit group included': {
    options: { rateLimit: { limit: 100, windowS: 2 }, ban: { after: 1, seconds: 30 } },
    include: ['rate-limit'],
  },
  'Retry-After in seconds, the rate-limit group included': {
    options: { rateLimit: { limit: 150, windowS: 2 } },
    include: ['rate-limit'],
  },
  'gzip bodies': { options: { compression: 'gzip' } },
  'brotli bodies': { options: { compression: 'br' } },
  'deflate bodies': { options: { compression: 'deflate' } },
  'the API under /api/v1': { options: { basePath: '/api/v1' } },
  'default status pending': { options: { defaultStatus: 'pending' } },
  'no default status, seeded pets without status': {
    options: { defaultStatus: null, seededWithoutStatus: true },
  },
  'status left out of every Pet shown (list, get, 201; optional in §2)': {
    options: { omitStatus: true },
  },
  'status left out, no default status, seeded pets without status': {
    options: { omitStatus: true, defaultStatus: null, seededWithoutStatus: true },
  },
  'lists in descending id order': { options: { order: 'descending' } },
  'lists in random order': { options: { order: 'random' } },
  'other error codes, errors as application/problem+json': {
    options: { codes: 'SHOUTING', problemJson: true },
  },
  'unknown category ids accepted': { options: { unknownCategory: 'accept' } },
  'names limited to 64 characters': { options: { maxNameLength: 64 } },
  'extra fields on pets': { options: { extraFields: true } },
  'keyed orders answered 403': { options: { ordersStatus: 403 } },
  'an out-of-range limit clamped instead of refused': { options: { invalidLimit: 'clamp' } },
  'other notations read the same: limit and path ids as their integer, a limit that is no number ignored, an unknown status matching no pet, a path id that is no integer 404':
    { options: { lenientShapes: true }, warns: ['list.invalid-status'] },
  'the same, with an out-of-range limit clamped': {
    options: { lenientShapes: true, invalidLimit: 'clamp' },
    warns: ['list.invalid-status'],
  },
  'a create labelled other than application/json refused 415': { options: { jsonOnly: true } },
  'the Free plan: 60 requests a minute (the kit paces itself)': {
    options: { rateLimit: { limit: 60, windowS: 60 } },
  },
  'a higher limit per minute': { options: { rateLimit: { limit: 1_000_000, windowS: 86_400 } } },
  'no pets at start (categories 1..3 exist)': { options: { seedPets: 0 } },
  'no Deprecation/Sunset, 404 for other methods (advisory only)': {
    options: { deprecationHeaders: false, otherMethods: 404 },
    warns: ['get.deprecation-headers', 'method.not-allowed'],
  },
  'a Bearer challenge with error parameters (RFC 6750 §3.1), quoted commas': {
    options: { challenge: 'error' },
  },
  'a challenge with the scheme in lower case, a realm and a scope of two values (RFC 9110 §11.1, RFC 6750 §3)':
    { options: { challenge: 'params' } },
  'a slash form of an operation redirected to it before the key check (307, absolute Location)': {
    options: { slashRedirect: true },
  },
  'every other spelling of a path answered 404 before the key check (a router on the raw path)': {
    options: { pathSpellings: 'strict' },
  },
  "every other spelling of an operation's path redirected to it before the key check (301, 308 for a POST)":
    { options: { pathSpellings: 'redirect' } },
  "every other spelling of an operation's path served as it, behind the key (slashes merged, case ignored)":
    { options: { pathSpellings: 'lenient' } },
  'names stored and shown in Unicode NFC (canonically the same name)': {
    options: { nfcNames: true },
  },
  "the 201's Location as an absolute URL (RFC 9110 §10.2.2)": {
    options: { absoluteLocation: true },
  },
  'all four at once': {
    options: { challenge: 'params', slashRedirect: true, nfcNames: true, absoluteLocation: true },
  },
}

describe('the kit never fails what the spec allows (independent reference server)', () => {
  for (const [name, variant] of Object.entries(variants)) {
    it(name, async () => {
      const result = await runAgainstReference(variant.options, {
        include: variant.include ?? [],
      })
      const diagnosis = JSON.stringify(
        result.results
          .filter((entry) => entry.outcome === 'failed')
          .map((entry) => [entry.id, entry.failures[0]?.actual, entry.failures[0]?.request?.url]),
      )
      expect(failedRequired(result), diagnosis).toEqual([])
      expect(warned(result), diagnosis).toEqual(variant.warns ?? [])
      expect(result.exitCode).toBe(0)
      expect(result.stats.unrequested429).toBe(0)
      expect(result.stats.requests).toBe(result.served)
      if (variant.include?.includes('rate-limit')) {
        const exhaust = result.results.find((entry) => entry.id === 'ratelimit.exhaust')
        expect(exhaust?.outcome).toBe('passed')
      }
    }, 30_000)
  }
})

describe('a rate-limit window that resets in the middle of a measurement', () => {
  it('is measured again or skipped, never a failure', async () => {
    // 4 requests a window: the kit's pacing waits for a reset inside most measurements.
    const result = await runAgainstReference(
      { rateLimit: { limit: 4, windowS: 60 } },
      { only: ['ratelimit.counts'] },
    )
    const outcomes = result.results.map((entry) =>
      `${entry.id} ${entry.operation} ${entry.outcome} ${entry.skipReason ?? ''}`.trim(),
    )
    expect(outcomes).toEqual([
      'ratelimit.counts-once listPets passed',
      'ratelimit.counts-once createPet passed',
      'ratelimit.counts-once getPet passed',
      'ratelimit.counts-once listOrders passed',
      'ratelimit.counts-overlapping listPets skipped the rate-limit window reset during the measurement, 2 times',
    ])
    expect(result.exitCode).toBe(0)
  })
})

describe('on a server with no pets, the kit says what it could not test', () => {
  it('finds a category by a create where one is accepted', async () => {
    const result = await runAgainstReference({ seedPets: 0, categoryIds: [2n] })
    expect(failedRequired(result)).toEqual([])
    expect(result.results.find((entry) => entry.id === 'create.valid')?.outcome).toBe('passed')
  })

  it('names --category-id when no category can be found, and tests everything with it', async () => {
    const bare = await runAgainstReference({ seedPets: 0, categoryIds: [77n] })
    const skipped = bare.results.filter(
      (entry) => entry.outcome === 'skipped' && entry.level === 'required',
    )
    expect(skipped.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(['create.valid', 'create.then-get', 'stateful.model', 'get.valid']),
    )
    const reason = skipped.find((entry) => entry.id === 'create.valid')?.skipReason
    expect(reason).toMatch(/GET \/pets returned no pets/)
    expect(reason).toMatch(/categoryId 1, 2, 3 were refused \(pass one with --category-id N\)/)
    const given = await runAgainstReference(
      { seedPets: 0, categoryIds: [77n] },
      { categoryId: 77n },
    )
    expect(failedRequired(given)).toEqual([])
    for (const id of ['create.valid', 'create.then-get', 'stateful.model', 'get.valid']) {
      expect(given.results.find((entry) => entry.id === id)?.outcome).toBe('passed')
    }
  })
})
