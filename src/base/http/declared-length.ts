/**
 * The `Content-Length` a client declared, as a number (`undefined` when the
 * header is absent; `NaN` when it is not a number), for `readBody` and
 * `declaresTooMuch`.
 *
 * @example
 * declaredLengthOf(req.headers['content-length']) // 12 for '12'
 * declaredLengthOf(request.headers.get('content-length')) // undefined when absent
 */
export function declaredLengthOf(header: string | null | undefined): number | undefined {
  return header === undefined || header === null ? undefined : Number(header)
}
