/**
 * A table generated into `conformance/CATALOGUE.md`: the line before it, the
 * line after it, and the heading it is added under when the file has neither.
 *
 * @example
 * const block: GeneratedTable = { heading: 'Every check', start: '<!-- from -->', end: '<!-- to -->' }
 */
export interface GeneratedTable {
  heading: string
  start: string
  end: string
}

/**
 * A cell's text with what would end the cell or the row escaped.
 *
 * @example
 * cell('a | b') // 'a \\| b'
 */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/**
 * A Markdown table: its header row, the separator, then one row per entry
 * (each entry its cells already joined with ` | `).
 *
 * @example
 * markdownTable(['a', 'b'], ['1 | 2']) // '| a | b |\n|---|---|\n| 1 | 2 |'
 */
export function markdownTable(header: ReadonlyArray<string>, rows: ReadonlyArray<string>): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row} |`),
  ].join('\n')
}

/**
 * The text with one generated table replaced: the lines between its two
 * markers, or the table added at the end under its heading when the text
 * has no markers.
 *
 * @example
 * withGeneratedTable('# Catalogue', { heading: 'Every check', start: '<!-- a -->', end: '<!-- b -->' }, '| x |')
 */
export function withGeneratedTable(text: string, where: GeneratedTable, table: string): string {
  const start = text.indexOf(where.start)
  const end = text.indexOf(where.end, start)
  const block = `${where.start}\n\n${table}\n\n${where.end}`
  if (start === -1 || end === -1) {
    return `${text.trimEnd()}\n\n## ${where.heading}\n\n${block}\n`
  }
  return text.slice(0, start) + block + text.slice(end + where.end.length)
}
