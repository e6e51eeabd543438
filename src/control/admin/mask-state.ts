import { KEY_CLIENT_PREFIX } from '../../core/plans/create-rate-limiter.ts'
import { maskKey } from '../../core/plans/mask-key.ts'

/**
 * What `maskState` reads of a state: the keys and the rate-limited clients, whose names hold keys.
 *
 * @example
 * const state: StateWithKeys = { keys: [{ key: 'sk_test_free' }], rateLimit: { clients: [{ client: 'key:sk_test_free' }] } }
 */
export interface StateWithKeys {
  keys: ReadonlyArray<{ key: string }>
  rateLimit: { clients: ReadonlyArray<{ client: string }> }
}

/**
 * The state as `GET /__mock/state` shows it: every API key, in the key list
 * and among the rate-limited clients, shown by a prefix only.
 *
 * @example
 * maskState(petstore.state()).keys[0].key // 'sk_test_fr...'
 */
export function maskState<T extends StateWithKeys>(state: T): T {
  return {
    ...state,
    keys: state.keys.map((entry) => ({ ...entry, key: maskKey(entry.key) })),
    rateLimit: {
      ...state.rateLimit,
      clients: state.rateLimit.clients.map((entry) =>
        entry.client.startsWith(KEY_CLIENT_PREFIX)
          ? {
              ...entry,
              client: `${KEY_CLIENT_PREFIX}${maskKey(entry.client.slice(KEY_CLIENT_PREFIX.length))}`,
            }
          : entry,
      ),
    },
  }
}
