import { escapeMarkup } from './escape-markup.ts'

/**
 * Escapes text for HTML text and attribute values, control characters shown
 * as `\uXXXX` (`showControls`). Everything from outside (what a server
 * sent, a file a report reads) goes through it: reports treat it as hostile.
 *
 * @example
 * escapeHtml('<img src=x onerror=alert(1)>') // '&lt;img src=x onerror=alert(1)&gt;'
 */
export function escapeHtml(text: string): string {
  return escapeMarkup(text, '&#39;')
}
