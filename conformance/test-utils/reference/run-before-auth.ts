import type { ParsedRequest, ReferenceParts } from './parts.ts'

/**
 * Runs the middlewares a fault puts before the key check, in order. A
 * correct server has none: this is the faults' hook, kept apart from the
 * server's code so that mutation testing leaves it out like the faults.
 *
 * @example
 * runBeforeAuth(parts, request)
 */
export function runBeforeAuth(parts: ReferenceParts, request: ParsedRequest): void {
  for (const middleware of parts.beforeAuth) middleware(request)
}
