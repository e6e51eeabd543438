import http from 'node:http'
import net from 'node:net'

/**
 * A request as the node:http flavour hands it over: the request, the response
 * to misbehave with at will (always 429, destroy the socket mid-answer, ...)
 * and the 1-based number of the request.
 *
 * @example
 * const handle: HttpHandler = (req, res) => res.writeHead(429, { 'retry-after': '60' }).end()
 */
export type HttpHandler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  count: number,
) => void

/**
 * One request as the socket flavour reads it: its method and target, and the
 * socket to write any bytes at all to (a status line, headers, a body or
 * nothing; end it, reset it, leave it open).
 *
 * @example
 * const handle: SocketHandler = ({ method, socket }) => socket.end('HTTP/1.1 204 No Content\r\n\r\n')
 */
export type SocketHandler = (request: {
  method: string
  target: string
  socket: net.Socket
}) => void

/**
 * A running raw test server.
 *
 * @example
 * const server: RawServer = await startRawServer(handler)
 */
export interface RawServer {
  /** The origin, e.g. `http://127.0.0.1:PORT`. */
  url: string
  /** Requests received so far. */
  readonly requests: number
  /** The targets received so far, in order. */
  readonly targets: ReadonlyArray<string>
  close(): Promise<void>
}

/** A request head longer than this is not read: the socket is destroyed (socket flavour). */
const MAX_HEAD_BYTES = 65_536

/**
 * The one raw test server: a TCP server on 127.0.0.1, port 0, that serves
 * each connection either through node:http (`handler(request, response,
 * count)`, the default) or, with `'socket'`, as bytes: it reads one request
 * head (at most 64 KiB; its body, if any, is read and dropped) and hands the
 * socket to `handler`, so that it can answer with any framing node:http would
 * refuse to send (a 204 with a body, a length that lies, 1xx before the final
 * status, a reset midway); each connection then serves one request.
 * `close()` destroys every open connection.
 *
 * @example
 * const server = await startRawServer((req, res) => res.writeHead(429, { 'retry-after': '60' }).end())
 * const upstream = await startRawServer(
 *   ({ socket }) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]'),
 *   'socket',
 * )
 * await Promise.all([server.close(), upstream.close()])
 */
export function startRawServer(handler: HttpHandler): Promise<RawServer>
export function startRawServer(handler: SocketHandler, flavour: 'socket'): Promise<RawServer>
export async function startRawServer(
  handler: HttpHandler | SocketHandler,
  flavour: 'http' | 'socket' = 'http',
): Promise<RawServer> {
  const sockets = new Set<net.Socket>()
  const targets: Array<string> = []
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    targets.push(request.url ?? '/')
    request.resume()
    ;(handler as HttpHandler)(request, response, targets.length)
  }
  const httpServer = flavour === 'http' ? http.createServer(onRequest) : undefined
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    if (httpServer) {
      httpServer.emit('connection', socket)
      return
    }
    socket.on('error', () => {})
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      const end = head.indexOf('\r\n\r\n')
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) socket.destroy()
        return
      }
      socket.off('data', onData)
      // The rest (a request body) is read and dropped.
      socket.resume()
      const [method = 'GET', target = '/'] = head.slice(0, head.indexOf('\r\n')).split(' ')
      targets.push(target)
      ;(handler as SocketHandler)({ method, target, socket })
    }
    socket.on('data', onData)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return targets.length
    },
    targets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * An Error body as the spec shapes it, for test servers.
 *
 * @example
 * response.end(errorBody(429, 'RATE_LIMITED'))
 */
export const errorBody = (status: number, code: string) =>
  JSON.stringify({ code, message: `Test server: ${code}.`, status })
