import type { IncomingHttpHeaders, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import { stringifyExactJson } from './exact-json.ts'
import type { Reply } from './parts.ts'
import type { ReferenceOptions } from './reference-options.ts'

const COMPRESS = {
  gzip: zlib.gzipSync,
  br: zlib.brotliCompressSync,
  deflate: zlib.deflateSync,
}

/**
 * Writes a reply: JSON with exact int64s (`application/problem+json` for
 * errors when so set), compressed when the server and the client agree on
 * an encoding, with `Date` and `Content-Length`.
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
  const headers: Record<string, string | number> = { ...reply.headers }
  res.sendDate = false
  if (options.sendDate !== false) {
    headers.Date = new Date(nowMs).toUTCString()
  }
  headers['Content-Type'] =
    reply.raw?.type ??
    (reply.status >= 400 && options.problemJson
      ? 'application/problem+json'
      : 'application/json; charset=utf-8')
  let buffer = Buffer.from(reply.raw?.text ?? stringifyExactJson(reply.body))
  const encoding = options.compression
  if (encoding && String(requestHeaders['accept-encoding'] ?? '').includes(encoding)) {
    buffer = COMPRESS[encoding](buffer)
    headers['Content-Encoding'] = encoding
    headers.Vary = 'Accept-Encoding'
  }
  headers['Content-Length'] = buffer.length
  res.writeHead(reply.status, headers)
  res.end(buffer)
}
