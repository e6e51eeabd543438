import { expect } from 'vitest'
import { type FaultGroup, SMALL_WINDOW_RUN } from '../fault-cases.ts'
import { failedRequired } from '../run-reference.ts'

// Faults modelled on real stacks (test-utils/reference/stack-cases.ts): each
// copies a documented habit of a parser, validator, ORM, proxy or library.
// The checks each must fail are those whose definition names it.

/**
 * The fault cases of `FAULT_TABLE.stack`, run by `conformance/faults/faults-stack.test.ts`.
 *
 * @example
 * faultGroups(stackCases)
 */
export const stackCases: Array<FaultGroup> = [
  {
    title: 'query parsers of real stacks',
    cases: [
      { fault: 'limit-read-by-parse-int' },
      { fault: 'limit-read-by-number' },
      { fault: 'limit-array-from-brackets' },
      { fault: 'limit-php-int-cast' },
      { fault: 'status-empty-means-no-filter' },
      { fault: 'status-matched-case-insensitively' },
      { fault: 'status-trailing-space-ignored' },
    ],
  },
  {
    title: 'path id readers of real stacks',
    cases: [
      { fault: 'path-id-read-by-parse-int', mayFail: ['input.malformed'] },
      { fault: 'path-id-read-by-number', mayFail: ['input.malformed'] },
      { fault: 'path-id-php-int-cast', mayFail: ['input.malformed'] },
    ],
  },
  {
    title: 'body readers and validators of real stacks: refused, and nothing created',
    cases: [
      { fault: 'bulk-create-from-array' },
      {
        fault: 'category-id-coerced-from-string',
        mayFail: ['create.reject-invalid-category-id', 'input.malformed'],
      },
      { fault: 'category-id-coerced-from-boolean', mayFail: ['input.malformed'] },
      { fault: 'status-enum-case-insensitive', mayFail: ['input.malformed'] },
      { fault: 'nested-pet-unwrapped' },
      { fault: 'name-array-joined', mayFail: ['input.malformed'] },
      { fault: 'refused-create-still-inserted' },
      { fault: 'put-creates-like-post' },
    ],
  },
  {
    title: 'routers and response writers of real stacks',
    cases: [{ fault: 'allow-missing-on-405' }, { fault: 'date-in-rfc-2822' }],
  },
  {
    title: 'middleware, proxies and caches in front of real stacks',
    cases: [
      {
        // One cause, one failure: the refused spelling is shape.headers' alone;
        // ratelimit.per-key does not count a refused request as the key's.
        fault: 'bearer-scheme-case-sensitive',
        inspect: (result) => expect(failedRequired(result)).toEqual(['shape.headers']),
      },
      {
        fault: 'bearer-scheme-case-sensitive',
        run: { only: ['shape.headers', 'ratelimit.per-key'] },
        inspect: (result) => expect(failedRequired(result)).toEqual(['shape.headers']),
      },
      { fault: 'json-parsed-leniently' },
      {
        // Only a request with `authorization` in another case is refused: shape.headers' alone.
        fault: 'authorization-name-case-sensitive',
        inspect: (result) => expect(failedRequired(result)).toEqual(['shape.headers']),
      },
      { fault: 'key-from-query' },
      { fault: 'key-from-cookie' },
      { fault: 'key-from-x-api-key' },
      { fault: 'content-type-exact-case' },
      { fault: 'method-override-honoured' },
      { fault: 'original-url-honoured' },
      {
        fault: 'cache-ignores-authorization',
        // The keyed orders answer, cached, is served without the key too.
        mayFail: [
          'auth.unknown-key',
          'auth.non-bearer',
          'auth.empty-token',
          'auth.checked-first',
          'orders.auth',
        ],
      },
      {
        fault: 'int64-ids-as-strings',
        mayFail: [
          'create.valid',
          'create.generated-valid',
          'create.generated-exact',
          'create.concurrent',
          'create.then-get',
          'create.echo-exact',
          'get.valid',
          'list.complete',
        ],
      },
    ],
  },
  {
    title: 'rate-limit counters and clocks of real stacks',
    cases: [
      { fault: 'rate-limit-per-authorization-string', mayFail: ['ratelimit.remaining-decreases'] },
      { fault: 'rate-limit-per-forwarded-for', mayFail: ['ratelimit.remaining-decreases'] },
      { fault: 'reset-off-by-host-offset' },
      { fault: 'reset-as-ms-since-epoch' },
    ],
  },
  {
    title: 'rate-limit claims checked against what waiting shows (the rate-limit group)',
    cases: [
      { fault: 'reset-one-window-late', ...SMALL_WINDOW_RUN },
      // The Retry-After of a 429 then ends past that stale Reset too.
      {
        fault: 'reset-stuck-at-first-window',
        ...SMALL_WINDOW_RUN,
        mayFail: ['ratelimit.retry-after-reset'],
      },
      { fault: 'retry-after-in-ms', ...SMALL_WINDOW_RUN },
      {
        fault: 'ban-keeps-window-reset',
        options: { rateLimit: { limit: 150, windowS: 2 }, ban: { after: 1, seconds: 30 } },
        run: SMALL_WINDOW_RUN.run,
      },
    ],
  },
  {
    title: 'one counter per key (a second key given)',
    cases: [
      {
        fault: 'limiter-keyed-by-plan',
        // The create after the other key's request fell by two: counted once more than sent with the key.
        mayFail: ['ratelimit.counts-once'],
      },
    ],
  },
]
