import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../src/contract/catalogue.ts'

const here = new URL('.', import.meta.url)

describe('fault coverage', () => {
  it('every required check fails in some fault test against a server that breaks its rule', () => {
    const sources = readdirSync(here)
      .filter((name) => /^faults(-[a-z0-9-]+)?\.test\.ts$/.test(name))
      .map((name) => readFileSync(new URL(name, here), 'utf8'))
      .join('\n')
    // A fault test names the check it expects to fail: as a key of the
    // proxy's fault table (`'id': [`), in `fails: [...]`, or in toEqual([...]).
    const named = (id: string) =>
      sources.includes(`'${id}': [`) ||
      new RegExp(`fails: \\[[^\\]]*'${id.replace('.', '\\.')}'`).test(sources) ||
      new RegExp(`toEqual\\(\\['${id.replace('.', '\\.')}'\\]\\)`).test(sources)
    const uncovered = catalogue
      .filter((check) => check.level === 'required')
      .map((check) => check.id)
      .filter((id) => !named(id))
    expect(uncovered).toEqual([])
  })
})
