/**
 * Wraps `make` so that it runs again only when its key differs from the last
 * one: a client sends the same header on request after request, so what is
 * read from it is kept. Holds one key and one value; the first call always
 * runs `make`.
 *
 * @example
 * const verdictOf = keepLast((host: string) => isAllowed(host))
 * verdictOf('localhost:4010') // runs isAllowed
 * verdictOf('localhost:4010') // the same verdict, kept
 */
export function keepLast<K, V>(make: (key: K) => V): (key: K) => V {
  let kept: { key: K; value: V } | undefined
  return (key) => {
    if (kept === undefined || kept.key !== key) kept = { key, value: make(key) }
    return kept.value
  }
}
