import type { AnsweredRequest, ViolationSource } from '../../base/http/types.ts'
import { DEFAULTS, LIMITS, waitTimeoutProblem } from '../../base/options/defaults.ts'
import { wholeOption } from '../../base/options/whole-option.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { messageOf } from '../../errors/message-of.ts'
import { RETRY_AFTER } from '../../spec/headers.ts'
import { nameRecord } from '../../utils/name-record.ts'
import type { JournalEntry } from './journal-entry.ts'
import {
  type CheckedFilter,
  type JournalFilter,
  matchesFilter,
  readJournalFilter,
} from './journal-filter.ts'
import { JournalRing, toJournalEntry } from './journal-ring.ts'
import { waitForEntry } from './wait-for-entry.ts'

/** At most this many listeners (event streams, waiters, the log) at once. */
export const MAX_JOURNAL_LISTENERS = 1_000

/**
 * How long the in-process `waitForRequest` waits, and what aborts it.
 *
 * @example
 * await petstore.waitForRequest({ status: 429 }, { timeout: 2_000 })
 */
export interface WaitOptions {
  /** Give up after this many ms (default 5,000, at most 60,000). */
  timeout?: number
  signal?: AbortSignal
}

/**
 * How full the journal is, as `state().journal` reports it.
 *
 * @example
 * const { size, capacity, evicted }: JournalStats = petstore.state().journal
 */
export interface JournalStats {
  /** Entries held now. */
  size: number
  /** Entries held at most (`journalSize`). */
  capacity: number
  /** Entries dropped to make room since the last clear. */
  evicted: number
  /** The id of the newest entry ever recorded (0 before the first). */
  lastId: number
}

/**
 * How often each rule of the spec was broken since the journal was last
 * cleared, per check id (`GET /__mock/violations`, `petstore.violations()`):
 * the count, the ids of the first and last entries that broke it, its level,
 * spec section, and whose mistake it is (`source`: `'request'` the caller's,
 * `'response'` the upstream's).
 *
 * @example
 * const summary: ViolationSummary = petstore.violations()
 * summary['list.schema']?.count // 3
 * summary['request.limit']?.source // 'request'
 */
export type ViolationSummary = Record<
  string,
  {
    count: number
    firstId: number
    lastId: number
    level: string
    section: string
    source: ViolationSource
  }
>

/**
 * The journal of answered requests: a bounded ring, its listeners and its counts.
 *
 * @example
 * const journal: Journal = createJournal({ size: 100 })
 * journal.list({ status: '4xx' }) // the 4xx answers, oldest first
 */
export interface Journal {
  /**
   * Records an answered request and tells every listener; returns its id.
   * The entry is built from bounded raw parts when first read (`JournalRing`).
   */
  record(answered: AnsweredRequest): number
  /** Entries that pass the filter, oldest first. A bad filter throws a 400 `ApiError`. */
  list(filter?: JournalFilter | URLSearchParams): Array<JournalEntry>
  /** Entries that pass an already checked filter, oldest first. */
  select(filter: CheckedFilter): Array<JournalEntry>
  /** Drops every entry; ids keep increasing. */
  clear(): void
  /** Calls `listener` with each new entry until the returned function is called. */
  subscribe(listener: (entry: JournalEntry) => void): () => void
  /**
   * Resolves with the first new entry that passes the filter (with `since`:
   * also one already held after that id); rejects with a `PetstoreError`
   * `ERR_PETSTORE_WAIT_TIMEOUT` when none comes in time.
   */
  waitFor(filter?: JournalFilter, options?: WaitOptions): Promise<JournalEntry>
  stats(): JournalStats
  /**
   * How often each rule was broken since the last clear; with `source`, only
   * the caller's mistakes (`'request'`) or only the upstream's (`'response'`).
   */
  violations(source?: ViolationSource): ViolationSummary
  /** The largest `limit` a filter may ask for. */
  readonly capacity: number
}

/**
 * The request journal: the last `size` answered requests in a ring, oldest
 * dropped first and counted.
 *
 * @example
 * const journal = createJournal({ size: 100 })
 * journal.subscribe((entry) => console.log(entry.method, entry.path, entry.status))
 */
