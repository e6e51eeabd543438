import type { MockResponse } from '../../base/http/types.ts'
import { ApiError } from '../../errors/api-error.ts'
import type { Journal } from './create-journal.ts'
import type { JournalEntry } from './journal-entry.ts'
import { type CheckedFilter, matchesFilter } from './journal-filter.ts'

/** What an `EventSource` waits before it reconnects, sent as `retry:`, in ms. */
export const SSE_RETRY_MS = 2_000

/** A `:` comment goes out this often so that proxies keep the stream open, in ms. */
export const SSE_HEARTBEAT_MS = 15_000

/** Events waiting for one slow client at most; more are dropped and counted. */
export const SSE_QUEUE_LIMIT = 1_000

/**
 * The timer functions an event stream uses; tests pass fake ones.
 *
 * @example
 * eventStream(journal, {}, { timers: { setInterval: () => 0, clearInterval: () => {} } })
 */
export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/**
 * How an event stream starts (`since`) and its bounds: the heartbeat, the queue of one slow client, the timers.
 *
 * @example
 * const options: EventStreamOptions = { since: 41, heartbeatMs: 15_000, queueLimit: SSE_QUEUE_LIMIT }
 */
export interface EventStreamOptions {
  /** Replay the held entries after this id first (from `Last-Event-ID` or `?since=`). */
  since?: number
  heartbeatMs?: number
  queueLimit?: number
  timers?: IntervalTimers
}

const systemTimers: IntervalTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/**
 * The `GET /__mock/events` answer: Server-Sent Events, one `request` event
 * per journal entry that passes the filter (`id:` is the entry id), after a
 * replay of the held entries past `since`. A client that reads too slowly
 * gets at most `queueLimit` events queued; the rest are dropped, and a
 * `dropped` event (`{"dropped": N}`, N counted since the stream opened)
 * tells it to catch up with `GET /__mock/requests?since=`.
 *
 * @example
 * return eventStream(journal, { method: 'GET' }, { since: 41 })
 */
export function eventStream(
  journal: Journal,
  filter: CheckedFilter,
  options: EventStreamOptions = {},
): MockResponse {
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS
  const queueLimit = options.queueLimit ?? SSE_QUEUE_LIMIT
  const timers = options.timers ?? systemTimers
  const live: CheckedFilter = { ...filter, since: undefined, limit: undefined }
  return {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
    stream(sink) {
      const queue: Array<string> = []
      let writable = true
      let dropped = 0
      let unreported = 0
      let stopped = false
      const flush = () => {
        while (writable && !stopped && queue.length > 0) {
          writable = sink.write(queue.shift() as string)
          if (!writable) {
            sink.onDrain(() => {
              writable = true
              flush()
            })
          }
        }
      }
      const enqueue = (chunk: string, droppable = true) => {
        if (queue.length >= queueLimit) {
          if (droppable) {
            dropped++
            unreported++
          }
          return
        }
        if (unreported > 0 && queue.length < queueLimit - 1) {
          queue.push(`event: dropped\ndata: {"dropped":${dropped}}\n\n`)
          unreported = 0
        }
        queue.push(chunk)
        flush()
      }
      const send = (entry: JournalEntry) =>
        enqueue(`id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(entry)}\n\n`)

      queue.push(`retry: ${SSE_RETRY_MS}\n: petstore-mock request events\n\n`)
      if (options.since !== undefined) {
        for (const entry of journal.select({ ...filter, since: options.since })) send(entry)
      }
      let unsubscribe: () => void
      try {
        unsubscribe = journal.subscribe((entry) => {
          if (matchesFilter(entry, live)) send(entry)
        })
      } catch (error) {
        // Too many listeners: say so in the stream (the head is already sent) and end it.
        const body = error instanceof ApiError ? error.toBody() : undefined
        sink.write(`event: error\ndata: ${JSON.stringify(body ?? null)}\n\n`)
        sink.end()
        return () => {}
      }
      flush()
      const heartbeat = timers.setInterval(() => {
        if (queue.length === 0) enqueue(': heartbeat\n\n', false)
      }, heartbeatMs)
      return () => {
        if (stopped) return
        stopped = true
        queue.length = 0
        unsubscribe()
        timers.clearInterval(heartbeat)
      }
    },
  }
}
