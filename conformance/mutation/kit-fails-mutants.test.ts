import { describe, expect, it } from 'vitest'
import {
  type ConformanceOptions,
  ConformanceSetupError,
  runConformance,
} from '../run/run-conformance.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import type { ReferenceOptions } from '../test-utils/reference-server.ts'
import { startReferenceServer } from '../test-utils/reference-server.ts'
import {
  failedRequired,
  REFERENCE_OTHER_TOKEN,
  REFERENCE_TOKEN,
} from '../test-utils/run-reference.ts'

interface Setting {
  options: ReferenceOptions
  run?: Partial<ConformanceOptions>
}

/**
 * The servers the kit is run against, each correct when not mutated: the
 * defaults, the rate-limit group against a small window, unknown category
 * ids accepted and a clamped limit, more pets than a page holds, ids beyond 2^53 and near 2^63,
 * pets without status, the switches of the shapes a spec-following server may read the same or
 * refuse (with a ban after a 429), and the switches the equivalence marks rely on (another base
 * path, no default status, other error codes and media type, a name limit, non-JSON labels
 * refused in a whole run, so that a label in another case must still be read, Retry-After as a
 * date, and the remaining switches together). Every run is given both keys. A mutant survives
 * when every run passes.
 */
const settings: Record<string, Setting> = {
  'the defaults': { options: {} },
  'the rate-limit group, 100 requests per 2 s': {
    options: { rateLimit: { limit: 100, windowS: 2 } },
    run: { include: ['rate-limit'] },
  },
  'unknown category ids accepted, an out-of-range limit clamped': {
    options: { unknownCategory: 'accept', invalidLimit: 'clamp' },
  },
  '150 pets at start (a page of 100 can be full)': { options: { seedPets: 150 } },
  'ids near 2^63 - 1, category ids at both ends of int64': {
    options: {
      firstId: 2n ** 63n - 100_000n,
      idStep: 7n,
      categoryIds: [2n ** 63n - 1n, -(2n ** 63n)],
    },
  },
  'no status anywhere (none sent back, none by default, none seeded)': {
    options: { omitStatus: true, defaultStatus: null, seededWithoutStatus: true },
  },
  'other notations read the same, non-JSON labels refused 415, a ban after the 429 (rate-limit group), ids beyond 2^53':
    {
      options: {
        rateLimit: { limit: 100, windowS: 2 },
        ban: { after: 1, seconds: 30 },
        lenientShapes: true,
        jsonOnly: true,
        firstId: 9007199254740993n,
      },
      run: { include: ['rate-limit'] },
    },
  'the API under /api/v1, no default status, SHOUTING errors as problem+json, names up to 64, non-JSON labels refused 415':
    {
      options: {
        jsonOnly: true,
        basePath: '/api/v1',
        defaultStatus: null,
        seededWithoutStatus: true,
        codes: 'SHOUTING',
        problemJson: true,
        maxNameLength: 64,
      },
    },
  'the other allowed switches: random order, extra fields, orders 403, no deprecation headers, a Bearer challenge with error parameters, 404 for other methods':
    {
      options: {
        order: 'random',
        extraFields: true,
        ordersStatus: 403,
        deprecationHeaders: false,
        challenge: 'error',
        otherMethods: 404,
      },
    },
  'the rate-limit group, Retry-After as an HTTP-date': {
    options: { retryAfter: 'date', rateLimit: { limit: 100, windowS: 2 } },
    run: { include: ['rate-limit'] },
  },
  'ids and category ids beyond 2^53': {
    options: {
      firstId: 9007199254740993n,
      idStep: 4_194_304n,
      categoryIds: [9007199254740995n, 9007199254740997n],
    },
  },
}

/**
 * The kit's verdict on a server: `pass`, or what it reported (failed
 * required checks, the exit code, or the stop it reported: a refused key,
 * no answer). A crash of the kit itself is no verdict and counts as a pass:
 * the mutant survives unless the kit reports it.
 */
async function verdict(setting: Setting): Promise<string> {
  const clock = fakeClock()
  let server: Awaited<ReturnType<typeof startReferenceServer>>
  try {
    server = await startReferenceServer({ clock: clock.now, ...setting.options })
  } catch (error) {
    // Nothing listens: the kit reports the base URL unreachable (exit 2).
    return `the server does not start: ${(error as Error).message}`
  }
  try {
    const result = await runConformance({
      baseUrl: server.baseUrl,
      token: REFERENCE_TOKEN,
      otherToken: REFERENCE_OTHER_TOKEN,
      seed: 1,
      now: clock.now,
      sleep: clock.sleep,
      // A server that stops answering must be reported by the kit (2 s a request).
      timeoutMs: 2_000,
      ...setting.run,
    })
    const failed = failedRequired(result)
    return failed.length || result.exitCode !== 0
      ? `exit ${result.exitCode}: ${failed.join(', ')}`
      : 'pass'
  } catch (error) {
    return error instanceof ConformanceSetupError ? `exit 2: ${error.message}` : 'pass'
  } finally {
    await server.close()
  }
}

describe('the kit passes the reference server (a mutant is killed when it does not)', () => {
  for (const [name, setting] of Object.entries(settings)) {
    it(name, async () => {
      expect(await verdict(setting)).toBe('pass')
    })
  }
})
