import type { OptionProblem } from '../utils/number-rule.ts'
import { formatMessage } from './format-message.ts'
import { PetstoreError, type PetstoreErrorCode } from './petstore-error.ts'

/**
 * Raised for a bad option, flag or fixture file: a mistake of the person
 * running the mock, never of an HTTP client. `code` is stable. A bad numeric
 * option also carries `problem` (the option, the value and its rule), from
 * which the CLI names the flag that was typed.
 *
 * @example
 * throw new ConfigError('ERR_PETSTORE_INVALID_OPTION', 'create the petstore', '`pets` must be >= 0')
 */
export class ConfigError extends PetstoreError {
  readonly problem: OptionProblem | undefined

  constructor(code: PetstoreErrorCode, action: string, reason: string, problem?: OptionProblem) {
    super(code, formatMessage(action, reason))
    this.name = 'ConfigError'
    this.problem = problem
  }
}
