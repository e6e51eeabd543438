import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sleep } from './sleep.ts'

describe('sleep', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('resolves after the delay', async () => {
    const done = vi.fn()
    void sleep(300).then(done)
    await vi.advanceTimersByTimeAsync(299)
    expect(done).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toHaveBeenCalledOnce()
  })

  it('clears its timer and rejects as soon as the signal aborts', async () => {
    const controller = new AbortController()
    const waiting = sleep(5_000, controller.signal)
    expect(vi.getTimerCount()).toBe(1)
    controller.abort(new Error('gone'))
    await expect(waiting).rejects.toThrow('gone')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects at once without a timer when the signal has already aborted', async () => {
    await expect(sleep(5_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone')
    expect(vi.getTimerCount()).toBe(0)
  })
})
