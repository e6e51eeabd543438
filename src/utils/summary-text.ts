import { escapeHtml } from './escape-html.ts'

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
