import type { IncomingHttpHeaders } from 'node:http'
import zlib from 'node:zlib'
import type { ReferenceOptions } from './reference-options.ts'

const COMPRESS = {
  gzip: zlib.gzipSync,
  br: zlib.brotliCompressSync,
  deflate: zlib.deflateSync,
}

/**
 * Compresses a body with the server's encoding when the client accepts it,
 * adding `Content-Encoding` and `Vary` to `headers`. Compression is an
 * allowed difference as a whole (the kit accepts gzip, br, deflate and
 * none), so mutation testing leaves this file out.
 *
 * @example
 * buffer = compressBody(buffer, req.headers, { compression: 'gzip' }, headers)
 */
export function compressBody(
  buffer: Buffer,
  requestHeaders: IncomingHttpHeaders,
  options: ReferenceOptions,
  headers: Record<string, string | number>,
): Buffer {
  const encoding = options.compression
  if (!encoding || !String(requestHeaders['accept-encoding'] ?? '').includes(encoding)) {
    return buffer
  }
  headers['Content-Encoding'] = encoding
  headers.Vary = 'Accept-Encoding'
  return COMPRESS[encoding](buffer)
}
