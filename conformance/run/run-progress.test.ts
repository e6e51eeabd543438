import { describe, expect, it } from 'vitest'
import { KIT_DEFAULTS } from '../model/kit-defaults.ts'
import type { ConformanceProgress } from '../model/types.ts'
import { progressLine } from '../reporters/pretty-reporter.ts'
import { fakeClock } from '../test-utils/fake-clock.ts'
import { runAgainstReference } from '../test-utils/run-reference.ts'
import { createRateLimitPacer } from '../transport/rate-limit-pacer.ts'
import { createRunProgress } from './run-progress.ts'

describe('createRunProgress', () => {
  it('reports at most once per interval of the run clock, with the wait that begins', () => {
    const clock = fakeClock()
    const stats = { requests: 0, waitedMs: 0 }
    const reports: Array<ConformanceProgress> = []
    const progress = createRunProgress({
      now: clock.now,
      intervalMs: 5000,
      leftMs: () => 100_000,
      maxRequests: 500,
      stats: () => stats,
      report: (report) => reports.push(report),
    })
    progress.plan(10)
    progress.probe('list pets')
    for (let i = 0; i < 10; i++) {
      clock.advance(1000)
      stats.requests += 1
      progress.request()
    }
    progress.checksDone(2)
    clock.advance(5000)
    progress.wait(60_000, 'waiting for the rate-limit window to reset')
    clock.advance(1000)
    progress.wait(30_000, 'waiting again')
    expect(reports).toEqual([
      {
        checksDone: 0,
        checks: 10,
        requests: 5,
        maxRequests: 500,
        waitedMs: 0,
        elapsedMs: 5000,
        probe: 'list pets',
      },
      {
        checksDone: 0,
        checks: 10,
        requests: 10,
        maxRequests: 500,
        waitedMs: 0,
        elapsedMs: 10_000,
        probe: 'list pets',
      },
      {
        checksDone: 2,
        checks: 10,
        requests: 10,
        maxRequests: 500,
        waitedMs: 0,
        elapsedMs: 15_000,
        probe: 'list pets',
        waiting: { ms: 60_000, reason: 'waiting for the rate-limit window to reset' },
        // 7.5 s a check so far, 8 checks to go: 60 s.
        estimatedLeftMs: 60_000,
      },
    ])
  })

  it('counts the checks that need no requests of their own as done, not in the pace', () => {
    const clock = fakeClock()
    const reports: Array<ConformanceProgress> = []
    const progress = createRunProgress({
      now: clock.now,
      intervalMs: 5000,
      leftMs: () => 1_000_000,
      maxRequests: 500,
      stats: () => ({ requests: 5, waitedMs: 0 }),
      report: (report) => reports.push(report),
    })
    progress.plan(12, 2)
    clock.advance(15_000)
    progress.checksDone(5)
    // 1 request a probed check, 5 to go, 3 s a request.
    expect(reports.map((report) => [report.checksDone, report.estimatedLeftMs])).toEqual([
      [7, 15_000],
    ])
  })

  it('caps the estimate by what is left of the run', () => {
    const clock = fakeClock()
    const reports: Array<ConformanceProgress> = []
    const progress = createRunProgress({
      now: clock.now,
      intervalMs: 5000,
      leftMs: () => 20_000,
      maxRequests: 500,
      stats: () => ({ requests: 1, waitedMs: 0 }),
      report: (report) => reports.push(report),
    })
    progress.plan(100)
    clock.advance(15_000)
    progress.checksDone(1)
    expect(reports.map((report) => report.estimatedLeftMs)).toEqual([20_000])
  })
})

