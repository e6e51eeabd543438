// Writes the licenses of the packages whose code a bundle holds, found in the
// bundle's output (rolldown's `moduleIds`), to a notices file beside it.
// Read by both bundling scripts (bundle-lib.js, bundle-bin.js).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * @param {Array<{ type: string; moduleIds?: Array<string> }>} outputs what `build()` returned as `output`
 * @param {string} file the notices file to write
 * @param {string} heading its first line: which files bundle these packages
 * @returns {Array<string>} the names of the bundled packages
 *
 * @example
 * writeThirdPartyNotices(bundle.output, 'dist/bin/THIRD-PARTY-NOTICES.txt', 'dist/bin/petstore-mock*.js')
 */
export function writeThirdPartyNotices(outputs, file, heading) {
  const packages = new Set()
  for (const output of outputs) {
    for (const id of output.type === 'chunk' ? (output.moduleIds ?? []) : []) {
      const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'))
      if (match?.[1]) packages.add(match[1])
    }
  }
  const names = new Set()
  const notices = [
    ...new Set(
      [...packages].map((directory) => {
        const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'))
        names.add(manifest.name)
        const license = readdirSync(directory).find((name) => /^(licen[cs]e|copying)/i.test(name))
        const text = license
          ? readFileSync(join(directory, license), 'utf8').trim()
          : `License: ${manifest.license}`
        return `${manifest.name}@${manifest.version} (${manifest.license})\n\n${text}\n`
      }),
    ),
  ].sort()
  writeFileSync(
    file,
    `${heading} bundle code of these packages:\n\n${notices.join(`\n${'-'.repeat(72)}\n\n`)}`,
  )
  return [...names].sort()
}
