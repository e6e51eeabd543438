/**
 * The baseline of the proxy benchmark: a bare node:http reverse proxy in its
 * own process that forwards every request to one upstream (keep-alive
 * agent, hop-by-hop headers dropped, bodies piped) and judges nothing.
 * Forked with IPC: it is sent `{ upstream }`, reports its URL over IPC and
 * ends when its parent disconnects.
 *
 * @example
 * const child = fork('bench/bare-proxy.ts')
 * child.send({ upstream: 'http://127.0.0.1:8080' })
 * child.once('message', ({ url }) => console.log(url))
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]

process.once('message', ({ upstream }: { upstream: string }) => {
  const target = new URL(upstream)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http.createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    const headers = { ...req.headers }
    for (const name of HOP_BY_HOP) delete headers[name]
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers,
        agent,
      },
      (incoming) => {
        const answer = { ...incoming.headers }
        for (const name of HOP_BY_HOP) delete answer[name]
        res.writeHead(incoming.statusCode ?? 502, answer)
        incoming.pipe(res)
      },
    )
    outgoing.on('error', () => res.writeHead(502).end())
    req.pipe(outgoing)
  })
  server.listen(0, '127.0.0.1', () => {
    const { address, port } = server.address() as AddressInfo
    process.send?.({ url: `http://${address}:${port}` })
  })
})
process.once('disconnect', () => process.exit(0))
