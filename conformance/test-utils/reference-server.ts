/**
 * The independent reference server of the kit's tests (`reference/`): a
 * realistic implementation of the spec on plain `node:http`, with switches
 * for what the spec allows and for single faults.
 *
 * @example
 * const server = await startReferenceServer({ order: 'descending' })
 */
export type { ReferenceFault } from './reference/apply-fault.ts'
export type { ReferenceOptions } from './reference/reference-options.ts'
export {
  type ReferenceServer,
  startReferenceServer,
} from './reference/start-reference-server.ts'
