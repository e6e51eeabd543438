// Writes the generated tables of every check and of every normative sentence
// into conformance/CATALOGUE.md, from the check definitions
// (src/judge/catalogue.ts) and the sentence list (src/spec/sentences.ts):
//   node scripts/write-catalogue.js   (npm run catalogue)
// conformance/reporters/catalogue-table.test.ts and sentence-table.test.ts fail when it is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { withCatalogueTable } from '../conformance/reporters/catalogue-table.ts'
import { withSentenceTable } from '../conformance/reporters/sentence-table.ts'

const file = resolve(import.meta.dirname, '..', 'conformance', 'CATALOGUE.md')
const before = readFileSync(file, 'utf8')
const after = withSentenceTable(withCatalogueTable(before))
if (after !== before) writeFileSync(file, after)
console.log(
  after === before ? 'conformance/CATALOGUE.md is up to date' : 'conformance/CATALOGUE.md written',
)
