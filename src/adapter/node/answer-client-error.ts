import type { ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { ApiError } from '../../errors/api-error.ts'
import { http } from './node-http.ts'

/**
 * Answers what Node's HTTP parser refused before a request existed (a bad
 * request line or header, a header block over `http.maxHeaderSize`, headers
 * that did not arrive in time) with the spec's Error body and
 * `Connection: close`, then closes the socket. A socket that is gone, reset or
 * already carries a response is only closed. No key is known yet, so this
 * answer has no rate-limit headers.
 *
 * @example
 * server.on('clientError', answerClientError)
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const refusal = toApiError(error)
  const body = JSON.stringify(refusal.toBody())
  socket.write(
    [
      `HTTP/1.1 ${refusal.status} ${http.STATUS_CODES[refusal.status]}`,
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      '',
      body,
    ].join('\r\n'),
  )
  socket.destroy()
}

function toApiError(error: NodeJS.ErrnoException): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        'headers_too_large',
        `The request headers are larger than ${http.maxHeaderSize} bytes.`,
      )
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', 'The request did not arrive in time.')
    default:
      return new ApiError(
        'invalid_request',
        `The request is not valid HTTP/1.1 (${error.code ?? 'unparsable'}).`,
      )
  }
}
