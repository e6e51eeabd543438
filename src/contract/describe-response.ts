/** How much of a body a description shows. */
const MAX_BODY_SHOWN = 400

/**
 * A short description of a response: its status and the start of its body,
 * whitespace folded, cut at 400 characters.
 *
 * @example
 * describeHttpResponse(404, '{"code":"not_found"}') // 'HTTP 404 {"code":"not_found"}'
 */
export function describeHttpResponse(status: number, body: string): string {
  const folded = body.replace(/\s+/g, ' ').trim()
  const shown = folded.length > MAX_BODY_SHOWN ? `${folded.slice(0, MAX_BODY_SHOWN)}...` : folded
  return `HTTP ${status}${shown ? ` ${shown}` : ''}`
}
