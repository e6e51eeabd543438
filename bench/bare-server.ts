/**
 * The baseline of the benchmarks: a bare node:http server in its own process
 * that answers every request with 20 pets, serialized per request, as a plain
 * JSON API server would.
 *
 * Forked with IPC (`server-throughput.ts`), it serves the pets it is sent,
 * reports its URL over IPC and ends when its parent disconnects. Spawned
 * without (`data-layer.ts`, started the way the mock is), it serves 20 pets
 * of its own and prints `listening on URL` like the mock.
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

function serve(pets: unknown, ready: (url: string) => void): void {
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
    ready(`http://${address}:${port}`)
  })
}

if (process.send) {
  process.once('message', (message: Setup) => {
    serve(JSON.parse(message.body), (url) => process.send?.({ url }))
  })
  process.once('disconnect', () => process.exit(0))
} else {
  const pets = Array.from({ length: 20 }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: (index % 6) + 1,
    status: 'available',
  }))
  serve(pets, (url) => process.stdout.write(`listening on ${url}\n`))
}
