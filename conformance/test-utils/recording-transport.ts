import type { JudgedExchange } from '../../src/judge/judge-exchange.ts'
import { createUndiciTransport, type Transport } from '../transport/undici-transport.ts'

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
    const url = new URL(request.url)
    exchanges.push({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
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
