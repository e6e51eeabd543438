/** How deep a value is shown in a message; deeper parts become `…`. */
export const PREVIEW_DEPTH = 3

/** The longest preview of a value in a message, in characters (then `…`). */
export const PREVIEW_LENGTH = 40

/**
 * A short JSON-like rendering of an input value for an error message, bounded
 * in depth and length whatever the input: it stops after `PREVIEW_LENGTH`
 * characters and renders nothing deeper than `PREVIEW_DEPTH` levels, so a
 * value nested 5,000 levels deep costs no more than a flat one.
 *
 * @example
 * previewValue([[[[[1]]]]]) // '[[[[…]]]]'
 * previewValue('a'.repeat(50)) // '"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…'
 */
export function previewValue(value: unknown): string {
  let out = ''
  // Stops writing once the preview is long enough; callers check `full()` between parts.
  const write = (text: string) => {
    if (out.length <= PREVIEW_LENGTH) out += text
  }
  const full = () => out.length > PREVIEW_LENGTH
  const render = (current: unknown, depth: number): void => {
    if (full()) return
    if (typeof current === 'string') {
      write(JSON.stringify(current.slice(0, PREVIEW_LENGTH + 1)))
    } else if (typeof current === 'number') {
      write(Number.isFinite(current) ? String(current) : 'null')
    } else if (typeof current !== 'object' || current === null) {
      write(String(current))
    } else if (depth >= PREVIEW_DEPTH) {
      write(Array.isArray(current) ? '[…]' : '{…}')
    } else if (Array.isArray(current)) {
      write('[')
      for (let index = 0; index < current.length && !full(); index++) {
        if (index > 0) write(',')
        render(current[index], depth + 1)
      }
      write(']')
    } else {
      write('{')
      let first = true
      for (const key in current) {
        if (full()) break
        if (!Object.hasOwn(current, key)) continue
        if (!first) write(',')
        first = false
        write(`${JSON.stringify(key.slice(0, PREVIEW_LENGTH + 1))}:`)
        render((current as Record<string, unknown>)[key], depth + 1)
      }
      write('}')
    }
  }
  render(value, 0)
  return out.length > PREVIEW_LENGTH ? `${out.slice(0, PREVIEW_LENGTH)}…` : out
}
