import type { Clock } from '../../base/clock/clock.ts'
import { jsonResponse } from '../../base/http/json-response.ts'
import type { Context, MockResponse, Next } from '../../base/http/types.ts'
import { forcedError } from '../simulation/forced-error.ts'
import { sleep } from '../simulation/sleep.ts'
import { cellOf, SLOW_ANSWER_MS } from './coverage-model.ts'

/**
 * Answers a request as a coverage cell's state (a scenario armed by
 * `POST /__mock/coverage/force`): an Error with the code and headers of its
 * status (a 429 with `Retry-After` and `X-RateLimit-Remaining: 0`), an empty
 * list, the list filtered by the cell's `status`, the real answer after
 * `SLOW_ANSWER_MS`, or the real answer where the data decides the state
 * (a full page, a created pet). The request carries the cell's id to the
 * coverage count.
 *
 * @example
 * return forceCell('listPets:200:empty', ctx, next, clock) // 200 []
 */
export function forceCell(
  id: string,
  ctx: Context,
  next: Next,
  clock: Clock,
): MockResponse | Promise<MockResponse> {
  const cell = cellOf(id)
  if (cell === undefined) return next(ctx)
  ctx.cell = id
  const { force } = cell
  switch (force.kind) {
    case 'error':
      throw forcedError(
        ctx,
        force.code,
        `${cell.label[0]?.toUpperCase()}${cell.label.slice(1)} (forced).`,
      )
    case 'empty':
      return jsonResponse(cell.status, [])
    case 'filter': {
      const query = new URLSearchParams(ctx.request.query)
      query.set('status', force.status)
      ctx.request = { ...ctx.request, query, rawQuery: query.toString() }
      return next(ctx)
    }
    case 'slow': {
      const { signal } = ctx.request
      const slept = clock.sleep
        ? clock.sleep(SLOW_ANSWER_MS, signal)
        : sleep(SLOW_ANSWER_MS, signal)
      return Promise.resolve(slept).then(() => next(ctx))
    }
    default:
      return next(ctx)
  }
}
