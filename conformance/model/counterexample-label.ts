/** A counterexample that is a whole request: its method, then its target. */
const REQUEST = /^[A-Z]+ \//

/**
 * What a failure's shrunk counterexample is called in a report: the
 * request (`GET /pets?limit=1 ...`, the request-shape checks) or the body
 * sent (the generated creates).
 *
 * @example
 * counterexampleLabel('GET /pets?limit=1 {}') // 'minimal failing request'
 * counterexampleLabel('{"name":"","categoryId":1}') // 'minimal failing body'
 */
export function counterexampleLabel(counterexample: string): string {
  return REQUEST.test(counterexample) ? 'minimal failing request' : 'minimal failing body'
}
