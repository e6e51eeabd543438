import { jsonResponse } from '../http/json-response.ts'
import type { Operation } from '../http/types.ts'
import type { Journal } from './create-journal.ts'
import { type EventStreamOptions, eventStream } from './event-stream.ts'
import { readJournalFilter } from './journal-filter.ts'

/**
 * The journal's control endpoints: `GET /__mock/requests` (filtered, oldest
 * first), `DELETE /__mock/requests`, and `GET /__mock/events` (Server-Sent
 * Events, resumable with `Last-Event-ID` or `?since=`).
 *
 * @example
 * const routes = journalRoutes(journal)
 * await routes['GET /__mock/requests']?.(ctx)
 */
export function journalRoutes(
  journal: Journal,
  options: Omit<EventStreamOptions, 'since'> = {},
): Record<string, Operation> {
  return {
    'GET /__mock/requests': ({ request }) =>
      jsonResponse(200, journal.list(request.query), { 'cache-control': 'no-store' }),
    'DELETE /__mock/requests': () => {
      journal.clear()
      return { status: 204, headers: {} }
    },
    'GET /__mock/events': ({ request }) => {
      const filter = readJournalFilter(request.query, journal.capacity)
      const lastEventId = request.headers.get('last-event-id')
      const resumed =
        lastEventId !== null && /^\d{1,15}$/.test(lastEventId.trim())
          ? Number(lastEventId.trim())
          : undefined
      return eventStream(journal, filter, { ...options, since: resumed ?? filter.since })
    },
  }
}
