import { describe, expect, it } from 'vitest'
import { catalogue } from '../../src/contract/catalogue.ts'
import { sampleResult } from '../test-utils/sample-result.ts'
import { notTested, READ_ONLY_REASON } from './not-tested.ts'
import type { CheckResult } from './types.ts'

describe('notTested', () => {
  it('names the groups left out, what --only/--skip and --read-only left out, the skips and what did not run', () => {
    const result = sampleResult()
    const readOnly = {
      ...result,
      readOnly: true,
      results: [
        ...result.results,
        {
          ...(result.results[0] as (typeof result.results)[0]),
          outcome: 'skipped' as const,
          skipReason: READ_ONLY_REASON,
        },
      ],
    }
    const text = notTested(readOnly)
    expect(text).toMatch(
      /^the rate-limit group \(ratelimit\.exhaust, ratelimit\.recovers, ratelimit\.reset-truthful, ratelimit\.refuses-every-operation; --include rate-limit runs it\); \d+ checks left out by --only\/--skip; 1 result that needs writes \(--read-only\); 1 result skipped \([^)]+\); 1 result not run$/,
    )
  })

  it('says plainly when nothing was left out', () => {
    const passed = catalogue.map((check) => ({
      ...(sampleResult().results[0] as CheckResult),
      id: check.id,
      outcome: 'passed' as const,
    }))
    expect(notTested({ include: ['rate-limit'], readOnly: false, results: passed })).toBe(
      'nothing: every check of the catalogue decided',
    )
    expect(notTested({ include: ['rate-limit'], readOnly: false, results: passed.slice(1) })).toBe(
      '1 check left out by --only/--skip',
    )
  })
})
