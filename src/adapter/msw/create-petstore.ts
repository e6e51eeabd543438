import type { HttpHandler } from 'msw'
import {
  createPetstoreCore,
  type PetstoreCore,
  type PetstoreOptions,
} from '../../app/create-petstore-core.ts'
import { createDatabase } from '../../core/data/create-database.ts'
import { createFetchUpstream } from '../../core/proxy/fetch-upstream.ts'
import { withFetch } from '../fetch/fetch-transport.ts'
import { bypassFetch } from './bypass-fetch.ts'
import { createHandlers } from './create-handlers.ts'

export type {
  PetstoreCore,
  PetstoreOptions,
  PetstoreState,
} from '../../app/create-petstore-core.ts'

/**
 * What `createPetstore()` returns: the petstore with its msw handlers and its
 * `@msw/data` collections (loaded when `db` or `ready` is first read).
 *
 * @example
 * const petstore: Petstore = createPetstore({ seed: 1 })
 * setupServer(...petstore.handlers)
 */
export interface Petstore extends PetstoreCore {
  /** msw request handlers: pass them to `setupServer` or `setupWorker`. */
  handlers: Array<HttpHandler>
}

/**
 * Creates the Animal Adoption API mock: stateful, seeded, with key checking,
 * rate limits and errors on demand, as msw handlers.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createPetstore } from 'petstore-mock'
 *
 * const petstore = createPetstore({ seed: 42 })
 * const server = setupServer(...petstore.handlers)
 * server.listen()
 * const response = await fetch('https://api.example.com/v1/pets', {
 *   headers: { authorization: 'Bearer sk_test_free' },
 * })
 */
export function createPetstore(options: PetstoreOptions = {}): Petstore {
  const core = createPetstoreCore(options, {
    database: createDatabase,
    // Past the mock's own handlers, to the real server.
    upstream: (target) => createFetchUpstream(target, bypassFetch),
  })
  const petstore = withFetch(core)
  return Object.assign(petstore, { handlers: createHandlers(petstore) })
}
