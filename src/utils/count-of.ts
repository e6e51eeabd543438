/**
 * A count in words that agree in number with it: `1 advisory warning`,
 * `2 advisory warnings`, `0 checks`. Every report of the kit writes its
 * counts with it.
 *
 * @example
 * countOf(1, 'advisory warning') // '1 advisory warning'
 * countOf(2, 'pet') // '2 pets'
 * countOf(3, 'check×operation', 'checks×operations') // '3 checks×operations'
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}
