import { jsonResponse } from '../../base/http/json-response.ts'
import { readJsonBody } from '../../base/http/read-json-body.ts'
import { armCell } from '../../core/coverage/arm-cell.ts'
import { type Coverage, NOT_COUNTED } from '../../core/coverage/create-coverage.ts'
import { setUpProviderState } from '../../core/coverage/provider-state.ts'
import { toPact } from '../../core/coverage/to-pact.ts'
import type { Journal } from '../../core/journal/create-journal.ts'
import type { ScenarioQueue } from '../../core/simulation/scenario-queue.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ADMIN_PREFIX } from '../../spec/paths.ts'
import type { AdminRoute } from './admin-api.ts'

/**
 * The coverage endpoints: `GET /__mock/coverage` (`?session=LABEL`: only the
 * requests that carried `X-Petstore-Session: LABEL`),
 * `POST /__mock/coverage/force` (`{ "cell", "times" }`: 201 with the armed
 * scenario), `GET /__mock/coverage.pact.json?consumer=&provider=` (the met
 * cells as a Pact v4 file) and `POST /__mock/provider-states` (Pact's
 * provider-state call: the mock as the provider in a verification). With
 * counting off (`coverage: false`, `--no-coverage`) the report and the Pact
 * file answer 404 saying so; forcing a cell and provider states still work.
 *
 * @example
 * const routes = coverageRoutes({ coverage, scenarios, journal, reset })
 */
export function coverageRoutes(deps: {
  coverage: Coverage | undefined
  scenarios: ScenarioQueue
  journal: Pick<Journal, 'list'>
  reset(): Promise<void>
}): Array<AdminRoute> {
  const { coverage, scenarios, journal } = deps
  return [
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/coverage`,
      run: ({ request }) => {
        const sessions = request.query.getAll('session')
        if (sessions.length > 1) {
          throw new ApiError('invalid_request', 'Coverage filter "session" may be given once.')
        }
        const [session] = sessions
        return jsonResponse(
          200,
          counted(coverage).report(session === undefined ? {} : { session }),
          {
            'cache-control': 'no-store',
          },
        )
      },
    },
    {
      method: 'POST',
      path: `${ADMIN_PREFIX}/coverage/force`,
      run: ({ request }) => jsonResponse(201, armCell(scenarios, readJsonBody(request, 'a force'))),
    },
    {
      method: 'GET',
      path: `${ADMIN_PREFIX}/coverage.pact.json`,
      run: ({ request }) => {
        const names = {
          consumer: readName(request.query, 'consumer', 'frontend'),
          provider: readName(request.query, 'provider', 'animal-adoption-service'),
        }
        return jsonResponse(200, toPact(counted(coverage).report(), journal.list(), names), {
          'cache-control': 'no-store',
          'content-disposition': 'attachment; filename="petstore-mock.pact.json"',
        })
      },
    },
    {
      method: 'POST',
      path: `${ADMIN_PREFIX}/provider-states`,
      run: async ({ request }) =>
        jsonResponse(
          200,
          await setUpProviderState(readJsonBody(request, 'a provider state'), deps),
        ),
    },
  ]
}

/** The counter, or a 404 saying counting is off. */
function counted(coverage: Coverage | undefined): Coverage {
  if (coverage === undefined) {
    throw new ApiError('route_not_found', `Traffic coverage is not counted: ${NOT_COUNTED}.`)
  }
  return coverage
}

/** A pacticipant name of the query: 1 to 100 printable characters, or the default. */
function readName(query: URLSearchParams, name: string, fallback: string): string {
  const values = query.getAll(name)
  if (values.length === 0) return fallback
  const [value = ''] = values
  if (values.length > 1 || !/^[ -~]{1,100}$/.test(value)) {
    throw new ApiError(
      'invalid_request',
      `Query parameter "${name}" must be given once, 1 to 100 printable ASCII characters.`,
    )
  }
  return value
}
