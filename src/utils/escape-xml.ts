import { escapeMarkup } from './escape-markup.ts'

/**
 * Escapes text for XML attributes and text nodes. Characters XML 1.0 cannot
 * carry (most C0 controls, even as references) and the other controls are
 * shown as `\uXXXX` (`showControls`).
 *
 * @example
 * escapeXml('a < b\u0007') // 'a &lt; b\\u0007'
 */
export function escapeXml(text: string): string {
  return escapeMarkup(text, '&apos;')
}
