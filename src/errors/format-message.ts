/**
 * Shapes a developer-facing message the way the whole project does.
 *
 * @example
 * formatMessage('load fixtures', 'pets[2].name is empty')
 * // '[petstore-mock] Failed to load fixtures: pets[2].name is empty.'
 */
export function formatMessage(action: string, reason: string): string {
  const trimmed = reason.replace(/\.+$/, '')
  return `[petstore-mock] Failed to ${action}: ${trimmed}.`
}
