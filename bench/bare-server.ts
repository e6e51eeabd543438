/**
 * The baseline of the benchmarks: a bare node:http server in its own process
 * that answers every request with a JSON body, serialized per request, as a
 * plain JSON API server would.
 *
 * Forked with IPC (`server-throughput.ts`), it serves the bodies it is sent,
 * by request URL (path and query; another URL gets the first), reports its
 * URL over IPC and ends when its parent disconnects. Spawned without
 * (`data-layer.ts`, started the way the mock is), it serves 20 pets of its
 * own and prints `listening on URL` like the mock.
 *
 * @example
 * const child = fork('bench/bare-server.ts')
 * child.send({ bodies: { '/v1/pets?limit=20': body } })
 * child.once('message', ({ url }) => console.log(url))
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

interface Setup {
  /** JSON bodies by request URL. */
  bodies: Record<string, string>
}

function serve(byUrl: Map<string, unknown>, ready: (url: string) => void): void {
  const fallback = byUrl.values().next().value
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const body = JSON.stringify(byUrl.get(req.url ?? '') ?? fallback)
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
    const byUrl = new Map(
      Object.entries(message.bodies).map(([url, body]) => [url, JSON.parse(body) as unknown]),
    )
    serve(byUrl, (url) => process.send?.({ url }))
  })
  process.once('disconnect', () => process.exit(0))
} else {
  const pets = Array.from({ length: 20 }, (_, index) => ({
    id: index + 1,
    name: `Pet ${index + 1}`,
    categoryId: (index % 6) + 1,
    status: 'available',
  }))
  serve(new Map([['/v1/pets', pets]]), (url) => process.stdout.write(`listening on ${url}\n`))
}
