import { Agent, request } from 'undici'

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
 * The default transport: undici with a keep-alive agent, a per-request
 * timeout and a bounded body read.
 *
 * @example
 * const transport = createUndiciTransport()
 * const response = await transport({ method: 'GET', url: 'http://127.0.0.1:4010/v1/pets', headers: {}, timeoutMs: 10_000, maxBodyBytes: 1 << 20 })
 * await transport.close()
 */
export function createUndiciTransport(): Transport & { close: () => Promise<void> } {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 4 })
  const transport = async (input: TransportRequest): Promise<TransportResponse> => {
    const response = await request(input.url, {
      method: input.method as 'GET',
      headers: input.headers,
      body: input.body,
      dispatcher: agent,
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
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
      }
    }
    return {
      status: response.statusCode,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
      truncated,
    }
  }
  return Object.assign(transport, { close: () => agent.close() })
}
