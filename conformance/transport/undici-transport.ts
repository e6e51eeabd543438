import { Agent } from 'undici'
import { decodeContent } from '../../src/adapter/node/decode-content.ts'
import { nameRecord } from '../../src/utils/name-record.ts'
import { hasDotSegment } from '../model/path-spelling.ts'

/** A request handed to a {@link Transport}. */
export interface TransportRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  maxBodyBytes: number
}

/** What a {@link Transport} returns: lower-cased headers, the body as text (bounded). */
export interface TransportResponse {
  status: number
  headers: Record<string, string>
  body: string
  truncated: boolean
}

/** Sends one HTTP request. Rejects on transport errors (timeout, refused, DNS). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>

/**
 * A body as the kit reads it: its Content-Encoding undone (every coding of a
 * list, by the decoder the proxy uses too, `decodeContent`), at most
 * `maxBytes`; a body the kit cannot decode is described in its place.
 *
 * @example
 * (await decode(zlib.gzipSync('[]'), 'gzip', 1024)).body // '[]'
 */
export async function decode(
  raw: Buffer,
  encoding: string | undefined,
  maxBytes: number,
): Promise<{ body: string; truncated: boolean }> {
  const decoded = await decodeContent(raw, encoding, maxBytes)
  if (decoded.ok) return { body: Buffer.from(decoded.bytes).toString('utf8'), truncated: false }
  if (decoded.failure === 'too-large') return { body: '', truncated: true }
  if (decoded.failure === 'unknown') {
    return { body: `[a body in the unknown Content-Encoding "${encoding}"]`, truncated: false }
  }
  return {
    body: `[a body that is not valid ${decoded.coding}: ${decoded.reason}]`,
    truncated: false,
  }
}

/**
 * A URL's origin and its path with the query, encoded as the URL parser
 * encodes them, but for the dot segments of the path, which are kept as
 * written (the parser removes them, RFC 3986 §5.2.4).
 *
 * @example
 * splitUrl('http://127.0.0.1:4010/v1/./pets?limit=1') // { origin: 'http://127.0.0.1:4010', path: '/v1/./pets?limit=1' }
 */
export function splitUrl(url: string): { origin: string; path: string } {
  const parsed = new URL(url)
  const written = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? ''
  const pathname = hasDotSegment(written)
    ? // The characters the URL parser escapes in a path, escaped as it does.
      written.replace(/[^\x21-\x7e]|["<>`{}]/gu, (char) => encodeURIComponent(char))
    : parsed.pathname
  return { origin: parsed.origin, path: `${pathname}${parsed.search}` }
}

/**
 * The default transport: undici with a keep-alive agent, a per-request
 * timeout, a bounded body read and decoding of gzip, deflate and br.
 *
 * @example
 * const transport = createUndiciTransport()
 * const response = await transport({ method: 'GET', url: 'http://127.0.0.1:4010/v1/pets', headers: {}, timeoutMs: 10_000, maxBodyBytes: 1 << 20 })
 * await transport.close()
 */
export function createUndiciTransport(): Transport & { close: () => Promise<void> } {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 4 })
  const transport = async (input: TransportRequest): Promise<TransportResponse> => {
    // Let the sockets' pending events run first: after a long stretch of the
    // kit's own work (generating cases on a busy machine), a server's close of
    // an idle connection may be waiting to be read, and a request sent on that
    // socket ends with "other side closed", which a POST may not be retried on.
    await new Promise<void>((resolve) => setImmediate(resolve))
    const { origin, path } = splitUrl(input.url)
    // The agent's own request sends the path as written: `request(url)` reads
    // it through `new URL`, which removes dot segments (`/v1/./pets`), and
    // the kit sends them to see what the server makes of them.
    const response = await agent.request({
      origin,
      path,
      method: input.method as 'GET',
      headers: input.headers,
      body: input.body ?? null,
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
      signal: AbortSignal.timeout(input.timeoutMs),
    })
    const chunks: Array<Buffer> = []
    let size = 0
    let truncated = false
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer
      if (size + buffer.length > input.maxBodyBytes) {
        chunks.push(buffer.subarray(0, input.maxBodyBytes - size))
        truncated = true
        response.body.destroy()
        break
      }
      chunks.push(buffer)
      size += buffer.length
    }
    const headers = nameRecord<string>()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
      }
    }
    const decoded = await decode(
      Buffer.concat(chunks),
      headers['content-encoding'],
      input.maxBodyBytes,
    )
    return {
      status: response.statusCode,
      headers,
      body: decoded.body,
      truncated: truncated || decoded.truncated,
    }
  }
  return Object.assign(transport, { close: () => agent.close() })
}
