import { catalogue } from '../../src/judge/catalogue.ts'
import type { CheckDefinition } from '../../src/judge/check-definition.ts'

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

/** Where the generated table of checks sits in `conformance/CATALOGUE.md`. */
const CHECK_TABLE: GeneratedTable = {
  heading: 'Every check',
  start:
    '<!-- The table below is generated from the check definitions (src/judge/catalogue.ts) by `npm run catalogue`; a test fails when it is stale. -->',
  end: '<!-- End of the generated table. -->',
}

/**
 * A cell's text with what would end the cell or the row escaped.
 *
 * @example
 * cell('a | b') // 'a \\| b'
 */
export const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** Where a check is decided, in a few words: by every answer, by the proxy too, or by requests of its own. */
function decidedBy(check: CheckDefinition): string {
  if (check.judge) return 'every answer (the proxy too)'
  if (check.judgeExchange) return 'its requests (the proxy too)'
  return check.writes ? 'its requests (writes)' : 'its requests'
}

/**
 * The table of every check of the catalogue, one row each in the catalogue's
 * order: its id, level (with an opt-in group), spec section, what a conforming
 * server does, what decides it, and the reference server's faults that prove it.
 *
 * @example
 * catalogueTable().split('\n')[0] // '| check | level | spec | a conforming server | decided by | proved by |'
 */
export function catalogueTable(checks: ReadonlyArray<CheckDefinition> = catalogue): string {
  const rows = checks.map((check) =>
    [
      `\`${check.id}\``,
      check.group === 'default' ? check.level : `${check.level} (${check.group} group)`,
      cell(check.section),
      cell(`${check.title}: ${check.expected}`),
      decidedBy(check),
      check.faults.map((fault) => `\`[${fault}]\``).join(', '),
    ].join(' | '),
  )
  return [
    '| check | level | spec | a conforming server | decided by | proved by |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n')
}

/**
 * The text of `conformance/CATALOGUE.md` with its generated table made from
 * the catalogue: the lines between the two markers replaced (the markers
 * added at the end when the text has none).
 *
 * @example
 * withCatalogueTable(await readFile('conformance/CATALOGUE.md', 'utf8'))
 */
export function withCatalogueTable(text: string, table: string = catalogueTable()): string {
  return withGeneratedTable(text, CHECK_TABLE, table)
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
