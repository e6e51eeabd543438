import { describe, expect, it } from 'vitest'
import { PROXY_LIMITS } from '../../spec/limits.ts'
import { createHeldBytes } from './held-bytes.ts'

describe('createHeldBytes', () => {
  const limits = { ...PROXY_LIMITS, maxHeldBytes: 100 }

  it('refuses to send while the bound is held, never an answer to a request already sent', () => {
    const held = createHeldBytes(limits, 'http://upstream.test')
    const releases: Array<() => void> = []
    const whenDone = (listener: () => void) => releases.push(listener)
    held.checkRoom()
    held.hold(60, whenDone)
    held.checkRoom()
    // Past the bound: held all the same, as its request was sent.
    expect(() => held.hold(80, whenDone)).not.toThrow()
    expect(held.bytes).toBe(140)
    expect(() => held.checkRoom()).toThrow(expect.objectContaining({ code: 'service_unavailable' }))
    for (const release of releases) release()
    expect(held.bytes).toBe(0)
    held.checkRoom()
  })

  it('lets go of an answer once, however often its caller is done', () => {
    const held = createHeldBytes(limits, 'http://upstream.test')
    let release = () => {}
    held.hold(50, (listener) => {
      release = listener
    })
    release()
    release()
    expect(held.bytes).toBe(0)
  })

  it('lets go of an answer its caller has not read after maxHoldMs, and cuts the caller off', () => {
    const pending: Array<{ fire: () => void; ms: number; cleared: boolean }> = []
    const timers = {
      setTimeout: (fire: () => void, ms: number) => {
        const timer = { fire, ms, cleared: false }
        pending.push(timer)
        return timer
      },
      clearTimeout: (timer: unknown) => {
        ;(timer as { cleared: boolean }).cleared = true
      },
    }
    const held = createHeldBytes(limits, 'http://upstream.test', timers)
    const cut: Array<string> = []
    const releases: Array<() => void> = []
    const whenDone = (listener: () => void) => releases.push(listener)
    // Two slow readers fill the bound; the others are refused.
    held.hold(60, whenDone, () => cut.push('first'))
    held.hold(60, whenDone, () => cut.push('second'))
    expect(() => held.checkRoom()).toThrow(expect.objectContaining({ code: 'service_unavailable' }))
    expect(pending.map((timer) => timer.ms)).toEqual([limits.maxHoldMs, limits.maxHoldMs])
    // The first reads its answer whole in time: its timer is cleared.
    releases[0]?.()
    expect(pending[0]?.cleared).toBe(true)
    // The second is still reading when its time is up.
    pending[1]?.fire()
    expect(cut).toEqual(['second'])
    expect(held.bytes).toBe(0)
    held.checkRoom()
    // Its connection closing afterwards lets go of nothing twice.
    releases[1]?.()
    expect(held.bytes).toBe(0)
  })
})
