import { describe, expect, it } from 'vitest'
import type { StreamSink } from '../../base/http/types.ts'
import { answeredRequest } from '../../test-utils/answered-request.ts'
import { createJournal } from './create-journal.ts'
import { eventStream, type IntervalTimers, SSE_RETRY_MS } from './event-stream.ts'

/** A sink that takes `room` chunks before it asks to wait, and drains on demand. */
function fakeSink(room = Number.POSITIVE_INFINITY) {
  const chunks: Array<string> = []
  let drain: (() => void) | undefined
  let ended = false
  let free = room
  const sink: StreamSink = {
    write(chunk) {
      chunks.push(chunk)
      free--
      return free > 0
    },
    onDrain(listener) {
      drain = listener
    },
    end() {
      ended = true
    },
  }
  return {
    sink,
    chunks,
    ended: () => ended,
    drain(more: number) {
      free = more
      const listener = drain
      drain = undefined
      listener?.()
    },
    ids: () => chunks.flatMap((chunk) => /^id: (\d+)/.exec(chunk)?.[1] ?? []).map(Number),
  }
}

function fakeTimers() {
  const intervals = new Map<number, () => void>()
  let next = 1
  const timers: IntervalTimers = {
    setInterval(callback) {
      intervals.set(next, callback)
      return next++
    },
    clearInterval(handle) {
      intervals.delete(handle as number)
    },
  }
  return {
    timers,
    tick: () => {
      for (const callback of intervals.values()) callback()
    },
    intervals,
  }
}

describe('eventStream', () => {
  it('starts with retry, replays after `since`, then sends each new entry that passes the filter', () => {
    const journal = createJournal()
    for (let i = 0; i < 3; i++) journal.record(answeredRequest())
    const { timers } = fakeTimers()
    const response = eventStream(journal, { status: 200 }, { since: 1, timers })
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    const out = fakeSink()
    const stop = response.stream?.(out.sink)
    journal.record(answeredRequest({ status: 404 }))
    journal.record(answeredRequest({ status: 200 }))
    expect(out.chunks[0]).toBe(`retry: ${SSE_RETRY_MS}\n: petstore-mock request events\n\n`)
    expect(out.ids()).toEqual([2, 3, 5])
    const [, event] = out.chunks
    expect(event).toMatch(/^id: 2\nevent: request\ndata: \{.*\}\n\n$/)
    expect(JSON.parse(event?.split('data: ')[1] ?? '')).toMatchObject({ id: 2, status: 200 })
    stop?.()
    journal.record(answeredRequest())
    expect(out.ids()).toEqual([2, 3, 5])
  })

  it('sends a heartbeat comment on each tick of its timer, and stops the timer when stopped', () => {
    const journal = createJournal()
    const { timers, tick, intervals } = fakeTimers()
    const out = fakeSink()
    const stop = eventStream(journal, {}, { timers }).stream?.(out.sink)
    tick()
    tick()
    expect(out.chunks.filter((chunk) => chunk === ': heartbeat\n\n')).toHaveLength(2)
    stop?.()
    expect(intervals.size).toBe(0)
  })

  it('waits for drain when write() says so, queues at most queueLimit, then counts the dropped', () => {
    const journal = createJournal()
    const { timers } = fakeTimers()
    const out = fakeSink(1)
    eventStream(journal, {}, { timers, queueLimit: 3 }).stream?.(out.sink)
    expect(out.chunks).toHaveLength(1)
    for (let i = 0; i < 6; i++) journal.record(answeredRequest())
    // Nothing written while the sink is full; 3 queued, 3 dropped.
    expect(out.chunks).toHaveLength(1)
    out.drain(100)
    expect(out.ids()).toEqual([1, 2, 3])
    journal.record(answeredRequest())
    expect(out.chunks.at(-2)).toBe('event: dropped\ndata: {"dropped":3}\n\n')
    expect(out.ids()).toEqual([1, 2, 3, 7])
  })

  it('answers an error event and ends when the journal has too many listeners', () => {
    const journal = createJournal()
    const { timers } = fakeTimers()
    for (let i = 0; i < 1_000; i++) journal.subscribe(() => {})
    const out = fakeSink()
    eventStream(journal, {}, { timers }).stream?.(out.sink)
    expect(out.chunks[0]).toMatch(/^event: error\ndata: \{"code":"service_unavailable"/)
    expect(out.ended()).toBe(true)
  })
})
