import { describe, expect, it } from 'vitest'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import type { ConformanceEvent, ConformanceProgress } from '../model/types.ts'
import { runAgainstReference } from '../test-utils/run-reference.ts'
import { expectedRequests } from './expected-wait.ts'

describe('the expected requests and wait of a run', () => {
  it('a default run sends about KIT_DEFAULTS.expectedRequests, and says no wait on an unlimited key', async () => {
    const events: Array<ConformanceEvent> = []
    const result = await runAgainstReference({}, { onEvent: (event) => events.push(event) })
    expect(result.stats.requests).toBeGreaterThan(KIT_DEFAULTS.expectedRequests * 0.85)
    expect(result.stats.requests).toBeLessThan(KIT_DEFAULTS.expectedRequests * 1.15)
    expect(events.some((event) => event.type === 'note' && /expect about/.test(event.text))).toBe(
      false,
    )
  }, 60_000)

  it('a Free key: the wait is said before the first check, and the estimate counts the waits ahead', async () => {
    const events: Array<ConformanceEvent> = []
    const reports: Array<ConformanceProgress> = []
    const result = await runAgainstReference(
      { rateLimit: { limit: 60, windowS: 60 } },
      {
        onEvent: (event) => events.push(event),
        onProgress: (report) => reports.push(report),
      },
    )
    const note = events.findIndex(
      (event) => event.type === 'note' && /expect about/.test(event.text),
    )
    const firstProbe = events.findIndex((event) => event.type === 'probe')
    expect(note).toBeGreaterThanOrEqual(0)
    expect(note).toBeLessThan(firstProbe)
    const said = events[note] as { text: string }
    expect(said.text).toMatch(
      new RegExp(
        `^\\[petstore-conformance\\] the key allows 60 requests a minute \\(\\d+ left now\\) and this run sends about ${KIT_DEFAULTS.expectedRequests}: expect about \\d+ min( \\d+ s)? of waiting`,
      ),
    )
    // Past the first minute, every estimate is at least half of the time really left.
    const total = result.durationMs
    const late = reports.filter(
      (report) => report.elapsedMs > 60_000 && report.estimatedLeftMs !== undefined,
    )
    expect(late.length).toBeGreaterThan(3)
    for (const report of late) {
      expect(
        report.estimatedLeftMs,
        `at ${report.elapsedMs} ms of ${total}`,
      ).toBeGreaterThanOrEqual((total - report.elapsedMs) * 0.5)
    }
  }, 60_000)

  it('scales with the checks selected, within the request budget', () => {
    expect(expectedRequests(60, 60, 500)).toBe(KIT_DEFAULTS.expectedRequests)
    expect(expectedRequests(30, 60, 500)).toBe(KIT_DEFAULTS.expectedRequests / 2)
    expect(expectedRequests(60, 60, 100)).toBe(100)
  })
})
