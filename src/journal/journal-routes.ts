import type { AdminRoute } from '../admin/admin-api.ts'
import { jsonResponse } from '../http/json-response.ts'
import { ADMIN_PREFIX } from '../spec/paths.ts'
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
 */
export function journalRoutes(
  journal: Journal,
  options: Omit<EventStreamOptions, 'since'> = {},
): Array<AdminRoute> {
  return [
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/requests`,
      run: ({ request }) =>
        jsonResponse(200, journal.list(request.query), { 'cache-control': 'no-store' }),
    },
    {
      method: 'DELETE',
      path: `${ADMIN_PREFIX}/requests`,
      run: () => {
        journal.clear()
        return { status: 204, headers: {} }
      },
    },
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/events`,
      run: ({ request }) => {
        const filter = readJournalFilter(request.query, journal.capacity)
        const lastEventId = request.headers.get('last-event-id')?.trim()
        const resumed =
          lastEventId !== undefined && /^\d{1,15}$/.test(lastEventId)
            ? Number(lastEventId)
            : undefined
        return eventStream(journal, filter, { ...options, since: resumed ?? filter.since })
      },
    },
  ]
}
