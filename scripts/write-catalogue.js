// Writes the generated table of every check into conformance/CATALOGUE.md,
// from the check definitions (src/judge/catalogue.ts):
//   node scripts/write-catalogue.js   (npm run catalogue)
// conformance/reporters/catalogue-table.test.ts fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { withCatalogueTable } from '../conformance/reporters/catalogue-table.ts'

const file = resolve(import.meta.dirname, '..', 'conformance', 'CATALOGUE.md')
const before = readFileSync(file, 'utf8')
const after = withCatalogueTable(before)
if (after !== before) writeFileSync(file, after)
console.log(
  after === before ? 'conformance/CATALOGUE.md is up to date' : 'conformance/CATALOGUE.md written',
)