describe('the time-left estimate', () => {
  /**
   * A run paced by the kit's pacer against a server of 60 requests a minute
   * (200 ms an answer) on a fake clock, with checks of very different sizes
   * (the run whose estimate jumped 28, 25, 38, 28, 35, 43, 50, 57, 47 s).
   * Returns each report with the time that was really left then.
   */
  async function pacedRun(sizes: Array<number>) {
    const clock = fakeClock()
    const stats = { requests: 0, waitedMs: 0 }
    const pacer = createRateLimitPacer({ now: clock.now, sleep: clock.sleep, marginMs: 0 })
    const reports: Array<ConformanceProgress> = []
    const progress = createRunProgress({
      now: clock.now,
      intervalMs: 5000,
      leftMs: () => 600_000,
      maxRequests: 500,
      stats: () => stats,
      paceMs: (requests) => pacer.paceMs(requests),
      report: (report) => reports.push(report),
    })
    progress.plan(sizes.length)
    let windowStart = clock.now()
    let used = 0
    for (const size of sizes) {
      for (let i = 0; i < size; i++) {
        const before = clock.now()
        await pacer.beforeSend('valid')
        stats.waitedMs += clock.now() - before
        clock.advance(200)
        if (clock.now() >= windowStart + 60_000) {
          windowStart = clock.now()
          used = 0
        }
        used += 1
        pacer.afterResponse('valid', {
          limit: 60,
          remaining: Math.max(0, 60 - used),
          reset: Math.floor((windowStart + 60_000) / 1000),
        })
        stats.requests += 1
        progress.request()
      }
      progress.checksDone(1)
    }
    const end = clock.elapsed()
    return reports.map((report) => ({ report, actualLeftMs: end - report.elapsedMs }))
  }

  it("is shown from 15 s on, from the requests left and the pacer's window, never under half the time left", async () => {
    const sizes = [2, 12, 3, 25, 4, 30, 5, 18, 2, 20, 6, 3, 14, 2, 9, 25, 3, 4, 12, 6]
    const reports = await pacedRun(sizes)
    const first = reports.findIndex(({ report }) => report.estimatedLeftMs !== undefined)
    expect(first).toBeGreaterThan(0)
    expect(reports[first]?.report.elapsedMs).toBeGreaterThanOrEqual(KIT_DEFAULTS.estimateRefreshMs)
    for (const { report, actualLeftMs } of reports.slice(first)) {
      const estimate = report.estimatedLeftMs as number
      expect(estimate).toBeGreaterThanOrEqual(0)
      // Honest: never under half the time really left (the run ends much
      // later than it said), and at most 3 times it (the requests left are
      // extrapolated from the checks done, and these checks differ 15-fold);
      // near the end, within 15 s.
      if (Math.abs(estimate - actualLeftMs) > 15_000) {
        expect(estimate / actualLeftMs).toBeGreaterThanOrEqual(0.5)
        expect(estimate / actualLeftMs).toBeLessThanOrEqual(3)
      }
    }
  })

  it('counts down between computations and rises rarely and little', async () => {
    const sizes = [2, 12, 3, 25, 4, 30, 5, 18, 2, 20, 6, 3, 14, 2, 9, 25, 3, 4, 12, 6]
    const values = (await pacedRun(sizes))
      .map(({ report }) => report.estimatedLeftMs)
      .filter((value) => value !== undefined)
    expect(values.length).toBeGreaterThanOrEqual(5)
    const rises = values.flatMap((value, index) =>
      index > 0 && value > (values[index - 1] as number) ? [index] : [],
    )
    for (const index of rises) {
      // At most a fifth more than the line before, and never twice in a row.
      expect(values[index]).toBeLessThanOrEqual((values[index - 1] as number) * 1.2)
      expect(rises).not.toContain(index + 1)
    }
  })
})

describe('progressLine', () => {
  it('says where the run stands in words that agree in number', () => {
    const base = {
      checksDone: 1,
      checks: 1,
      requests: 1,
      maxRequests: 500,
      waitedMs: 0,
      elapsedMs: 1000,
    }
    expect(progressLine(base)).toBe(
      '... 1 of 1 check done, 1 request sent (at most 500), 0.0 s waited; time left not known yet',
    )
    expect(
      progressLine({
        ...base,
        checksDone: 14,
        checks: 38,
        requests: 212,
        waitedMs: 61_000,
        estimatedLeftMs: 90_000,
        probe: 'create pets',
        waiting: { ms: 58_000, reason: 'waiting for the rate-limit window to reset (Remaining 0)' },
      }),
    ).toBe(
      '... 14 of 38 checks done, 212 requests sent (at most 500), 61.0 s waited; about 1 min 30 s left; now: create pets; waiting for the rate-limit window to reset (Remaining 0): 58.0 s',
    )
  })
})

describe('runConformance onProgress', () => {
  it('reports a Free-plan run every few seconds of its clock, to the last check, without waiting', async () => {
    const reports: Array<ConformanceProgress> = []
    const result = await runAgainstReference(
      { rateLimit: { limit: 60, windowS: 60 } },
      { onProgress: (report) => reports.push(report) },
    )
    expect(result.exitCode).toBe(0)
    expect(reports.length).toBeGreaterThanOrEqual(2)
    for (const [index, report] of reports.entries()) {
      const previous = reports[index - 1]
      if (previous) {
        expect(report.elapsedMs - previous.elapsedMs).toBeGreaterThanOrEqual(5000)
        expect(report.requests).toBeGreaterThanOrEqual(previous.requests)
        expect(report.checksDone).toBeGreaterThanOrEqual(previous.checksDone)
      }
      expect(report.checksDone).toBeLessThanOrEqual(report.checks)
      expect(report.requests).toBeLessThanOrEqual(result.stats.requests)
    }
    // The run paces at 60 a minute: the reports come after it waited for a
    // window (the fake clock moves only then).
    expect(reports.every((report) => report.waitedMs > 0)).toBe(true)
    expect(reports.at(-1)?.estimatedLeftMs).toBeGreaterThanOrEqual(0)
    expect(reports.at(-1)?.checksDone).toBeGreaterThan(0)
  })
})
