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
})
