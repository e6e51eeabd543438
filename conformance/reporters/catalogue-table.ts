import { catalogue } from '../../src/judge/catalogue.ts'
import type { CheckDefinition } from '../../src/judge/check-definition.ts'
import { cell, type GeneratedTable, markdownTable, withGeneratedTable } from './generated-table.ts'

/** Where the generated table of checks sits in `conformance/CATALOGUE.md`. */
const CHECK_TABLE: GeneratedTable = {
  heading: 'Every check',
  start:
    '<!-- The table below is generated from the check definitions (src/judge/catalogue.ts) by `npm run catalogue`; a test fails when it is stale. -->',
  end: '<!-- End of the generated table. -->',
}

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
  return markdownTable(
    ['check', 'level', 'spec', 'a conforming server', 'decided by', 'proved by'],
    rows,
  )
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
