import type { JudgedExchange } from '../../src/judge/judge-exchange.ts'
import { createUndiciTransport, splitUrl, type Transport } from '../transport/undici-transport.ts'

/**
 * The kit's default transport, keeping each exchange as a proxy in front of
 * the server would see it (the request as sent, the response as read, both
 * times from `now`): what the proxy's judge is given.
 *
 * @example
 * const recorder = recordingTransport(clock.now)
 * await runConformance({ baseUrl, token, transport: recorder.transport })
 * await recorder.close()
 * createExchangeJudge()(recorder.exchanges[0])
 */
export function recordingTransport(now: () => number): {
  transport: Transport
  exchanges: Array<JudgedExchange>
  close: () => Promise<void>
} {
  const inner = createUndiciTransport()
  const exchanges: Array<JudgedExchange> = []
  const transport: Transport = async (request) => {
    const sentAt = now()
    const response = await inner(request)
    // The path as sent (dot segments kept, as the transport sends them), not as a URL parser reads it.
    const { path: target } = splitUrl(request.url)
    const at = target.indexOf('?')
    exchanges.push({
      method: request.method,
      path: at < 0 ? target : target.slice(0, at),
      query: at < 0 ? '' : target.slice(at + 1),
      requestHeaders: request.headers,
      ...(request.body === undefined ? {} : { requestBody: request.body }),
      status: response.status,
      responseHeaders: response.headers,
      responseBody: response.body,
      responseTruncated: response.truncated,
      sentAt,
      receivedAt: now(),
    })
    return response
  }
  return { transport, exchanges, close: () => inner.close() }
}
