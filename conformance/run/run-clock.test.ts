import { describe, expect, it } from 'vitest'
import { createRunClock, MaxDurationError } from './run-clock.ts'

describe('createRunClock', () => {
  it('announces as fitting exactly the waits that sleep allows', async () => {
    let now = 0
    const slept: Array<number> = []
    const clock = createRunClock({
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms)
        now += ms
      },
      maxDurationMs: 10_000,
    })
    now = 4_000
    expect(clock.fits(6_000)).toBe(true)
    expect(clock.fits(6_001)).toBe(false)
    await expect(clock.sleep(6_001, 'pacing')).rejects.toThrow(MaxDurationError)
    await expect(clock.sleep(6_001, 'pacing')).rejects.toThrow(
      /pacing needs 6 s, only 6 s are left/,
    )
    expect(slept).toEqual([])
    await clock.sleep(6_000)
    expect(slept).toEqual([6_000])
    expect(clock.fits(0)).toBe(true)
    expect(clock.fits(1)).toBe(false)
  })
})
