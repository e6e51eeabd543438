import net from 'node:net'

/**
 * One request as a raw upstream reads it: its method and target, and the
 * socket to write any bytes at all to (a status line, headers, a body or
 * nothing; end it, reset it, leave it open).
 *
 * @example
 * const handle: RawHandler = ({ method, socket }) => socket.end('HTTP/1.1 204 No Content\r\n\r\n')
 */
export type RawHandler = (request: { method: string; target: string; socket: net.Socket }) => void

/**
 * A running raw upstream.
 *
 * @example
 * const upstream: RawUpstream = await startRawUpstream(handler)
 */
export interface RawUpstream {
  /** The origin, e.g. `http://127.0.0.1:PORT`. */
  url: string
  /** The targets received so far, in order. */
  readonly targets: ReadonlyArray<string>
  close(): Promise<void>
}

/**
 * An upstream written on a TCP socket, not node:http: it can answer with any
 * framing node:http would refuse to send (a 204 with a body, a length that
 * lies, 1xx before the final status, a reset midway). It reads one request
 * head (its body, if any, is ignored) and hands the socket to `handler`;
 * each connection serves one request.
 *
 * @example
 * const upstream = await startRawUpstream(({ socket }) =>
 *   socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n[]'),
 * )
 * await upstream.close()
 */
export async function startRawUpstream(handler: RawHandler): Promise<RawUpstream> {
  const sockets = new Set<net.Socket>()
  const targets: Array<string> = []
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      const end = head.indexOf('\r\n\r\n')
      if (end === -1) {
        if (head.length > 65_536) socket.destroy()
        return
      }
      socket.off('data', onData)
      // The rest (a request body) is read and dropped.
      socket.resume()
      const [method = 'GET', target = '/'] = head.slice(0, head.indexOf('\r\n')).split(' ')
      targets.push(target)
      handler({ method, target, socket })
    }
    socket.on('data', onData)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
