import { messageOf } from '../../errors/message-of.ts'
import { PetstoreError } from '../../errors/petstore-error.ts'
import type { JournalEntry } from './journal-entry.ts'
import { type CheckedFilter, matchesFilter } from './journal-filter.ts'

/**
 * Resolves with the first entry a subscription hears that passes `filter`;
 * rejects with a `PetstoreError` `ERR_PETSTORE_WAIT_TIMEOUT` after `timeout`
 * ms, with `ERR_PETSTORE_TOO_MANY_LISTENERS` when `subscribe` refuses (the
 * listener cap), or with the signal's reason when it aborts. Whichever comes
 * first unsubscribes and clears the timer: nothing is left armed.
 *
 * @example
 * const entry = await waitForEntry(journal.subscribe, { status: 429 }, 2_000, undefined)
 */
export function waitForEntry(
  subscribe: (listener: (entry: JournalEntry) => void) => () => void,
  filter: CheckedFilter,
  timeout: number,
  signal: AbortSignal | undefined,
): Promise<JournalEntry> {
  return new Promise<JournalEntry>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let unsubscribe: () => void
    try {
      unsubscribe = subscribe((entry) => {
        if (!matchesFilter(entry, filter)) return
        done()
        resolve(entry)
      })
    } catch (error) {
      // The listener cap is reached: nothing is armed yet, so nothing leaks.
      reject(
        PetstoreError.failed(
          'ERR_PETSTORE_TOO_MANY_LISTENERS',
          'wait for a request',
          messageOf(error),
        ),
      )
      return
    }
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      done()
      reject(signal?.reason)
    }
    timer = setTimeout(() => {
      done()
      reject(
        PetstoreError.failed(
          'ERR_PETSTORE_WAIT_TIMEOUT',
          'wait for a request',
          `no request matched ${describeFilter(filter)} within ${timeout} ms`,
        ),
      )
    }, timeout)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function describeFilter(filter: CheckedFilter): string {
  const parts = Object.entries(filter).map(([name, value]) =>
    name === 'statusClass' ? `status=${String(value)}xx` : `${name}=${String(value)}`,
  )
  return parts.length === 0 ? 'any request' : parts.join(' ')
}
