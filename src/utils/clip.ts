/**
 * Keeps echoed input short in messages.
 *
 * @example
 * clip('a'.repeat(50)) // 'aaaa…' (40 characters and an ellipsis)
 */
export function clip(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

/**
 * Shows a header value in a message as printable ASCII: any other character
 * becomes `?`, so a hostile value cannot break the message or the terminal.
 *
 * @example
 * printable('evil\u0007.example') // 'evil?.example'
 */
export function printable(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?')
}
