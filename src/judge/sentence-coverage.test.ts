import { describe, expect, it } from 'vitest'
import type { Sentence } from '../spec/sentences.ts'
import { SENTENCES } from '../spec/sentences.ts'
import { catalogue } from './catalogue.ts'
import type { CitingCheck } from './sentence-coverage.ts'
import { sentenceProblems, sentenceRows } from './sentence-coverage.ts'

/** A small list of sentences, one of each kind. */
const FAKE: Record<string, Sentence> = {
  'spec-1-rule': { where: '§1', text: 'A rule.' },
  'spec-2-only': { where: '§2', text: 'A rule of one place.', onlyHere: 'nowhere else' },
  'spec-3-inside': { where: '§3', text: 'An inner rule.', untestable: 'nothing shows it' },
}

const check = (id: string, holds: CitingCheck['holds']): CitingCheck => ({
  id,
  level: 'required',
  holds,
})

/** Checks that hold every sentence of {@link FAKE}, each way it asks. */
const HOLDING = [
  check('a.rule', { here: ['spec-1-rule', 'spec-2-only'] }),
  check('a.only', { elsewhere: ['spec-2-only'] }),
]

describe('the sentences and the checks that hold them', () => {
  it('leave no row empty: every sentence of the spec and the RFCs is held, each way it asks', () => {
    expect(sentenceProblems()).toEqual([])
  })

  it('are ids of one form, each with where it is and its text', () => {
    for (const [id, sentence] of Object.entries(SENTENCES)) {
      expect(id).toMatch(/^(spec-\d[\d.]*|rfc\d+-\d[\d.]*)-[a-z0-9-]+$/)
      expect(sentence.where, id).toMatch(id.startsWith('spec-') ? /^§/ : /^RFC \d+ §/)
      expect(sentence.text.length, id).toBeGreaterThan(10)
    }
  })

  it('give every check at least one sentence', () => {
    for (const entry of catalogue) {
      expect(
        (entry.holds.here?.length ?? 0) + (entry.holds.elsewhere?.length ?? 0),
        entry.id,
      ).toBeGreaterThan(0)
    }
  })

  it('pass a list where every sentence is held each way it asks (an untestable one by none)', () => {
    expect(sentenceProblems(FAKE, HOLDING)).toEqual([])
    const only = sentenceRows(FAKE, HOLDING).find((row) => row.id === 'spec-2-only')
    expect(only?.here.map((entry) => entry.id)).toEqual(['a.rule'])
    expect(only?.elsewhere.map((entry) => entry.id)).toEqual(['a.only'])
  })

  it('fail a sentence no check holds (an empty row)', () => {
    expect(
      sentenceProblems(FAKE, [
        HOLDING[1] as CitingCheck,
        check('a.two', { here: ['spec-2-only'] }),
      ]),
    ).toEqual(['spec-1-rule (§1) is held by no check'])
  })

  it('fail a sentence of one place that no check holds nowhere else', () => {
    expect(sentenceProblems(FAKE, [HOLDING[0] as CitingCheck])).toEqual([
      'spec-2-only (§2) is only here, and no check holds it nowhere else',
    ])
  })

  it('fail a check that cites no sentence', () => {
    expect(
      sentenceProblems(FAKE, [
        ...HOLDING,
        check('a.none', {}),
        check('a.empty', { here: [], elsewhere: [] }),
      ]),
    ).toEqual(['a.none cites no sentence', 'a.empty cites no sentence'])
  })

  it('fail a check that cites a sentence the list does not have', () => {
    expect(sentenceProblems(FAKE, [...HOLDING, check('a.typo', { here: ['spec-1-rul'] })])).toEqual(
      ['a.typo cites spec-1-rul, no sentence'],
    )
  })

  it('fail a check holding elsewhere a sentence that ties nothing to one place', () => {
    expect(
      sentenceProblems(FAKE, [...HOLDING, check('a.wrong-way', { elsewhere: ['spec-1-rule'] })]),
    ).toEqual(['a.wrong-way holds spec-1-rule elsewhere, but it ties nothing to one place'])
  })

  it('fail a sentence marked untestable that a check holds all the same', () => {
    expect(
      sentenceProblems(FAKE, [...HOLDING, check('a.inner', { here: ['spec-3-inside'] })]),
    ).toEqual(['spec-3-inside is marked untestable, yet a.inner holds it'])
  })
})
