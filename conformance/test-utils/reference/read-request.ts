import type { IncomingMessage } from 'node:http'
import type { ParsedRequest } from './parts.ts'

/**
 * The path with percent-encoded unreserved characters decoded: `/pets/%37` is
 * `/pets/7` (RFC 3986 §6.2.2.2); other escapes are kept.
 */
function unreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (triplet, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    // One character: the class alone decides.
    return /[A-Za-z0-9._~-]/.test(char) ? char : triplet
  })
}

// Stryker disable all: read only by a fault; a correct server reads the path as the URL parser gives it
/** The path of a request target as sent, below the base path; undefined outside it. */
function rawBelow(target: string, base: string): string | undefined {
  const path = target.split('?')[0] ?? ''
  return path.startsWith(`${base}/`) ? path.slice(base.length) : undefined
}
// Stryker restore all

/** Largest request body read (bytes); a larger one is answered 413. */
const MAX_BODY = 1024 * 1024

/**
 * Reads a request the way the server sees it: the method, the path below the
 * base path (`undefined` outside it), the query, the headers, the body (at
 * most {@link MAX_BODY} bytes kept; `bodyTooLarge` beyond) and the caller's
 * address.
 *
 * @example
 * const request = await readRequest(req, '/v1')
 */
export function readRequest(req: IncomingMessage, base: string): Promise<ParsedRequest> {
  return new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      // Stryker disable next-line AssignmentOperator: a server without a body limit reads the whole body, which §8 allows ("size limits on bodies: not shown")
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', () => {
      // Stryker disable next-line StringLiteral: indistinguishable: Node gives every request its URL, so the fallback is never read
      const target = req.url ?? '/'
      const url = new URL(target, 'http://reference')
      resolve({
        // Stryker disable next-line StringLiteral: Node gives every request its method, so the fallback is never read
        method: req.method ?? 'GET',
        // Stryker disable next-line StringLiteral: with `` every path is read below the base, which changes only paths outside it, where the spec shows nothing (§1)
        path: url.pathname.startsWith(`${base}/`)
          ? unreserved(url.pathname.slice(base.length))
          : undefined,
        // Stryker disable next-line all: read only by a fault; a correct server reads the path as the URL parser gives it
        rawPath: rawBelow(target, base),
        query: url.searchParams,
        headers: req.headers,
        // Stryker disable next-line all: read only by a fault; a correct server reads header names in any case (RFC 9110 §5.1)
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
        bodyTooLarge: size > MAX_BODY,
        // Stryker disable next-line all: the address names callers without a key, which §8 leaves uncounted or counted in any grouping; the kit calls from one address
        address: req.socket.remoteAddress ?? '',
      })
    })
  })
}
