/**
 * Groups items by a key, keeping the order in which keys and items first
 * appear.
 *
 * @example
 * groupBy(result.results, (entry) => entry.operation).get('getPet')
 */
export function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, Array<T>> {
  const groups = new Map<K, Array<T>>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) {
      group.push(item)
    } else {
      groups.set(key(item), [item])
    }
  }
  return groups
}
