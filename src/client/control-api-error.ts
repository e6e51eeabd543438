import { formatMessage } from '../errors/format-message.ts'
import { PetstoreError } from '../errors/petstore-error.ts'

/**
 * The control API answered a client call with an error: `status` and the
 * Error body's `code` say which. Its own code is `ERR_PETSTORE_CONTROL_API`.
 *
 * @example
 * try {
 *   await petstore.simulate({ status: 429, path: '/pets' })
 * } catch (error) {
 *   if (error instanceof ControlApiError) console.log(error.status, error.apiCode) // 400 'invalid_request'
 * }
 */
export class ControlApiError extends PetstoreError {
  /** The HTTP status of the answer. */
  readonly status: number
  /** The `code` of the Error body, when there was one. */
  readonly apiCode: string | undefined

  constructor(action: string, status: number, body: unknown) {
    const error = body as { code?: unknown; message?: unknown } | null
    const message = typeof error?.message === 'string' ? error.message : `HTTP ${status}`
    super('ERR_PETSTORE_CONTROL_API', formatMessage(action, message))
    this.name = 'ControlApiError'
    this.status = status
    this.apiCode = typeof error?.code === 'string' ? error.code : undefined
  }
}
