import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The fields of this package's package.json that the code reads.
 *
 * @example
 * const manifest: PackageManifest = { name: 'petstore-mock', version: '0.1.0', engines: { node: '>=22.19' } }
 */
export interface PackageManifest {
  name?: string
  version?: string
  engines?: { node?: string }
}

/**
 * This package's package.json (found upwards from this file, from the sources
 * and from the build alike), or `undefined` when none is found.
 *
 * @example
 * packageManifest()?.engines?.node // '>=22.19'
 */
export function packageManifest(): PackageManifest | undefined {
  return findPackage()?.manifest
}

/**
 * The folder of this package (where its package.json is), or `undefined`.
 *
 * @example
 * join(packageRoot() ?? '.', EXAMPLE_FIXTURES) // '/…/node_modules/petstore-mock/fixtures/example.json'
 */
export function packageRoot(): string | undefined {
  return findPackage()?.root
}

/**
 * The example fixtures file the package ships, from its root.
 *
 * @example
 * EXAMPLE_FIXTURES // 'fixtures/example.json'
 */
export const EXAMPLE_FIXTURES = 'fixtures/example.json'

let found: { found: { manifest: PackageManifest; root: string } | undefined } | undefined

function findPackage(): { manifest: PackageManifest; root: string } | undefined {
  // Read once: the start-up asks for it three times (the Node check, --version, the banner).
  found ??= { found: searchUpwards() }
  return found.found
}

function searchUpwards(): { manifest: PackageManifest; root: string } | undefined {
  let directory = import.meta.dirname
  for (let level = 0; level < 6; level++) {
    try {
      const manifest = JSON.parse(
        readFileSync(join(directory, 'package.json'), 'utf8'),
      ) as PackageManifest
      if (manifest.name === 'petstore-mock') return { manifest, root: directory }
    } catch {
      // No package.json here: look one level up.
    }
    directory = dirname(directory)
  }
  return undefined
}

/**
 * The version of this package, from its package.json.
 *
 * @example
 * packageVersion() // '0.1.0', the version in package.json
 */
export function packageVersion(): string {
  return packageManifest()?.version || 'unknown'
}
