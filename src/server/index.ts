export type { RequestLogEntry } from './create-request-listener.ts'
export { createServer, type ServerOptions } from './create-server.ts'
export { type RunningServer, type StartServerOptions, startServer } from './start-server.ts'
