/**
 * The message of a thrown value: an `Error`'s message, anything else as text.
 *
 * @example
 * messageOf(new Error('no such file')) // 'no such file'
 * messageOf('stopped') // 'stopped'
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
