/**
 * A count in words that agree in number with it (defined with the rules the
 * kit and the proxy share, whose messages count pets with it too).
 *
 * @example
 * countOf(2, 'pet') // '2 pets'
 */
export { countOf } from '../../src/judge/count-of.ts'
