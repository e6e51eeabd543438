/**
 * Shapes a developer-facing message the way the whole project does.
 *
 * @example
 * formatMessage('load fixtures', 'pets[2].name is empty')
 * // '[petstore-mock] Failed to load fixtures: pets[2].name is empty.'
 * formatMessage('write the report', 'no such folder', '[petstore-conformance]')
 */
export function formatMessage(action: string, reason: string, prefix = '[petstore-mock]'): string {
  const trimmed = reason.replace(/\.+$/, '')
  return `${prefix} Failed to ${action}: ${trimmed}.`
}
