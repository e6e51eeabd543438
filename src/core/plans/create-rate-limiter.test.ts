import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../../base/clock/create-fake-clock.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { PLANS } from '../../spec/plans.ts'
import { createRateLimiter } from './create-rate-limiter.ts'
import type { Limits } from './rate-limit-clients.ts'

/** 2026-01-01T00:00:00Z: a minute and a day window begin here. */
const MIDNIGHT = Date.UTC(2026, 0, 1)
const free = PLANS.free

function fill(
  limiter: ReturnType<typeof createRateLimiter>,
  client: string,
  limits: Limits,
  n: number,
) {
  const outcomes = []
  for (let i = 0; i < n; i++) outcomes.push(limiter.hit(client, limits))
  return outcomes
}

describe('createRateLimiter', () => {
  it.each(Object.entries(PLANS))('enforces the %s plan per minute', (_plan, limits) => {
    const clock = createFakeClock(MIDNIGHT + 15_000)
    const limiter = createRateLimiter(clock)
    const allowed = fill(limiter, 'key:a', limits, limits.perMinute)
    expect(allowed.every((decision) => decision.outcome === 'allowed')).toBe(true)
    expect(allowed.map((decision) => decision.remaining)).toEqual(
      Array.from({ length: limits.perMinute }, (_, i) => limits.perMinute - 1 - i),
    )
    expect(allowed.at(-1)).toMatchObject({ window: 'minute', limit: limits.perMinute })

    expect(limiter.hit('key:a', limits)).toEqual({
      outcome: 'limited',
      window: 'minute',
      limit: limits.perMinute,
      remaining: 0,
      reset: (MIDNIGHT + 60_000) / 1000,
      retryAfter: 45,
    })
    clock.advance(45_000)
    expect(limiter.hit('key:a', limits)).toMatchObject({
      outcome: 'allowed',
      remaining: limits.perMinute - 1,
    })
  })

  it.each(Object.entries(PLANS))('enforces the %s plan per day', (_plan, limits) => {
    const clock = createFakeClock(MIDNIGHT)
    const limiter = createRateLimiter(clock, { banAfter: 1_000_000 })
    let used = 0
    while (used < limits.perDay) {
      const n = Math.min(limits.perMinute, limits.perDay - used)
      const last = fill(limiter, 'key:a', limits, n).at(-1)
      used += n
      expect(last?.outcome).toBe('allowed')
      clock.advance(60_000)
    }
    expect(limiter.usage()[0]?.day.used).toBe(limits.perDay)
    clock.set(MIDNIGHT + 86_400_000 - 1_500)
    expect(limiter.hit('key:a', limits)).toEqual({
      outcome: 'limited',
      window: 'day',
      limit: limits.perDay,
      remaining: 0,
      reset: (MIDNIGHT + 86_400_000) / 1000,
      retryAfter: 2,
    })
    clock.advance(1_500)
    expect(limiter.hit('key:a', limits)).toMatchObject({ outcome: 'allowed' })
  })

  it('reports the window with fewer requests remaining, the day once it runs lower', () => {
    const clock = createFakeClock(MIDNIGHT + 10_000)
    const limiter = createRateLimiter(clock)
    const limits = { perMinute: 5, perDay: 7 }
    const day = (MIDNIGHT + 86_400_000) / 1000
    const minute = (MIDNIGHT + 60_000) / 1000
    expect(fill(limiter, 'key:a', limits, 5).map((d) => [d.window, d.remaining, d.reset])).toEqual([
      ['minute', 4, minute],
      ['minute', 3, minute],
      ['minute', 2, minute],
      ['minute', 1, minute],
      ['minute', 0, minute],
    ])
    clock.advance(60_000)
    expect(fill(limiter, 'key:a', limits, 2).map((d) => [d.window, d.remaining, d.reset])).toEqual([
      ['day', 1, day],
      ['day', 0, day],
    ])
    expect(limiter.hit('key:a', limits)).toMatchObject({ outcome: 'limited', window: 'day' })
  })

  it('reports the day when both windows run out together (it resets later)', () => {
    const limiter = createRateLimiter(createFakeClock(MIDNIGHT))
    const limits = { perMinute: 2, perDay: 2 }
    expect(fill(limiter, 'key:a', limits, 2).map((d) => [d.window, d.remaining])).toEqual([
      ['minute', 1],
      ['day', 0],
    ])
  })

  it('keeps Reset constant through a window and the same on 429s, then moves to the next', () => {
    const clock = createFakeClock(MIDNIGHT + 120_250)
    const limiter = createRateLimiter(clock)
    const resets = new Set<number>()
    for (let i = 0; i < 70; i++) {
      resets.add(limiter.hit('key:a', free).reset)
      clock.advance(500)
    }
    expect([...resets]).toEqual([(MIDNIGHT + 180_000) / 1000])
    clock.set(MIDNIGHT + 180_000)
    expect(limiter.hit('key:a', free)).toMatchObject({
      remaining: 59,
      reset: (MIDNIGHT + 240_000) / 1000,
    })
  })

  it('does not count refused requests', () => {
    const clock = createFakeClock(MIDNIGHT)
    const limiter = createRateLimiter(clock, { banAfter: 1_000_000 })
    fill(limiter, 'key:a', free, 65)
    expect(limiter.usage()[0]).toMatchObject({ minute: { used: 60 }, day: { used: 60 } })
  })

  it('lets a burst through on each side of a minute boundary (fixed windows)', () => {
    const clock = createFakeClock(MIDNIGHT + 59_900)
    const limiter = createRateLimiter(clock)
    expect(fill(limiter, 'key:a', free, 60).every((d) => d.outcome === 'allowed')).toBe(true)
    clock.advance(100)
    const next = fill(limiter, 'key:a', free, 61)
    expect(next.filter((d) => d.outcome === 'allowed')).toHaveLength(60)
    expect(next.at(-1)).toMatchObject({ outcome: 'limited', retryAfter: 60 })
  })

  it('bans on the 10th request after the first 429, for 5 minutes', () => {
    const clock = createFakeClock(MIDNIGHT + 30_000)
    const limiter = createRateLimiter(clock)
    fill(limiter, 'key:a', free, 60)
    const refused = fill(limiter, 'key:a', free, 11)
    expect(refused.map((d) => d.outcome)).toEqual([...Array(10).fill('limited'), 'banned'])
    expect(refused.slice(0, 10).map((d) => d.retryAfter)).toEqual(Array(10).fill(30))
    expect(refused[10]).toEqual({
      outcome: 'banned',
      window: 'minute',
      limit: 60,
      remaining: 0,
      reset: (MIDNIGHT + 330_000) / 1000,
      retryAfter: 300,
    })
    expect(limiter.usage()[0]?.bannedUntil).toBe((MIDNIGHT + 330_000) / 1000)

    // The minute window starts again, the ban holds: Retry-After counts down.
    clock.advance(100_500)
    expect(limiter.hit('key:a', free)).toMatchObject({
      outcome: 'banned',
      remaining: 0,
      retryAfter: 200,
      reset: (MIDNIGHT + 330_000) / 1000,
    })
    clock.set(MIDNIGHT + 330_000 - 1)
    expect(limiter.hit('key:a', free)).toMatchObject({ outcome: 'banned', retryAfter: 1 })
    clock.advance(1)
    expect(limiter.hit('key:a', free)).toMatchObject({ outcome: 'allowed', remaining: 59 })
    expect(limiter.usage()[0]?.bannedUntil).toBeUndefined()
  })

  it('takes banAfter and banDurationMs, and counts strikes since the last allowed request', () => {
    const clock = createFakeClock(MIDNIGHT)
    const limiter = createRateLimiter(clock, { banAfter: 2, banDurationMs: 10_000 })
    const limits = { perMinute: 1, perDay: 100 }
    expect(fill(limiter, 'key:a', limits, 3).map((d) => d.outcome)).toEqual([
      'allowed',
      'limited',
      'limited',
    ])
    // A new window forgives the strikes.
    clock.advance(60_000)
    expect(fill(limiter, 'key:a', limits, 4).map((d) => d.outcome)).toEqual([
      'allowed',
      'limited',
      'limited',
      'banned',
    ])
    // The ban (10 s) ends inside the minute window: still limited until it resets.
    expect(limiter.hit('key:a', limits)).toMatchObject({ outcome: 'banned', retryAfter: 60 })
    clock.advance(10_000)
    expect(limiter.hit('key:a', limits)).toMatchObject({ outcome: 'limited', retryAfter: 50 })
  })

  it('bans a client limited by its day window until the day resets, not only for the ban', () => {
    const clock = createFakeClock(MIDNIGHT + 86_400_000 - 600_000)
    const limiter = createRateLimiter(clock, { banAfter: 0 })
    const limits = { perMinute: 10, perDay: 1 }
    limiter.hit('key:a', limits)
    expect(limiter.hit('key:a', limits)).toMatchObject({
      outcome: 'banned',
      window: 'day',
      retryAfter: 600,
      reset: (MIDNIGHT + 86_400_000) / 1000,
    })
  })

  it('never bans with banDurationMs 0', () => {
    const limiter = createRateLimiter(createFakeClock(MIDNIGHT), { banDurationMs: 0 })
    fill(limiter, 'key:a', free, 60)
    expect(new Set(fill(limiter, 'key:a', free, 50).map((d) => d.outcome))).toEqual(
      new Set(['limited']),
    )
  })

  it('still counts and sends values when disabled, never refusing, remaining clamped at 0', () => {
    const clock = createFakeClock(MIDNIGHT)
    const limiter = createRateLimiter(clock, { enabled: false })
    const decisions = fill(limiter, 'key:a', free, 100)
    expect(decisions.every((d) => d.outcome === 'allowed')).toBe(true)
    expect(decisions.slice(58).map((d) => d.remaining)).toEqual(Array(42).fill(0).fill(1, 0, 1))
    expect(decisions.at(-1)).toMatchObject({ limit: 60, reset: (MIDNIGHT + 60_000) / 1000 })
    expect(limiter.usage()[0]?.minute.used).toBe(100)
  })

  it('shortens windows and bans by scale, keeping resets whole and never in the past', () => {
    const clock = createFakeClock(MIDNIGHT)
    const limiter = createRateLimiter(clock, { scale: 10 })
    fill(limiter, 'key:a', free, 60)
    expect(limiter.hit('key:a', free)).toMatchObject({ outcome: 'limited', retryAfter: 6 })
    clock.advance(6_000)
    expect(limiter.hit('key:a', free)).toMatchObject({ outcome: 'allowed', remaining: 59 })
    fill(limiter, 'key:a', free, 59)
    const refused = fill(limiter, 'key:a', free, 11)
    expect(refused.at(-1)).toMatchObject({ outcome: 'banned', retryAfter: 30 })
    clock.advance(30_000)
    expect(limiter.hit('key:a', free).outcome).toBe('allowed')

    // 60 s / 7 is not a whole number of ms, nor of seconds.
    const odd = createRateLimiter(clock, { scale: 7 })
    for (let step = 0; step < 400; step++) {
      clock.advance(137)
      const decision = odd.hit('key:b', { perMinute: 3, perDay: 1_000_000 })
      expect(decision.reset * 1000).toBeGreaterThan(clock.now())
      expect(Number.isInteger(decision.reset)).toBe(true)
      if (decision.outcome !== 'allowed') {
        expect(decision.retryAfter).toBeGreaterThanOrEqual(1)
        expect(Number.isInteger(decision.retryAfter)).toBe(true)
      }
    }
  })

  it('keeps clients apart and forgets everything on reset', () => {
    const limiter = createRateLimiter(createFakeClock(MIDNIGHT))
    fill(limiter, 'key:a', free, 60)
    expect(limiter.hit('address:127.0.0.1', free).remaining).toBe(59)
    expect(limiter.usage().map((usage) => usage.client)).toEqual(['key:a', 'address:127.0.0.1'])
    limiter.reset()
    expect(limiter.usage()).toEqual([])
    expect(limiter.hit('key:a', free).remaining).toBe(59)
  })

  it('tracks at most maxClients, dropping the least recently seen and keeping the banned', () => {
    const clock = createFakeClock(MIDNIGHT)
    const limiter = createRateLimiter(clock, { maxClients: 8, banAfter: 0 })
    const one = { perMinute: 1, perDay: 10 }
    limiter.hit('c0', one)
    limiter.hit('c0', one) // banned
    for (let i = 1; i < 8; i++) limiter.hit(`c${i}`, one)
    limiter.hit('c1', one) // c1 is now recent (and banned too)
    limiter.hit('c8', one)
    const tracked = limiter.usage().map((usage) => usage.client)
    expect(tracked).toHaveLength(8)
    expect(tracked).toEqual(expect.arrayContaining(['c0', 'c1', 'c8']))
    expect(tracked).not.toContain('c2')
    expect(limiter.hit('c0', one).outcome).toBe('banned')
  })

  it('validates its options eagerly', () => {
    const clock = createFakeClock()
    for (const options of [
      { scale: 0 },
      { scale: Number.NaN },
      { scale: 20_000 },
      { banAfter: -1 },
      { banDurationMs: Number.POSITIVE_INFINITY },
      { maxClients: 0 },
      { enabled: 'no' as unknown as boolean },
    ]) {
      expect(() => createRateLimiter(clock, options)).toThrow(ConfigError)
    }
    expect(() => createRateLimiter(clock, { scale: 0 })).toThrow(
      '[petstore-mock] Failed to configure rate limiting: rateLimit.scale must be a number from 0.001 to 10000, got 0.',
    )
  })
})
