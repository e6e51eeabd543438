/**
 * `petstore-mock/server`: the mock on a real port (Node.js). Every name is
 * listed here on purpose (`test/entries.test.ts` pins them).
 *
 * @example
 * import { startServer } from 'petstore-mock/server'
 * const server = await startServer({ port: 0 })
 * await server.close()
 */
export type { RequestLogEntry } from './create-request-listener.ts'
export { createServer, type ServerOptions } from './create-server.ts'
export { type RunningServer, type StartServerOptions, startServer } from './start-server.ts'
export { type CoverageSource, type WriteCoverageOptions, writeCoverage } from './write-coverage.ts'