export function createJournal(
  options: { size?: number; onError?: (error: unknown) => void } = {},
): Journal {
  const capacity = wholeOption(options.size, {
    name: 'journalSize',
    fallback: DEFAULTS.journalSize,
    min: 0,
    max: LIMITS.maxJournalSize,
    action: 'create the journal',
  })
  // An entry is kept as recorded and built when first read (then kept built).
  const ring = new JournalRing(capacity)
  let start = 0
  let count = 0
  let evicted = 0
  let lastId = 0
  const listeners = new Set<(entry: JournalEntry) => void>()
  let summary: ViolationSummary = nameRecord()
  const onError = options.onError ?? (() => {})

  const at = (index: number): JournalEntry => ring.read((start + index) % capacity)

  const subscribe = (listener: (entry: JournalEntry) => void) => {
    if (listeners.size >= MAX_JOURNAL_LISTENERS) {
      throw new ApiError(
        'service_unavailable',
        `At most ${MAX_JOURNAL_LISTENERS} journal listeners at once; close some event streams.`,
        { [RETRY_AFTER]: '5' },
      )
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }

  const select = (checked: CheckedFilter) => {
    const result: Array<JournalEntry> = []
    if (count === 0) return result
    const limit = checked.limit ?? count
    // Ids in the ring are consecutive: skip what `since` excludes at once.
    const firstId = ring.id(start)
    const from = checked.since === undefined ? 0 : Math.max(0, checked.since - firstId + 1)
    if (checked.since !== undefined) {
      for (let index = from; index < count && result.length < limit; index++) {
        const entry = at(index)
        if (matchesFilter(entry, checked)) result.push(entry)
      }
      return result
    }
    for (let index = count - 1; index >= 0 && result.length < limit; index--) {
      const entry = at(index)
      if (matchesFilter(entry, checked)) result.push(entry)
    }
    return result.reverse()
  }

  return {
    capacity,
    record(answered) {
      const id = ++lastId
      for (const { check, level, section, source } of answered.violations) {
        const seen = summary[check]
        if (seen === undefined) {
          summary[check] = { count: 1, firstId: id, lastId: id, level, section, source }
        } else if (seen.lastId !== id) {
          seen.count++
          seen.lastId = id
        }
      }
      if (capacity === 0 && listeners.size === 0) return id
      let slot = -1
      if (capacity > 0) {
        if (count < capacity) {
          slot = (start + count) % capacity
          count++
        } else {
          slot = start
          start = (start + 1) % capacity
          evicted++
        }
        ring.write(slot, id, answered)
      }
      if (listeners.size === 0) return id
      // With listeners (an event stream, a waiter), the entry is read at once.
      const entry = slot === -1 ? toJournalEntry(id, answered) : ring.read(slot)
      for (const listener of listeners) {
        try {
          listener(entry)
        } catch (error) {
          onError(error)
        }
      }
      return id
    },
    list: (filter) => select(readJournalFilter(filter, capacity)),
    select,
    clear() {
      ring.clear()
      start = 0
      count = 0
      evicted = 0
      summary = nameRecord()
    },
    subscribe,
    waitFor(filter, waitOptions = {}) {
      let checked: CheckedFilter
      let timeout: number
      try {
        checked = readJournalFilter(filter, Math.max(1, capacity))
        timeout = waitOptions.timeout ?? DEFAULTS.waitMs
        const problem = waitTimeoutProblem(timeout)
        if (problem !== undefined) throw new ApiError('invalid_request', problem)
      } catch (error) {
        return Promise.reject(
          new ConfigError('ERR_PETSTORE_INVALID_FILTER', 'wait for a request', messageOf(error)),
        )
      }
      if (checked.since !== undefined) {
        const [held] = select({ ...checked, limit: 1 })
        if (held !== undefined) return Promise.resolve(held)
      }
      return waitForEntry(subscribe, checked, timeout, waitOptions.signal)
    },
    stats: () => ({ size: count, capacity, evicted, lastId }),
    violations: (source) =>
      nameRecord(
        Object.entries(summary)
          .filter(([, row]) => source === undefined || row.source === source)
          .map(([check, seen]) => [check, { ...seen }]),
      ),
  }
}
