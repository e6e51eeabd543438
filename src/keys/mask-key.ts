/** How many leading characters of a key are shown, at most. */
export const MASKED_KEY_PREFIX = 10

/**
 * A key shown by a prefix only, enough to recognise it: at most
 * `MASKED_KEY_PREFIX` characters and never the last two, then `…`.
 *
 * @example
 * maskKey('sk_test_free') // 'sk_test_fr…'
 * maskKey('sk_live_5f2b9c0d1e') // 'sk_live_5f…'
 */
export function maskKey(key: string): string {
  return `${key.slice(0, Math.max(0, Math.min(MASKED_KEY_PREFIX, key.length - 2)))}…`
}
