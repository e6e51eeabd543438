import { describe } from 'vitest'
import { faultCases } from './test-utils/fault-cases.ts'

// Faults modelled on real stacks (test-utils/reference/stack-faults.ts): each
// copies a documented habit of a parser, validator, ORM, proxy or library.
describe('query parsers of real stacks', () => {
  faultCases([
    { fault: 'limit-read-by-parse-int', fails: ['shape.query'] },
    { fault: 'limit-read-by-number', fails: ['shape.query'] },
    { fault: 'limit-array-from-brackets', fails: ['shape.query'] },
    { fault: 'limit-php-int-cast', fails: ['shape.query'] },
    { fault: 'status-empty-means-no-filter', fails: ['shape.query'] },
    { fault: 'status-matched-case-insensitively', fails: ['shape.query'] },
    { fault: 'status-trailing-space-ignored', fails: ['shape.query'] },
  ])
})

describe('path id readers of real stacks', () => {
  faultCases([
    { fault: 'path-id-read-by-parse-int', fails: ['shape.path-id'], mayFail: ['input.malformed'] },
    { fault: 'path-id-read-by-number', fails: ['shape.path-id'], mayFail: ['input.malformed'] },
    { fault: 'path-id-php-int-cast', fails: ['shape.path-id'], mayFail: ['input.malformed'] },
  ])
})

describe('body readers and validators of real stacks: refused, and nothing created', () => {
  faultCases([
    { fault: 'bulk-create-from-array', fails: ['shape.body'] },
    {
      fault: 'category-id-coerced-from-string',
      fails: ['shape.body'],
      mayFail: ['create.reject-invalid-category-id', 'input.malformed'],
    },
    {
      fault: 'category-id-coerced-from-boolean',
      fails: ['shape.body'],
      mayFail: ['input.malformed'],
    },
    {
      fault: 'status-enum-case-insensitive',
      fails: ['shape.body'],
      mayFail: ['input.malformed'],
    },
    { fault: 'nested-pet-unwrapped', fails: ['shape.body'] },
    {
      fault: 'name-array-joined',
      fails: ['shape.body'],
      mayFail: ['input.malformed'],
    },
    { fault: 'refused-create-still-inserted', fails: ['state.refused-creates-nothing'] },
    { fault: 'put-creates-like-post', fails: ['state.refused-creates-nothing'] },
  ])
})

describe('middleware, proxies and caches in front of real stacks', () => {
  faultCases([
    { fault: 'bearer-scheme-case-sensitive', fails: ['shape.headers'] },
    { fault: 'key-from-query', fails: ['shape.headers'] },
    { fault: 'key-from-cookie', fails: ['shape.headers'] },
    { fault: 'key-from-x-api-key', fails: ['shape.headers'] },
    { fault: 'accept-any-refused-406', fails: ['shape.headers'] },
    { fault: 'content-type-exact-case', fails: ['shape.headers'] },
    { fault: 'method-override-honoured', fails: ['shape.headers'] },
    { fault: 'original-url-honoured', fails: ['shape.headers'] },
    {
      fault: 'cache-ignores-authorization',
      fails: ['auth.no-header', 'shape.headers'],
      mayFail: ['auth.unknown-key', 'auth.non-bearer', 'auth.empty-token', 'auth.checked-first'],
    },
    {
      fault: 'int64-ids-as-strings',
      fails: ['list.schema'],
      mayFail: [
        'shape.query',
        'shape.headers',
        'shape.body',
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
  ])
})

describe('rate-limit counters and clocks of real stacks', () => {
  faultCases([
    {
      fault: 'rate-limit-per-authorization-string',
      fails: ['ratelimit.per-key'],
      mayFail: ['ratelimit.remaining-decreases'],
    },
    {
      fault: 'rate-limit-per-forwarded-for',
      fails: ['ratelimit.per-key'],
      mayFail: ['ratelimit.remaining-decreases'],
    },
    { fault: 'reset-off-by-host-offset', fails: ['ratelimit.values'] },
    { fault: 'reset-as-ms-since-epoch', fails: ['ratelimit.values'] },
  ])
})
