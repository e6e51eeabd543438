import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The version of this package, from its package.json (found upwards from
 * this file, from the sources and from the build alike).
 *
 * @example
 * packageVersion() // '0.2.0'
 */
export function packageVersion(): string {
  let directory = import.meta.dirname
  for (let level = 0; level < 6; level++) {
    try {
      const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === 'petstore-mock' && manifest.version) return manifest.version
    } catch {
      // No package.json here: look one level up.
    }
    directory = dirname(directory)
  }
  return 'unknown'
}
