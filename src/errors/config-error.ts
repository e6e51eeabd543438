import { formatMessage } from './format-message.ts'
import { PetstoreError, type PetstoreErrorCode } from './petstore-error.ts'

/**
 * Raised for a bad option, flag or fixture file: a mistake of the person
 * running the mock, never of an HTTP client. `code` is stable.
 *
 * @example
 * throw new ConfigError('ERR_PETSTORE_INVALID_OPTION', 'create the petstore', '`pets` must be >= 0')
 */
export class ConfigError extends PetstoreError {
  constructor(code: PetstoreErrorCode, action: string, reason: string) {
    super(code, formatMessage(action, reason))
    this.name = 'ConfigError'
  }
}
