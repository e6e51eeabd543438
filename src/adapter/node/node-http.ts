import type * as NodeHttp from 'node:http'

/**
 * `node:http`, taken from Node's table of built-in modules rather than by an
 * `import` statement. An `import` of `node:http` builds the module's ES
 * namespace, which reads every export and so loads Node's HTTP client
 * (undici), which a server never uses: 18–27 ms of every start on a 2-core
 * machine, against 70–100 ms for the whole start (`npm run bench:data`).
 * Types still come from `import type`.
 *
 * @example
 * import { http } from './node-http.ts'
 * const server = http.createServer(listener)
 */
export const http: typeof NodeHttp = process.getBuiltinModule('node:http')
