/**
 * Keeps echoed input short in messages.
 *
 * @example
 * clip('a'.repeat(50)) // 'aaaa…' (40 characters and an ellipsis)
 */
export function clip(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}
