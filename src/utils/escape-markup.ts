import { showControls } from './show-controls.ts'

/**
 * `&`, `<`, `>`, `"` and `'` (as `apostrophe`) as references, control
 * characters shown as `\uXXXX` ({@link showControls}): what HTML
 * (`escapeHtml`) and XML (`escapeXml`) share, each with its apostrophe.
 *
 * @example
 * escapeMarkup(`<a href="x">'</a>`, '&#39;') // '&lt;a href=&quot;x&quot;&gt;&#39;&lt;/a&gt;'
 */
export function escapeMarkup(text: string, apostrophe: string): string {
  return showControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, apostrophe)
}
