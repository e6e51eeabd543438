import { jsonResponse } from '../../base/http/json-response.ts'
import { readJsonBody } from '../../base/http/read-json-body.ts'
import { armCell } from '../../core/coverage/arm-cell.ts'
import type { Coverage } from '../../core/coverage/create-coverage.ts'
import type { ScenarioQueue } from '../../core/simulation/scenario-queue.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ADMIN_PREFIX } from '../../spec/paths.ts'
import type { AdminRoute } from './admin-api.ts'

/**
 * The coverage endpoints: `GET /__mock/coverage` (`?session=LABEL`: only the
 * requests that carried `X-Petstore-Session: LABEL`) and
 * `POST /__mock/coverage/force` (`{ "cell", "times" }`: 201 with the armed
 * scenario).
 *
 * @example
 * const routes = coverageRoutes(coverage, scenarios)
 */
export function coverageRoutes(coverage: Coverage, scenarios: ScenarioQueue): Array<AdminRoute> {
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
        return jsonResponse(200, coverage.report(session === undefined ? {} : { session }), {
          'cache-control': 'no-store',
        })
      },
    },
    {
      method: 'POST',
      path: `${ADMIN_PREFIX}/coverage/force`,
      run: ({ request }) => jsonResponse(201, armCell(scenarios, readJsonBody(request, 'a force'))),
    },
  ]
}
