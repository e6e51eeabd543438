import { describe, expect, it } from 'vitest'
import type { ConformanceEvent } from '../model/types.ts'
import { failedRequired, runAgainstReference } from '../test-utils/run-reference.ts'

describe('the pacing notes of a whole run', () => {
  it('a server that omits X-RateLimit-Remaining on getPet only: said once, precisely, and the check names it', async () => {
    const notes: Array<string> = []
    const result = await runAgainstReference(
      { fault: 'no-remaining-on-get' },
      {
        onEvent: (event: ConformanceEvent) => {
          if (event.type === 'note') notes.push(event.text)
        },
      },
    )
    const pacing = notes.filter((text) => text.includes('the key: '))
    expect(pacing).toEqual([
      '[petstore-conformance] the key: pacing by the X-RateLimit-Remaining and X-RateLimit-Reset headers',
      '[petstore-conformance] the key: pacing at 60 requests a minute after such answers: answers to getPet lack X-RateLimit-Remaining (they send X-RateLimit-Limit and X-RateLimit-Reset)',
    ])
    expect(notes.join('\n')).not.toContain('no X-RateLimit-* headers')
    expect(failedRequired(result)).toContain('ratelimit.headers')
    const failed = result.results.filter(
      (entry) => entry.id === 'ratelimit.headers' && entry.outcome === 'failed',
    )
    expect(failed.map((entry) => entry.operation)).toEqual(['getPet'])
  }, 60_000)
})
