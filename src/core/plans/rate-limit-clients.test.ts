import { describe, expect, it } from 'vitest'
import { RateLimitClients } from './rate-limit-clients.ts'

const LIMITS = { perMinute: 60, perDay: 1_000 }

describe('RateLimitClients', () => {
  it('rolls each window at its aligned start, counting from 0 again', () => {
    const clients = new RateLimitClients({ minuteMs: 1_000, dayMs: 10_000, maxClients: 10 })
    const state = clients.track('a', LIMITS, 12_345)
    expect([state.minuteStart, state.dayStart]).toEqual([12_000, 10_000])
    state.minuteCount = 5
    state.dayCount = 5
    clients.roll(state, 12_999)
    expect([state.minuteCount, state.dayCount]).toEqual([5, 5])
    clients.roll(state, 13_000)
    expect([state.minuteStart, state.minuteCount, state.dayCount]).toEqual([13_000, 0, 5])
    clients.roll(state, 20_000)
    expect([state.dayStart, state.dayCount]).toEqual([20_000, 0])
    // Before the epoch too: the window that holds the moment, never one after it.
    clients.roll(state, -1)
    expect([state.minuteStart, state.dayStart]).toEqual([-1_000, -10_000])
  })

  it('holds at most maxClients: a new one drops the least recently seen eighth, banned ones last', () => {
    const clients = new RateLimitClients({ minuteMs: 1_000, dayMs: 10_000, maxClients: 16 })
    for (let i = 0; i < 16; i++)
      clients.track(`c${i}`, LIMITS, 0)
      // c0 and c1 are the oldest; c0 is banned, and c2 is seen again (now the newest).
    ;(clients.entries().next().value as [string, { bannedUntil: number }])[1].bannedUntil = 60_000
    clients.track('c2', LIMITS, 0)
    clients.track('new', LIMITS, 0)
    const names = [...clients.entries()].map(([name]) => name)
    expect(clients.size).toBe(15)
    expect(names).toContain('c0')
    expect(names).not.toContain('c1')
    expect(names).not.toContain('c3')
    expect(names.slice(-2)).toEqual(['c2', 'new'])
  })

  it('forgets every client on clear', () => {
    const clients = new RateLimitClients({ minuteMs: 1_000, dayMs: 10_000, maxClients: 4 })
    clients.track('a', LIMITS, 0).minuteCount = 3
    clients.clear()
    expect(clients.size).toBe(0)
    expect(clients.track('a', LIMITS, 0).minuteCount).toBe(0)
  })
})
