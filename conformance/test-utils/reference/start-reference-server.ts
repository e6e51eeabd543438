import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { applyFault } from './apply-fault.ts'
import { attempt } from './attempt.ts'
import { createParts } from './create-parts.ts'
import { errorReply } from './error-reply.ts'
import { createHandler } from './handle-request.ts'
import { readRequest } from './read-request.ts'
import type { ReferenceOptions } from './reference-options.ts'
import { seedPets } from './seed-pets.ts'
import { writeReply } from './write-reply.ts'

/**
 * A running reference server.
 *
 * @example
 * const { baseUrl, close } = await startReferenceServer()
 */
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
 * allows, except `fault`, which breaks one rule. This file is the tests'
 * harness (listen, count, close) and stays out of mutation testing; the
 * server's behaviour is in the files it wires together.
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
  // Where the server is mounted, like its port: the harness's choice (§1: `/v1` is part of the base).
  const base = options.basePath ?? '/v1'
  const core = createParts(options, now)
  await seedPets(core.store, options)
  const parts = options.fault ? applyFault(options.fault, core, now) : core
  const handle = createHandler(parts, options, now, base)
  let served = 0

  const server = http.createServer(async (req, res) => {
    const request = await readRequest(req, base)
    served += 1
    // The one error path: whatever fails after the handler's own error
    // handling is still answered, as a 500 with an Error body.
    const reply = await handle(request).catch((error: unknown) => errorReply(error, 'snake'))
    attempt(
      () => writeReply(res, reply, req.headers, options, now()),
      (error) => writeReply(res, errorReply(error, 'snake'), {}, {}, now()),
    )
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
