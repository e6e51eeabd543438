// Runs after `stryker run conformance/mutation/stryker.config.json` in
// `npm run mutation`: prints the kit's mutation
// score from Stryker's JSON report. A mutant counts as killed only when the
// kit's run reported it (Stryker's "Killed"); a timeout (the process hung
// before the kit could report) counts as survived. Mutants disabled in place
// with a `// Stryker disable` comment are the equivalent ones (the spec allows
// what they do) and are listed apart, with their reasons in the source.
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const report = JSON.parse(readFileSync(join(root, 'reports/mutation/mutation.json'), 'utf8'))
const counts = {}
const open = []
for (const [file, { mutants }] of Object.entries(report.files)) {
  for (const mutant of mutants) {
    counts[mutant.status] = (counts[mutant.status] ?? 0) + 1
    if (!['Killed', 'Ignored', 'CompileError'].includes(mutant.status)) {
      const { line, column } = mutant.location.start
      open.push(
        `  ${mutant.status} ${file}:${line}:${column} ${mutant.mutatorName} -> ${JSON.stringify(mutant.replacement).slice(0, 80)}`,
      )
    }
  }
}
const killed = counts.Killed ?? 0
const equivalent = counts.Ignored ?? 0
const counted =
  killed +
  (counts.Survived ?? 0) +
  (counts.NoCoverage ?? 0) +
  (counts.Timeout ?? 0) +
  (counts.RuntimeError ?? 0)
if (open.length) console.log(`Mutants the kit did not fail (${open.length}):\n${open.join('\n')}`)
console.log(
  `Kit mutation score: ${((100 * killed) / Math.max(1, counted)).toFixed(1)} % (${killed} of ${counted} non-equivalent mutants of the reference server killed; ${equivalent} marked equivalent in place; ${JSON.stringify(counts)})`,
)
