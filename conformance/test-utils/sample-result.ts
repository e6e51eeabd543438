import { buildResult, type ResultInput } from '../model/result-collector.ts'
import type { CheckResult, ConformanceResult } from '../model/types.ts'

const base = (fields: Partial<CheckResult> & Pick<CheckResult, 'id' | 'operation'>) =>
  ({
    title: fields.id,
    section: '§4.1',
    level: 'required',
    group: 'default',
    deprecated: fields.operation === 'getPet',
    outcome: 'passed',
    durationMs: 12,
    passes: 1,
    failures: [],
    omittedFailures: 0,
    expected: 'e',
    ...fields,
  }) as CheckResult

/**
 * A result with every outcome: a required check failing twice on one
 * operation (two failure records, one result), an advisory failure, a
 * pass, a skipped required check and a not-run one. Server text in it is
 * hostile (`<script>`, `%`, newlines).
 *
 * @example
 * const result = sampleResult({ strict: true })
 */
export function sampleResult(overrides: Partial<ResultInput> = {}): ConformanceResult {
  return buildResult({
    tool: 'petstore-conformance',
    baseUrl: 'http://h/v1',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1500,
    seed: 7,
    strict: false,
    failOnSkip: false,
    readOnly: false,
    include: [],
    maxDurationMs: 600_000,
    stats: { requests: 9, petsCreated: 2, unrequested429: 0, retries: 0, waitedMs: 0 },
    operationTimes: { listPets: 250, getPet: 40 },
    results: [
      base({
        id: 'list.limit',
        title: '`limit` 1 and 100 are honoured',
        operation: 'listPets',
        outcome: 'failed',
        durationMs: 230,
        passes: 0,
        failures: [1, 100].map((limit) => ({
          checkId: 'list.limit',
          operation: 'listPets' as const,
          message: 'x',
          expected: `200 with at most ${limit === 1 ? '1 pet' : `${limit} pets`}`,
          actual: `${limit + 1} pets <script>alert(1)</script> 100%\nnext`,
          response: 'HTTP 200 [{"id":1,"name":"<b>x</b>"}]',
          curl: `curl -i 'http://h/v1/pets?limit=${limit}' -H "Authorization: Bearer $PETSTORE_API_KEY"`,
        })),
      }),
      base({
        id: 'get.deprecation-headers',
        title: 'Deprecation',
        section: '§9',
        level: 'advisory',
        operation: 'getPet',
        outcome: 'failed',
        passes: 0,
        failures: [
          {
            checkId: 'get.deprecation-headers',
            operation: 'getPet',
            message: 'm',
            expected: 'Sunset',
            actual: 'missing',
          },
        ],
      }),
      base({ id: 'get.valid', title: 'ok', section: '§4.3', operation: 'getPet' }),
      base({
        id: 'ratelimit.retry-after',
        title: 'Retry-After',
        section: '§8',
        operation: 'listPets',
        outcome: 'skipped',
        passes: 0,
        durationMs: 0,
        skipReason: 'no 429 was received',
      }),
      base({
        id: 'orders.auth',
        title: 'orders need a key',
        section: '§4.4',
        operation: 'listOrders',
        outcome: 'not-run',
        passes: 0,
        durationMs: 0,
        skipReason: 'the run stopped before it: --max-duration 30 s reached',
      }),
    ],
    ...overrides,
  })
}
