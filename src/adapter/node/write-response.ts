import type { ServerResponse } from 'node:http'
import type { MockResponse } from '../../base/http/types.ts'
import { nameRecord } from '../../utils/name-record.ts'

/**
 * Writes the app's answer on a node:http response, with its
 * `Content-Length`; `closeAfter` adds `Connection: close`. Does nothing once
 * an answer has been written or the client is gone. Returns whether it wrote.
 *
 * @example
 * writeResponse(res, { status: 204, headers: {} })
 */
export function writeResponse(
  res: ServerResponse,
  response: MockResponse,
  closeAfter = false,
): boolean {
  if (res.destroyed || res.headersSent) return false
  const headers: Record<string, string | number | Array<string>> = Object.assign(
    nameRecord(),
    response.headers,
  )
  if (response.setCookie !== undefined && response.setCookie.length > 0) {
    headers['set-cookie'] = response.setCookie
  }
  if (response.body !== undefined) headers['content-length'] = Buffer.byteLength(response.body)
  else if (
    response.status !== 204 &&
    response.status !== 304 &&
    headers['content-length'] === undefined
  ) {
    headers['content-length'] = 0
  }
  if (closeAfter) headers.connection = 'close'
  res.writeHead(response.status, headers)
  res.end(response.body)
  return true
}
