/**
 * The baseline of `server-throughput.ts`: a bare node:http server in its own
 * process that answers every request with the 20 pets it is sent over IPC,
 * serialized per request, as a plain JSON API server would. It reports its URL
 * over IPC and ends when its parent disconnects.
 *
 * @example
 * const child = fork('bench/bare-server.ts')
 * child.send({ body })
 * child.once('message', ({ url }) => console.log(url))
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

interface Setup {
  body: string
}

process.once('message', (message: Setup) => {
  const pets: unknown = JSON.parse(message.body)
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (_req, res) => {
    const body = JSON.stringify(pets)
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    })
    res.end(body)
  })
  server.listen(0, '127.0.0.1', () => {
    const { address, port } = server.address() as AddressInfo
    process.send?.({ url: `http://${address}:${port}` })
  })
})

process.once('disconnect', () => process.exit(0))
