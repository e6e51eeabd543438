import { describeError } from './describe-error.ts'
import { formatMessage } from './format-message.ts'

/**
 * The default `onError`: logs a failure of the mock itself (a bug, never bad
 * input) as one line through the one formatter, with a stable code, then the
 * stack that locates the bug (when there is one).
 *
 * @example
 * reportUnexpected(new Error('boom'))
 * // console.error: '[petstore-mock] Failed to answer a request: boom (ERR_PETSTORE_INTERNAL).'
 */
export function reportUnexpected(
  error: unknown,
  log: (line: string) => void = (line) => console.error(line),
): void {
  log(formatMessage('answer a request', `${describeError(error)} (ERR_PETSTORE_INTERNAL)`))
  const stack = error instanceof Error ? error.stack?.split('\n').slice(1).join('\n') : undefined
  if (stack) log(stack)
}
