import { whole } from '../../base/options/whole-option.ts'
import { ApiError } from '../../errors/api-error.ts'
import { ADMIN_PREFIX } from '../../spec/paths.ts'
import { routeOf } from '../../spec/routes.ts'
import { clip, printable } from '../../utils/clip.ts'
import { isPlainObject } from '../../utils/is-plain-object.ts'
import {
  MAX_SCENARIO_TIMES,
  type Scenario,
  type ScenarioQueue,
} from '../simulation/scenario-queue.ts'
import { cellOf } from './coverage-model.ts'

const FIELDS = ['cell', 'times']

/**
 * Arms a coverage cell: the next `times` requests of its operation are
 * answered as its state (`POST /__mock/coverage/force`, `petstore.force()`).
 * The body is `{ "cell": "<id>", "times": 1 }` (`times` 1 to
 * `MAX_SCENARIO_TIMES`, default 1); anything else, and a cell the model
 * does not have, is a 400 `ApiError` naming it. Returns the queued scenario.
 *
 * @example
 * armCell(scenarios, { cell: 'listPets:429:rate-limited', times: 2 }).remaining // 2
 */
export function armCell(scenarios: ScenarioQueue, input: unknown): Scenario {
  if (!isPlainObject(input)) {
    throw new ApiError(
      'invalid_request',
      'A force must be a JSON object such as { "cell": "listPets:429:rate-limited", "times": 1 }.',
    )
  }
  const unknown = Object.keys(input).find((field) => !FIELDS.includes(field))
  if (unknown !== undefined) {
    throw new ApiError(
      'invalid_request',
      `Field "${printable(clip(unknown))}" is not part of a force; use ${FIELDS.join(', ')}.`,
    )
  }
  const { cell: id, times = 1 } = input
  const cell = typeof id === 'string' ? cellOf(id) : undefined
  if (cell === undefined) {
    const named =
      typeof id === 'string'
        ? `"${printable(clip(id, 80))}"`
        : `a ${id === null ? 'null' : typeof id}`
    throw new ApiError(
      'invalid_request',
      `Field "cell" must be the id of a coverage cell such as "listPets:429:rate-limited", got ${named}; GET ${ADMIN_PREFIX}/coverage lists them.`,
    )
  }
  const counted = whole(1, MAX_SCENARIO_TIMES).safeParse(times)
  if (!counted.success) {
    throw new ApiError('invalid_request', `Field "times" ${counted.error.issues[0]?.message}.`)
  }
  const route = routeOf(cell.operation)
  return scenarios.arm({ cell: cell.id, method: route.method, path: route.path }, counted.data)
}
