import { messageOf } from '../errors/message-of.ts'
import { parseExactJson } from './exact-json.ts'

/**
 * Parses a body as JSON, integers beyond 2^53 exactly (as bigint); a reason
 * when it is not JSON.
 *
 * @example
 * parseJsonBody('{"a":1}') // { ok: true, value: { a: 1 } }
 */
export function parseJsonBody(
  body: string,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: parseExactJson(body) }
  } catch (error) {
    return { ok: false, reason: messageOf(error) }
  }
}
