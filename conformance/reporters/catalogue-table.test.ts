import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../../src/judge/catalogue.ts'
import { catalogueTable, withCatalogueTable } from './catalogue-table.ts'

const FILE = resolve(import.meta.dirname, '..', 'CATALOGUE.md')

describe('the generated table of conformance/CATALOGUE.md', () => {
  it('is the one the check definitions make (else run `npm run catalogue`)', () => {
    const text = readFileSync(FILE, 'utf8')
    expect(
      withCatalogueTable(text) === text,
      'conformance/CATALOGUE.md is stale: run `npm run catalogue`',
    ).toBe(true)
  })

  it('has one row per check, naming its faults', () => {
    const lines = catalogueTable().split('\n')
    expect(lines).toHaveLength(catalogue.length + 2)
    const row = lines.find((line) => line.startsWith('| `auth.www-authenticate` |'))
    expect(row).toContain('`[basic-challenge]`')
    expect(row).toContain('every answer (the proxy too)')
  })

  it('is compared for real: a check added to the definitions makes the file stale', () => {
    const text = readFileSync(FILE, 'utf8')
    const [first] = catalogue
    if (!first) throw new Error('an empty catalogue')
    const more = catalogueTable([...catalogue, { ...first, id: 'made.up' }])
    expect(withCatalogueTable(text, more)).not.toBe(text)
    expect(withCatalogueTable(withCatalogueTable(text, more))).toBe(withCatalogueTable(text))
  })
})
