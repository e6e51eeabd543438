import { formatMessage } from './format-message.ts'

/**
 * The default `onError`: reports a failure the mock did not expect (a bug, or
 * a listener that threw) on stderr in the one message shape, with the stack
 * when there is one, so that it can be fixed.
 *
 * @example
 * reportUnexpected(new Error('boom'))
 * // stderr: '[petstore-mock] Failed to answer a request: boom.' and the stack
 */
export function reportUnexpected(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error)
  console.error(formatMessage('answer a request', reason || 'an unexpected failure'))
  if (error instanceof Error && error.stack) console.error(error.stack)
}
