import { jsonResponse } from '../../base/http/json-response.ts'
import { originOfHost } from '../../base/http/origin-of-host.ts'
import type { ViolationSource } from '../../base/http/types.ts'
import type { Journal } from '../../core/journal/create-journal.ts'
import { type EventStreamOptions, eventStream } from '../../core/journal/event-stream.ts'
import { readJournalFilter } from '../../core/journal/journal-filter.ts'
import { toHar } from '../../core/journal/to-har.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ADMIN_PREFIX } from '../../spec/paths.ts'
import { clip } from '../../utils/clip.ts'
import type { AdminRoute } from './admin-api.ts'

/**
 * The journal's control endpoints: `GET /__mock/requests` (filtered, oldest
 * first), `GET /__mock/requests.har` (the same as HAR 1.2),
 * `DELETE /__mock/requests`, `GET /__mock/violations` (per check id; `?source=request`
 * only the caller's mistakes, `?source=response` only the upstream's) and
 * `GET /__mock/events` (Server-Sent Events, resumable with `Last-Event-ID`
 * or `?since=`).
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
      method: 'GET',
      path: `${ADMIN_PREFIX}/requests.har`,
      run: ({ request }) =>
        jsonResponse(
          200,
          toHar(
            journal.list(request.query),
            request.origin ?? originOfHost(request.headers.get('host')) ?? '',
          ),
          {
            'cache-control': 'no-store',
            'content-disposition': 'attachment; filename="petstore-mock.har"',
          },
        ),
    },
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/violations`,
      run: ({ request }) =>
        jsonResponse(200, journal.violations(readViolationSource(request.query)), {
          'cache-control': 'no-store',
        }),
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

/** The sources `GET /__mock/violations?source=` takes. */
const SOURCES: ReadonlyArray<ViolationSource> = ['request', 'response']

/** `?source=` of `GET /__mock/violations`: absent, `request` or `response`; anything else is a 400. */
function readViolationSource(query: URLSearchParams): ViolationSource | undefined {
  const values = query.getAll('source')
  if (values.length === 0) return undefined
  const [value] = values
  const source = SOURCES.find((known) => known === value)
  if (values.length > 1 || source === undefined) {
    throw new ApiError(
      'invalid_request',
      `Violations filter "source" must be request (the caller's mistakes) or response (the upstream's), once; got "${clip(values.join(','))}".`,
    )
  }
  return source
}
