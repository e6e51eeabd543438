import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { applyFault } from './apply-fault.ts'
import { createParts } from './create-parts.ts'
import { errorReply } from './error-reply.ts'
import { createHandler } from './handle-request.ts'
import type { ParsedRequest } from './parts.ts'
import type { ReferenceOptions } from './reference-options.ts'
import { STATUSES } from './statuses.ts'
import { writeReply } from './write-reply.ts'

/** Largest request body read (bytes); a larger one is answered 413. */
const MAX_BODY = 1024 * 1024

/** A running reference server. */
export interface ReferenceServer {
  /** The API base URL, e.g. `http://127.0.0.1:PORT/v1`. */
  baseUrl: string
  /** Requests served so far. */
  requests: () => number
  close: () => Promise<void>
}

/**
 * Starts the reference server on 127.0.0.1, port 0: a small, independent
 * implementation of the spec on plain `node:http`, sharing nothing with the
 * mock. Every switch in {@link ReferenceOptions} is a difference the spec
 * allows, except `fault`, which breaks one rule.
 *
 * @example
 * const server = await startReferenceServer({ firstId: 9007199254740993n })
 * await runConformance({ baseUrl: server.baseUrl, token: 'sk_ref' })
 * await server.close()
 */
export async function startReferenceServer(
  options: ReferenceOptions = {},
): Promise<ReferenceServer> {
  const now = options.clock ?? Date.now
  const base = options.basePath ?? '/v1'
  const core = createParts(options, now)
  const categoryIds = options.categoryIds ?? [1n, 2n, 3n]
  for (let i = 0; i < (options.seedPets ?? 30); i++) {
    await core.store.insert({
      name: `Pet ${i + 1}`,
      categoryId: categoryIds[i % categoryIds.length] as bigint,
      ...(options.seededWithoutStatus ? {} : { status: STATUSES[i % 3] }),
    })
  }
  const parts = options.fault ? applyFault(options.fault, core, now) : core
  const handle = createHandler(parts, options, now)
  let served = 0

  const server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', async () => {
      served += 1
      const url = new URL(req.url ?? '/', 'http://reference')
      const request: ParsedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : undefined,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        bodyTooLarge: size > MAX_BODY,
        address: req.socket.remoteAddress ?? '',
      }
      // The one error path: whatever fails after the handler's own error
      // handling is still answered, as a 500 with an Error body.
      const reply = await handle(request).catch((error: unknown) => errorReply(error, 'snake'))
      try {
        writeReply(res, reply, req.headers, options, now())
      } catch (error) {
        writeReply(res, errorReply(error, 'snake'), {}, {}, now())
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${base}`,
    requests: () => served,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
