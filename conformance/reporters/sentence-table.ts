import type { CitingCheck, SentenceRow } from '../../src/judge/sentence-coverage.ts'
import { sentenceRows } from '../../src/judge/sentence-coverage.ts'
import { cell, type GeneratedTable, markdownTable, withGeneratedTable } from './generated-table.ts'

/** Where the generated table of sentences sits in `conformance/CATALOGUE.md`. */
const SENTENCE_TABLE: GeneratedTable = {
  heading: 'Every sentence, both ways',
  start:
    '<!-- The table below is generated from the sentence list (src/spec/sentences.ts) and the checks citing it (src/judge/catalogue.ts) by `npm run catalogue`; a test fails when it is stale or a row is empty. -->',
  end: '<!-- End of the generated table of sentences. -->',
}

/** The checks of one cell: each id, an advisory one marked (it only warns). */
function checkList(checks: ReadonlyArray<CitingCheck>): string {
  return checks
    .map((check) => `\`${check.id}\`${check.level === 'advisory' ? ' (advisory)' : ''}`)
    .join(', ')
}

/**
 * The table of every normative sentence (`src/spec/sentences.ts`), one row
 * each in the list's order: its id, where it is, its text (and, for a
 * sentence tied to one place, what that forbids elsewhere), the checks that
 * hold it there, and the checks that hold it nowhere else. A sentence no
 * request can decide says why in place of its checks.
 *
 * @example
 * sentenceTable().split('\n')[0] // '| sentence | where | text | held here by | held nowhere else by |'
 */
export function sentenceTable(rows: ReadonlyArray<SentenceRow> = sentenceRows()): string {
  const lines = rows.map(({ id, sentence, here, elsewhere }) =>
    [
      `\`${id}\``,
      cell(sentence.where),
      cell(
        sentence.onlyHere === undefined
          ? sentence.text
          : `${sentence.text} Only here: ${sentence.onlyHere}.`,
      ),
      sentence.untestable === undefined
        ? checkList(here)
        : cell(`untestable: ${sentence.untestable}`),
      sentence.onlyHere === undefined ? '—' : checkList(elsewhere),
    ].join(' | '),
  )
  return markdownTable(['sentence', 'where', 'text', 'held here by', 'held nowhere else by'], lines)
}

/**
 * The text of `conformance/CATALOGUE.md` with its generated table of
 * sentences made from the sentence list and the checks' citations (the
 * lines between its two markers replaced, or added at the end).
 *
 * @example
 * withSentenceTable(await readFile('conformance/CATALOGUE.md', 'utf8'))
 */
export function withSentenceTable(text: string, table: string = sentenceTable()): string {
  return withGeneratedTable(text, SENTENCE_TABLE, table)
}
