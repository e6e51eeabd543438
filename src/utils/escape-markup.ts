import { showControls } from './show-controls.ts'

/**
 * Escapes text for HTML text and attribute values, control characters shown
 * as `\uXXXX` ({@link showControls}). Everything from outside (what a server
 * sent, a file a report reads) goes through it: reports treat it as hostile.
 *
 * @example
 * escapeHtml('<img src=x onerror=alert(1)>') // '&lt;img src=x onerror=alert(1)&gt;'
 */
export function escapeHtml(text: string): string {
  return escapeMarkup(text, '&#39;')
}

/** `&`, `<`, `>`, `"` and `'` (as `apostrophe`) as references, controls shown as escapes. */
function escapeMarkup(text: string, apostrophe: string): string {
  return showControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, apostrophe)
}

/**
 * Escapes text for XML attributes and text nodes. Characters XML 1.0 cannot
 * carry (most C0 controls, even as references) and the other controls are
 * shown as `\uXXXX` ({@link showControls}).
 *
 * @example
 * escapeXml('a < b\u0007') // 'a &lt; b\\u0007'
 */
export function escapeXml(text: string): string {
  return escapeMarkup(text, '&apos;')
}

/** Line breaks, and the brackets of a Markdown link or image, written as character references. */
const MARKDOWN_SIGNS = /[\r\n[\]]/g

/**
 * Text from outside (what a server sent, a URL, a reason that quotes them, a
 * name read from a file) as a Markdown step summary writes it, the one way:
 * as HTML text, in an HTML block of its own, where Markdown is not read (no
 * link, image, emphasis or autolink), its line breaks as character
 * references so no blank line ends the block and lets Markdown in, and the
 * brackets of a link or an image too, should the text ever stand outside
 * such a block.
 *
 * @example
 * summaryText('[x](https://e.example)\n\n<b>')
 * // '&#91;x&#93;(https://e.example)&#10;&#10;&lt;b&gt;'
 */
export function summaryText(text: string): string {
  return escapeHtml(text).replace(MARKDOWN_SIGNS, (char) => `&#${char.codePointAt(0)};`)
}
