import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { applyFault } from './apply-fault.ts'
import { attempt } from './attempt.ts'
import { createParts } from './create-parts.ts'
import { errorReply } from './error-reply.ts'
import { createHandler } from './handle-request.ts'
import type { ParsedRequest } from './parts.ts'
import type { ReferenceOptions } from './reference-options.ts'
import { seedPets } from './seed-pets.ts'
import { writeReply } from './write-reply.ts'

/**
 * The path with percent-encoded unreserved characters decoded: `/pets/%37` is
 * `/pets/7` (RFC 3986 §6.2.2.2); other escapes are kept.
 */
function unreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (triplet, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    // Stryker disable next-line Regex: one character: the anchors change nothing
    return /^[A-Za-z0-9._~-]$/.test(char) ? char : triplet
  })
}

/** Largest request body read (bytes); a larger one is answered 413. */
const MAX_BODY = 1024 * 1024

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
  // Stryker disable next-line StringLiteral: the kit is given the base URL, whatever it is (§1)
  const base = options.basePath ?? '/v1'
  const core = createParts(options, now)
  await seedPets(core.store, options)
  const parts = options.fault ? applyFault(options.fault, core, now) : core
  const handle = createHandler(parts, options, now)
  // Stryker disable next-line all: the request count the tests read, not an answer
  let served = 0

  const server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      // Stryker disable next-line all: no size limit on bodies is shown (§8)
      size += chunk.length
      // Stryker disable next-line EqualityOperator: no size limit on bodies is shown (§8)
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    req.on('end', async () => {
      // Stryker disable next-line all: the request count the tests read, not an answer
      served += 1
      // Stryker disable next-line StringLiteral,LogicalOperator: Node always gives a request its URL; the URL base only anchors a path
      const url = new URL(req.url ?? '/', 'http://reference')
      const request: ParsedRequest = {
        // Stryker disable next-line StringLiteral,LogicalOperator: Node always gives a request its method
        method: req.method ?? 'GET',
        // Stryker disable next-line StringLiteral,MethodExpression: what a path outside the base answers is not shown (§1)
        path: url.pathname.startsWith(`${base}/`)
          ? unreserved(url.pathname.slice(base.length))
          : undefined,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        // Stryker disable next-line EqualityOperator: no size limit on bodies is shown (§8)
        bodyTooLarge: size > MAX_BODY,
        // Stryker disable next-line all: §8 does not say how callers without a key are counted
        address: req.socket.remoteAddress ?? '',
      }
      // The one error path: whatever fails after the handler's own error
      // handling is still answered, as a 500 with an Error body.
      // Stryker disable next-line ArrowFunction,StringLiteral: the handler answers its own errors, so this catch is a last resort that a correct server never reaches
      const reply = await handle(request).catch((error: unknown) => errorReply(error, 'snake'))
      attempt(
        () => writeReply(res, reply, req.headers, options, now()),
        // Stryker disable next-line all: a last resort a correct server never reaches
        (error) => writeReply(res, errorReply(error, 'snake'), {}, {}, now()),
      )
    })
  })
  // Stryker disable all: listening and closing belong to the tests, before and after the kit's run
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
  // Stryker restore all
}
