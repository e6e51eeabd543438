import { nameRecord } from './name-record.ts'

/**
 * The characters a report never writes as they are: C0 controls but tab and
 * line feed (so also CR and ESC), DEL, C1 controls (U+0080 to U+009F), the
 * bidirectional marks, embeddings, overrides and isolates (which reorder what
 * a person reads), the line and paragraph separators, the two noncharacters
 * XML 1.0 forbids and lone surrogates.
 */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * The characters `showControls` escapes, as a regular expression's source
 * (the dashboard's script, which runs in the page, gets it in its config).
 *
 * @example
 * new RegExp(CONTROL_SOURCE, 'g').test('a\u202eb') // true
 */
export const CONTROL_SOURCE = CONTROL.source

const asEscape = (character: string) =>
  `\\u${(character.codePointAt(0) as number).toString(16).padStart(4, '0')}`

/**
 * Shows every control character of server-supplied text as a visible `\uXXXX`
 * escape, never the character itself, so that no server can set a terminal's
 * title, clear it, plant a link, move the cursor back over the verdict or
 * reorder a line. Given an object or array, returns a copy with every string
 * in it shown so. Every text reporter of the kit passes what the server sent
 * through it before writing, and so
 * does the mock's log line (text or JSON) for what a client or upstream sent; the escape is also one JSON
 * accepts, so applied to a JSON text it changes nothing its reader sees.
 *
 * @example
 * showControls('HTTP 200 \u001b]0;owned\u0007') // 'HTTP 200 \\u001b]0;owned\\u0007'
 * showControls({ actual: 'a\u202eb' }) // { actual: 'a\\u202eb' }
 */
export function showControls<T>(value: T): T {
  if (typeof value === 'string') return value.replace(CONTROL, asEscape) as T
  if (Array.isArray(value)) return value.map(showControls) as T
  if (typeof value === 'object' && value !== null) {
    const shown = nameRecord<unknown>()
    for (const [key, item] of Object.entries(value)) shown[key] = showControls(item)
    return shown as T
  }
  return value
}
