import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sentenceRows } from '../../src/judge/sentence-coverage.ts'
import { SENTENCES } from '../../src/spec/sentences.ts'
import { sentenceTable, withSentenceTable } from './sentence-table.ts'

const FILE = resolve(import.meta.dirname, '..', 'CATALOGUE.md')

describe('the generated table of sentences of conformance/CATALOGUE.md', () => {
  it('is the one the sentence list and the checks make (else run `npm run catalogue`)', () => {
    const text = readFileSync(FILE, 'utf8')
    expect(
      withSentenceTable(text) === text,
      'conformance/CATALOGUE.md is stale: run `npm run catalogue`',
    ).toBe(true)
  })

  it('has one row per sentence: the checks each way, an advisory check marked, an untestable sentence saying why', () => {
    const lines = sentenceTable().split('\n')
    expect(lines).toHaveLength(Object.keys(SENTENCES).length + 2)
    const deprecated = lines.find((line) => line.startsWith('| `spec-4.3-deprecated` |'))
    expect(deprecated).toContain('Only here: ')
    expect(deprecated).toContain('`get.deprecation-headers` (advisory)')
    expect(deprecated?.endsWith('| `deprecation.only-get-pet` |')).toBe(true)
    const version = lines.find((line) => line.startsWith('| `spec-9-version` |'))
    expect(version).toContain('untestable: ')
  })

  it('shows an empty row as empty, and is compared for real: a sentence added to the list makes the file stale', () => {
    const text = readFileSync(FILE, 'utf8')
    const rows = sentenceRows({
      ...SENTENCES,
      'spec-1-made-up': { where: '§1', text: 'A made-up rule.' },
    })
    const more = sentenceTable(rows)
    expect(more.split('\n').at(-1)).toBe('| `spec-1-made-up` | §1 | A made-up rule. |  | — |')
    expect(withSentenceTable(text, more)).not.toBe(text)
    expect(withSentenceTable(withSentenceTable(text, more))).toBe(withSentenceTable(text))
  })
})
