import { ROUTES } from '../spec/routes.ts'
import type { OperationId } from './check-definition.ts'

/** Each route's method and its path template as a pattern (a path parameter is one non-empty segment). */
const MATCHERS = ROUTES.map((route) => ({
  operationId: route.operationId,
  method: route.method,
  pattern: new RegExp(
    `^${route.path
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  ),
}))

/**
 * The operation a request is for, from its method and its full path (with
 * `/v1`, without the query), read from the spec's route table: `other` for a
 * method or path the spec does not define.
 *
 * @example
 * operationOf('GET', '/v1/pets/7') // 'getPet'
 * operationOf('DELETE', '/v1/pets/7') // 'other'
 */
export function operationOf(method: string, path: string): OperationId {
  const upper = method.toUpperCase()
  return (
    MATCHERS.find((matcher) => matcher.method === upper && matcher.pattern.test(path))
      ?.operationId ?? 'other'
  )
}
