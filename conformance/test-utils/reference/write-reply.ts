import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import { compressBody } from './compress-body.ts'
import { stringifyExactJson } from './exact-json.ts'
import type { Reply } from './parts.ts'
import type { ReferenceOptions } from './reference-options.ts'

/**
 * Writes a reply: JSON with exact int64s (`application/problem+json` for
 * errors when so set), compressed when the server and the client agree on
 * an encoding, with `Date` (an IMF-fixdate of `nowMs`) and `Content-Length`.
 *
 * @example
 * writeReply(res, reply, req.headers, options, Date.now())
 */
export function writeReply(
  res: ServerResponse,
  reply: Reply,
  requestHeaders: IncomingHttpHeaders,
  options: ReferenceOptions,
  nowMs: number,
): void {
  // RFC 9110 §6.6.1: `Date` on every answer (a reply's own, which only a fault sets, wins).
  const headers: Record<string, string | number> = {
    Date: new Date(nowMs).toUTCString(),
    ...reply.headers,
  }
  // Stryker disable next-line all: Node's own Date or ours, both the server's clock
  res.sendDate = false
  headers['Content-Type'] =
    reply.raw?.type ??
    (reply.status >= 400 && options.problemJson
      ? 'application/problem+json'
      : 'application/json; charset=utf-8')
  const text = reply.raw?.text ?? stringifyExactJson(reply.body)
  const buffer = compressBody(Buffer.from(text), requestHeaders, options, headers)
  headers['Content-Length'] = buffer.length
  res.writeHead(reply.status, headers)
  res.end(buffer)
}
