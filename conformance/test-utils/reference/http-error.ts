/**
 * The one typed HTTP exception of the reference server: every refusal is
 * thrown as one and turned into an Error body in one place (`error-reply.ts`).
 *
 * @example
 * throw new HttpError(404, 'not_found', 'No pet 7.')
 */
export class HttpError extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.headers = headers
  }
}
