import { formatMessage } from './format-message.ts'
import type { PetstoreErrorCode } from './petstore-error-codes.ts'

export type { PetstoreErrorCode } from './petstore-error-codes.ts'

/**
 * The base class of every error the package throws: `code` is stable and
 * safe to branch on, the message is shaped
 * `[petstore-mock] Failed to <action>: <reason>.`
 *
 * @example
 * try {
 *   createPetstore({ baseUrl: 'not a url' })
 * } catch (error) {
 *   if (error instanceof PetstoreError) console.log(error.code) // 'ERR_PETSTORE_INVALID_OPTION'
 * }
 */
export class PetstoreError<Code extends string = PetstoreErrorCode> extends Error {
  readonly code: Code

  // `NoInfer`: a code is checked against `Code` (by default `PetstoreErrorCode`),
  // not taken as a new one.
  constructor(code: NoInfer<Code>, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'PetstoreError'
    this.code = code
  }

  /**
   * An error whose message is shaped by the project's one formatter.
   *
   * @example
   * throw PetstoreError.failed('ERR_PETSTORE_INTERNAL', 'build the document', 'no id')
   */
  static failed(code: PetstoreErrorCode, action: string, reason: string): PetstoreError {
    return new PetstoreError(code, formatMessage(action, reason))
  }
}
