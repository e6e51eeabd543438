import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JournalEntry } from './journal-entry.ts'
import { waitForEntry } from './wait-for-entry.ts'

/** A subscription that holds its listeners, so that a test can tell them an entry and count them. */
function channel() {
  const listeners = new Set<(entry: JournalEntry) => void>()
  return {
    listeners,
    subscribe: (listener: (entry: JournalEntry) => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    tell: (entry: Partial<JournalEntry>) => {
      for (const listener of [...listeners]) listener(entry as JournalEntry)
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('waitForEntry', () => {
  it('resolves with the first entry that passes the filter and unsubscribes', async () => {
    const { listeners, subscribe, tell } = channel()
    const waiting = waitForEntry(subscribe, { status: 404 }, 1_000, undefined)
    tell({ id: 1, status: 200 })
    tell({ id: 2, status: 404 })
    expect((await waiting).id).toBe(2)
    expect(listeners.size).toBe(0)
  })

  it('rejects after the timeout with ERR_PETSTORE_WAIT_TIMEOUT naming the filter, leaving nothing armed', async () => {
    vi.useFakeTimers()
    const { listeners, subscribe } = channel()
    const waiting = waitForEntry(subscribe, { statusClass: 4, path: '/v1/pets' }, 50, undefined)
    const settled = expect(waiting).rejects.toMatchObject({
      code: 'ERR_PETSTORE_WAIT_TIMEOUT',
      message: expect.stringContaining('status=4xx path=/v1/pets within 50 ms'),
    })
    await vi.advanceTimersByTimeAsync(50)
    await settled
    expect(listeners.size).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects with the reason of a signal aborted before or during the wait', async () => {
    const { listeners, subscribe } = channel()
    await expect(waitForEntry(subscribe, {}, 1_000, AbortSignal.abort('gone'))).rejects.toBe('gone')
    const controller = new AbortController()
    const waiting = waitForEntry(subscribe, {}, 1_000, controller.signal)
    controller.abort('left')
    await expect(waiting).rejects.toBe('left')
    expect(listeners.size).toBe(0)
  })

  it('rejects with ERR_PETSTORE_TOO_MANY_LISTENERS when the subscription is refused', async () => {
    const refuse = () => {
      throw new Error('At most 1000 journal listeners at once')
    }
    await expect(waitForEntry(refuse, {}, 1_000, undefined)).rejects.toMatchObject({
      code: 'ERR_PETSTORE_TOO_MANY_LISTENERS',
    })
  })
})
