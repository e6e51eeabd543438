import type { Sentence } from '../spec/sentences.ts'
import { SENTENCES } from '../spec/sentences.ts'
import { catalogue } from './catalogue.ts'
import type { CheckDefinition, Holds } from './check-definition.ts'

/** What the coverage of the sentences reads of a check: its id, level and citations. */
export type CitingCheck = Pick<CheckDefinition, 'id' | 'level'> & {
  /** As the catalogue types it; a list built at run time may cite nothing or an unknown id. */
  holds: Holds | { here?: ReadonlyArray<string>; elsewhere?: ReadonlyArray<string> }
}

/**
 * One sentence with the checks that hold it: `here`, where the sentence puts
 * its rule; `elsewhere`, for a sentence tied to one place, that the rule is
 * kept nowhere else.
 *
 * @example
 * const row: SentenceRow = { id: 'spec-4.3-404', sentence: SENTENCES['spec-4.3-404'], here: [], elsewhere: [] }
 */
export interface SentenceRow {
  id: string
  sentence: Sentence
  here: ReadonlyArray<CitingCheck>
  elsewhere: ReadonlyArray<CitingCheck>
}

/**
 * Each sentence, in the list's order, with the checks that cite it each way.
 *
 * @example
 * sentenceRows().find((row) => row.id === 'spec-4.3-deprecated')?.elsewhere.map((check) => check.id) // ['deprecation.only-get-pet']
 */
export function sentenceRows(
  sentences: Readonly<Record<string, Sentence>> = SENTENCES,
  checks: ReadonlyArray<CitingCheck> = catalogue,
): Array<SentenceRow> {
  return Object.entries(sentences).map(([id, sentence]) => ({
    id,
    sentence,
    here: checks.filter((check) => (check.holds.here ?? []).includes(id)),
    elsewhere: checks.filter((check) => (check.holds.elsewhere ?? []).includes(id)),
  }))
}

/**
 * What leaves the table of sentences incomplete, one line each (none when
 * every sentence is held): a sentence no check holds (and not marked
 * untestable), a sentence tied to one place that no check holds elsewhere, a
 * sentence marked untestable that a check holds all the same, a check citing
 * no sentence or an unknown one, and a check holding "elsewhere" a sentence
 * that ties nothing to one place.
 *
 * @example
 * sentenceProblems({ 'spec-x': { where: '§1', text: 'A rule.' } }, []) // ['spec-x (§1) is held by no check']
 */
export function sentenceProblems(
  sentences: Readonly<Record<string, Sentence>> = SENTENCES,
  checks: ReadonlyArray<CitingCheck> = catalogue,
): Array<string> {
  const problems: Array<string> = []
  for (const { id, sentence, here, elsewhere } of sentenceRows(sentences, checks)) {
    if (sentence.untestable !== undefined) {
      if (here.length > 0 || elsewhere.length > 0) {
        problems.push(
          `${id} is marked untestable, yet ${[...here, ...elsewhere].map((check) => check.id).join(', ')} holds it`,
        )
      }
      continue
    }
    if (here.length === 0) problems.push(`${id} (${sentence.where}) is held by no check`)
    if (sentence.onlyHere !== undefined && elsewhere.length === 0) {
      problems.push(`${id} (${sentence.where}) is only here, and no check holds it nowhere else`)
    }
  }
  for (const check of checks) {
    const here = check.holds.here ?? []
    const elsewhere = check.holds.elsewhere ?? []
    if (here.length === 0 && elsewhere.length === 0) {
      problems.push(`${check.id} cites no sentence`)
    }
    for (const id of [...here, ...elsewhere]) {
      if (!Object.hasOwn(sentences, id)) problems.push(`${check.id} cites ${id}, no sentence`)
    }
    for (const id of elsewhere) {
      if (Object.hasOwn(sentences, id) && sentences[id]?.onlyHere === undefined) {
        problems.push(`${check.id} holds ${id} elsewhere, but it ties nothing to one place`)
      }
    }
  }
  return problems
}
